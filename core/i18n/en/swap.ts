/**
 * The English texts of the Swap view (its form, token picker and preview). It shares Send's where they are the same
 * (`send.max`, `send.balance`, `send.searchTokens`, `send.confirmInWallet`, `send.edit`, …), and its failures are
 * SPEC §8's `ChainError.*` and Send's `SendError.*` texts.
 * @module
 */
export const swapMessages = {
  "swap.youPay": "You pay",
  "swap.youReceive": "You receive",
  "swap.flip": "Switch tokens",
  "swap.fetchingQuote": "Getting a quote…",
  "swap.enterAmount": "Enter amount",
  "swap.insufficientLiquidity": "Insufficient liquidity",
  "swap.review": "Review swap",
  "swap.rate": "1 {from} = {rate} {to}",
  "swap.rateLabel": "Rate",
  "swap.priceImpact": "Price impact",
  "swap.percent": "{value} %",
  "swap.networkFee": "Network fee",
  "swap.minimumReceived": "Minimum received",
  "swap.approveHint": "Approve {symbol} first, then swap: your wallet asks twice.",
  "swap.approve": "Approve {symbol}",
  "swap.approving": "Approving…",
  "swap.swap": "Swap",
  "swap.swapping": "Swapping…",
  "swap.swapped": "Swapped {fromAmount} {fromSymbol} for {toAmount} {toSymbol}",
  "swap.networkChanged": "The network changed: review the swap again"
} as const
