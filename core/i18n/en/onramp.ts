/**
 * The English texts of the onramp views (Buy Crypto's form, the provider list, the buy in progress) and the Account
 * view's Buy button.
 * @module
 */
export const onrampMessages = {
  "onramp.buy": "Buy",
  "onramp.youBuy": "You buy",
  "onramp.youPay": "You pay",
  "onramp.payWith": "Pay with",
  "onramp.paymentMethod": "Payment method",
  "onramp.methodCard": "Card",
  "onramp.methodBank": "Bank account",
  "onramp.limits": "{min} to {max} {currency}",
  "onramp.youGet": "You get {amount} {symbol}",
  "onramp.fees": "Fees",
  "onramp.networkFee": "Network fee",
  "onramp.total": "Total",
  "onramp.fetchingQuote": "Getting a quote…",
  "onramp.enterAmount": "Enter amount",
  "onramp.belowMinimum": "The minimum is {amount} {currency}",
  "onramp.aboveMaximum": "The maximum is {amount} {currency}",
  "onramp.noCurrency": "Nothing can be bought on this network",
  "onramp.unsupported": "Buying crypto is not available on this network",
  "onramp.continue": "Continue",
  "onramp.providerHint": "{amount} {currency} for {symbol} on {network}",
  "onramp.openFailed": "The provider page could not be opened",
  "onramp.waiting": "Complete the purchase in the {provider} window",
  "onramp.processing": "Payment received: sending your {symbol}",
  "onramp.success": "Bought {amount} {symbol}",
  "onramp.failed": "The purchase failed",
  "onramp.cancelled": "The purchase was cancelled: nothing was charged",
  "onramp.timeout": "No answer from the provider yet: check your balance later",
  "onramp.done": "Done",
  "onramp.tryAgain": "Try again"
} as const
