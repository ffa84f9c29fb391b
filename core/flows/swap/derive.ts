/**
 * The Swap view derived from the swap slice's own facts (the network's swap list, prices, the form, the quote's base
 * units, the preview's fee) and the account's token list: balances, values in USD, rate, price impact, minimum
 * received, what the form lacks. Amounts are decimal strings turned into base units with BigInt, never floats.
 * @module
 */
import { nativeTokenAddress } from "../../networks/constants.ts"
import { formatSendFee } from "../../resources/send.ts"
import { selectTokens } from "../../resources/tokens.ts"
import { fromBaseUnits, sendValueInUsd, toBaseUnits } from "../../rules/send.ts"
import type { SwapToken } from "../../schema/api/convert.ts"
import type { TokenBalance } from "../../schema/token.ts"
import { swapSlippageTolerance } from "../../services/blockchainApiShape.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { SwapProblem, SwapState, SwapTokenView } from "../../state/swap.ts"

/** An address's last part (`eip155:1:0xabc` → `0xabc`), lower case. */
export const plainAddress = (address: string): string => (address.split(":").at(-1) ?? address).toLowerCase()

/** Whether a swap token is the network's native coin (`0xeeee…eeee`). */
export const isNativeSwapToken = (token: { readonly address: string }): boolean =>
  plainAddress(token.address) === nativeTokenAddress

const holdingOf = (token: SwapToken, holdings: ReadonlyArray<TokenBalance>): TokenBalance | undefined =>
  isNativeSwapToken(token)
    ? holdings.find((h) => h.address === undefined || plainAddress(h.address) === nativeTokenAddress)
    : holdings.find((h) => h.address !== undefined && plainAddress(h.address) === plainAddress(token.address))

/** The list with balances and prices, those held first (the most valuable first), then in the list's order. */
export const swapTokenViews = (
  list: ReadonlyArray<SwapToken>,
  holdings: ReadonlyArray<TokenBalance>,
  prices: Readonly<Record<string, number>>
): ReadonlyArray<SwapTokenView> => {
  const views = list.map((token, index) => {
    const held = holdingOf(token, holdings)
    const price = held?.price ?? prices[token.symbol.toUpperCase()]
    const view: SwapTokenView = {
      name: token.name,
      symbol: token.symbol,
      address: token.address,
      decimals: token.decimals,
      ...(token.logoUri == null ? {} : { logoUri: token.logoUri }),
      native: isNativeSwapToken(token),
      balance: held?.quantity.numeric ?? "0",
      ...(price === undefined ? {} : { price })
    }
    const units = toBaseUnits(view.balance, token.decimals) ?? 0n
    return { view, index, held: units > 0n, value: held?.value ?? 0 }
  })
  return views
    .sort((a, b) =>
      a.held === b.held ? (a.held ? b.value - a.value || a.index - b.index : a.index - b.index) : a.held ? -1 : 1
    )
    .map((entry) => entry.view)
}

/** The least the swap gives at SPEC §9's slippage tolerance (1 %): `out` × (1 − 1 %), floored. */
export const minimumOut = (out: bigint): bigint =>
  (out * BigInt(10_000 - Math.round(swapSlippageTolerance * 100))) / 10_000n

/** How many `to` one `from` gives, to 6 places at most (truncated): the quote's base units over the amount's. */
export const swapRate = (
  amountIn: bigint,
  out: bigint,
  fromDecimals: number,
  toDecimals: number
): string | undefined => {
  if (amountIn <= 0n) return undefined
  const scaled = (out * 10n ** BigInt(fromDecimals) * 10n ** 6n) / (amountIn * 10n ** BigInt(toDecimals))
  return fromBaseUnits(scaled, 6)
}

const isZero = (amount: string) => /^0*\.?0*$/.test(amount)

/** The swap slice with its view recomputed from its facts and the state (balances, locale, native coin). */
export const deriveSwap = (swap: SwapState, state: AirlockState): SwapState => {
  const network = state.activeNetworks.eip155
  const holdings = selectTokens(state, "eip155").tokens
  const locale = state.i18n.locale
  const tokens = swapTokenViews(swap.list ?? [], holdings, swap.prices ?? {})
  const from = tokens.find((t) => t.address === swap.fromKey)
  const to = tokens.find((t) => t.address === swap.toKey)
  const amount = swap.amount.trim()
  const amountIn = from === undefined ? undefined : toBaseUnits(amount, from.decimals)
  const balance = from === undefined ? 0n : (toBaseUnits(from.balance, from.decimals) ?? 0n)
  const out = swap.quoteOut === undefined ? undefined : BigInt(swap.quoteOut)
  const quoted = swap.quoteStatus === "success"
  const problem: SwapProblem | undefined =
    from === undefined || to === undefined
      ? "selectToken"
      : amount === "" || isZero(amount)
        ? "enterAmount"
        : amountIn === undefined
          ? "invalidAmount"
          : amountIn > balance
            ? "insufficientBalance"
            : quoted && (out === undefined || out <= 0n)
              ? "insufficientLiquidity"
              : undefined
  const toAmount = out === undefined || to === undefined || !quoted ? undefined : fromBaseUnits(out, to.decimals)
  const fromUsd = from?.price === undefined || amount === "" ? undefined : sendValueInUsd(amount, from.price, locale)
  const toUsd =
    toAmount === undefined || to?.price === undefined ? undefined : sendValueInUsd(toAmount, to.price, locale)
  const impact =
    toAmount !== undefined && from?.price !== undefined && to?.price !== undefined && Number(amount) > 0
      ? (1 - (Number(toAmount) * to.price) / (Number(amount) * from.price)) * 100
      : undefined
  const native = tokens.find((t) => t.native)
  const fee =
    swap.feeWei === undefined ? undefined : fromBaseUnits(BigInt(swap.feeWei), network?.nativeCurrency.decimals ?? 18)
  return {
    ...swap,
    caipNetworkId: network?.caipNetworkId,
    tokens,
    from,
    to,
    problem,
    toAmount,
    fromValueUsd: fromUsd,
    toValueUsd: toUsd,
    rate:
      out === undefined || amountIn === undefined || from === undefined || to === undefined || !quoted
        ? undefined
        : swapRate(amountIn, out, from.decimals, to.decimals),
    priceImpact:
      impact === undefined || !Number.isFinite(impact) ? undefined : Math.max(0, Math.round(impact * 100) / 100),
    minimumReceived:
      out === undefined || to === undefined || !quoted || out <= 0n
        ? undefined
        : fromBaseUnits(minimumOut(out), to.decimals),
    fee: fee === undefined ? undefined : formatSendFee(fee, locale),
    feeSymbol: network?.nativeCurrency.symbol,
    feeUsd: fee === undefined || native?.price === undefined ? undefined : sendValueInUsd(fee, native.price, locale),
    canPreview: swap.status === "ready" && swap.step === "form" && problem === undefined && quoted
  }
}
