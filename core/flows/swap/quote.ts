import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { toBaseUnits } from "../../rules/send.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import type { SwapState } from "../../state/swap.ts"
import { swapFailureOf, updateSwap } from "./slice.ts"

/**
 * How long the amount must stay unchanged before its quote is asked (ms): typing "1.25" asks once, for 1.25. The same
 * pause as a wallet search's (SPEC §9's 300 ms).
 */
export const SWAP_QUOTE_DEBOUNCE_MS = 300

/** The amount in the from token's base units, when it is one above zero and both tokens are chosen. */
export const amountToQuote = (swap: SwapState): bigint | undefined => {
  if (swap.from === undefined || swap.to === undefined || swap.status !== "ready") return undefined
  const units = toBaseUnits(swap.amount.trim(), swap.from.decimals)
  return units !== undefined && units > 0n ? units : undefined
}

/** The CAIP-10 address of the connected EVM account on its active network. */
export const userCaipAddress = (swap: SwapState, address: string | undefined): string | undefined =>
  swap.caipNetworkId === undefined || address === undefined ? undefined : `${swap.caipNetworkId}:${address}`

/**
 * Fetches quote number `seq` once the amount has stayed for {@link SWAP_QUOTE_DEBOUNCE_MS}: the gas price, then the
 * quote at it. An answer for an older quote than the slice's last is dropped, however late it comes.
 */
const fetchQuote = (seq: number) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    yield* Effect.sleep(`${SWAP_QUOTE_DEBOUNCE_MS} millis`)
    const swap = store.getSnapshot().swap
    if (swap === undefined || swap.quoteSeq !== seq) return
    const amount = amountToQuote(swap)
    const userAddress = userCaipAddress(swap, store.getSnapshot().accounts.eip155.address)
    if (amount === undefined || userAddress === undefined || swap.caipNetworkId === undefined) return
    const api = yield* BlockchainApi
    const current = (s: SwapState) => (s.quoteSeq === seq ? s : undefined)
    const failed = (error: unknown) =>
      updateSwap(store, (s) => current(s) && { ...s, quoteStatus: "error", error: swapFailureOf(error) })
    const gas = yield* api.getGasPrice({ chainId: swap.caipNetworkId }).pipe(Effect.result)
    if (Result.isFailure(gas)) return void failed(gas.failure)
    const answer = yield* api
      .getSwapQuote({
        amount: amount.toString(),
        userAddress,
        from: swap.from?.address ?? "",
        to: swap.to?.address ?? "",
        gasPrice: gas.success.standard
      })
      .pipe(Effect.result)
    if (Result.isFailure(answer)) return void failed(answer.failure)
    const out = answer.success.quotes[0]?.toAmount
    updateSwap(
      store,
      (s) =>
        current(s) && {
          ...s,
          quoteStatus: "success",
          // No quote, or an answer that is no amount: no route for this amount (insufficient liquidity).
          quoteOut: out !== undefined && /^\d{1,78}$/.test(out) ? out : undefined,
          gasPrice: gas.success.standard,
          error: undefined
        }
    )
  })

/**
 * Asks a new quote for the form as it is now: `pending` (fetched after the debounce) when the amount is above zero
 * and both tokens are chosen, else `idle` with no quote. Any older quote on its way is dropped.
 */
export const requestQuote = Effect.gen(function* () {
  const store = yield* StateStore
  const after = updateSwap(store, (swap) => ({
    ...swap,
    quoteSeq: swap.quoteSeq + 1,
    quoteOut: undefined,
    quoteStatus: amountToQuote(swap) === undefined ? "idle" : "pending"
  }))
  if (after?.quoteStatus === "pending") yield* forkInClient(fetchQuote(after.quoteSeq))
})
