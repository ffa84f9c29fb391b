import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { fromBaseUnits, toBaseUnits } from "../../rules/send.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import type { SwapState } from "../../state/swap.ts"
import { requestQuote } from "./quote.ts"
import { swapFailureOf, updateSwap } from "./slice.ts"

/**
 * Gas kept back by Max on the native coin, in gas units at the standard gas price: an approval and a swap cost less
 * than this on every chain of SPEC §9's list (a Uniswap V2 swap ~150k, an approval ~50k).
 */
export const SWAP_MAX_GAS_RESERVE = 300_000n

/** The slice with the form changed: back on the form, no error, no preview. Ignored while the wallet has a swap. */
const edited = (swap: SwapState, change: Partial<SwapState>): SwapState | undefined =>
  swap.step === "approving" || swap.step === "swapping"
    ? undefined
    : {
        ...swap,
        ...change,
        step: "form",
        error: undefined,
        needsApproval: false,
        approveTx: undefined,
        swapTx: undefined,
        feeWei: undefined
      }

/** Applies a form change, then asks the quote of the form as it is. */
const editForm = (change: (swap: SwapState) => Partial<SwapState> | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const before = store.getSnapshot().swap
    const after = updateSwap(store, (swap) => {
      const partial = change(swap)
      return partial === undefined ? undefined : edited(swap, partial)
    })
    if (after !== before) yield* requestQuote
  })

/** Sets the amount to swap, as typed; a decimal comma is read as a point. */
export const setSwapAmount = (amount: string) =>
  editForm((swap) => {
    const next = amount.replace(",", ".")
    return next === swap.amount && swap.error === undefined ? undefined : { amount: next }
  })

/**
 * Chooses the tokens, by CAIP-10 address (either may be left out). Choosing the other side's token swaps the two, so
 * the form never swaps a token for itself.
 */
export const setSwapTokens = (tokens: { readonly from?: string | undefined; readonly to?: string | undefined }) =>
  editForm((swap) => {
    const known = (key: string | undefined) => key !== undefined && swap.tokens.some((t) => t.address === key)
    let fromKey = known(tokens.from) ? tokens.from : swap.fromKey
    let toKey = known(tokens.to) ? tokens.to : swap.toKey
    if (fromKey === toKey) {
      if (tokens.from !== undefined && known(tokens.from)) toKey = swap.fromKey
      else fromKey = swap.toKey
    }
    return fromKey === swap.fromKey && toKey === swap.toKey ? undefined : { fromKey, toKey }
  })

/** Flips the two tokens; what the quote gave becomes the amount to swap. */
export const flipSwap = editForm((swap) => ({
  fromKey: swap.toKey,
  toKey: swap.fromKey,
  amount: swap.toAmount ?? swap.amount
}))

/**
 * Max: the whole balance of the from token; the native coin keeps back the gas of an approval and a swap
 * ({@link SWAP_MAX_GAS_RESERVE} at the standard gas price), never below 0. Without a gas price the error shows and the
 * amount stays.
 */
export const swapMax = Effect.gen(function* () {
  const store = yield* StateStore
  const swap = store.getSnapshot().swap
  const from = swap?.from
  if (swap === undefined || from === undefined || swap.caipNetworkId === undefined) return
  const balance = toBaseUnits(from.balance, from.decimals) ?? 0n
  if (!from.native) return yield* setSwapAmount(from.balance)
  const gas = yield* (yield* BlockchainApi).getGasPrice({ chainId: swap.caipNetworkId }).pipe(Effect.result)
  if (Result.isFailure(gas)) {
    updateSwap(store, (s) => ({ ...s, error: swapFailureOf(gas.failure) }))
    return
  }
  const reserve = BigInt(/^\d+$/.test(gas.success.standard) ? gas.success.standard : "0") * SWAP_MAX_GAS_RESERVE
  const rest = balance - reserve
  return yield* setSwapAmount(fromBaseUnits(rest > 0n ? rest : 0n, from.decimals))
})

/** From the preview back to the form, which keeps its tokens, amount and quote. */
export const editSwap = Effect.gen(function* () {
  const store = yield* StateStore
  updateSwap(store, (swap) => (swap.step === "preview" ? (edited(swap, {}) as SwapState) : undefined))
})

/** Forgets the swap (the slice goes; `startSwap` begins again). */
export const resetSwap = Effect.gen(function* () {
  const store = yield* StateStore
  store.update((state) => (state.swap === undefined ? state : { ...state, swap: undefined }))
})
