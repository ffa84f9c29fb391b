/**
 * The swap slice as the swap flows change it: every change re-derives the view (`deriveSwap`), and failures become
 * the slice's `SwapFailure`, with SPEC §8's texts (Send's where they are the same).
 * @module
 */
import { ChainError } from "../../errors/catalogue.ts"
import { errorCode, USER_REJECTED } from "../../rules/walletErrors.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { Store } from "../../state/Store.ts"
import type { SwapFailure, SwapFailureReason, SwapState } from "../../state/swap.ts"
import { messageOf } from "../send/errors.ts"
import { deriveSwap } from "./derive.ts"

/** The slice before anything is known (`startSwap` fills it). */
export const blankSwap: SwapState = {
  status: "loading",
  step: "form",
  tokens: [],
  from: undefined,
  to: undefined,
  amount: "",
  quoteStatus: "idle",
  toAmount: undefined,
  fromValueUsd: undefined,
  toValueUsd: undefined,
  rate: undefined,
  priceImpact: undefined,
  minimumReceived: undefined,
  fee: undefined,
  feeSymbol: undefined,
  feeUsd: undefined,
  needsApproval: false,
  problem: undefined,
  canPreview: false,
  error: undefined,
  quoteSeq: 0
}

/**
 * Applies `change` to the slice (nothing when there is none, or `change` answers `undefined`) and re-derives its view.
 * Returns the slice as it is afterwards.
 */
export const updateSwap = (
  store: Store<AirlockState>,
  change: (swap: SwapState, state: AirlockState) => SwapState | undefined
): SwapState | undefined => {
  store.update((state) => {
    if (state.swap === undefined) return state
    const next = change(state.swap, state)
    return next === undefined || next === state.swap ? state : { ...state, swap: deriveSwap(next, state) }
  })
  return store.getSnapshot().swap
}

/** A failure of one of the reasons without a wallet's words. */
export const swapFailure = (reason: SwapFailureReason): SwapFailure =>
  reason === "SwapsNotSupported" || reason === "GasPriceNotSupported"
    ? { name: "ChainError", reason, message: { id: `ChainError.${reason}` } }
    : reason === "Rejected"
      ? { name: "SwapError", reason, message: { id: "SendError.Rejected" } }
      : reason === "NotConnected"
        ? { name: "SwapError", reason, message: { id: "SendError.NotConnected" } }
        : reason === "NetworkChanged"
          ? { name: "SwapError", reason, message: { id: "swap.networkChanged" } }
          : { name: "SwapError", reason, message: { id: "SendError.Failed", params: { message: "The swap failed" } } }

/**
 * Any error of a swap step as the slice keeps it: the API's 'Network not supported for …', the user's refusal in the
 * wallet (EIP-1193 4001: 'Transaction rejected in the wallet'), else the wallet's or the chain's own first line (a
 * reverted transaction: 'The transaction failed on chain').
 */
export const swapFailureOf = (error: unknown): SwapFailure => {
  if (
    error instanceof ChainError &&
    (error.reason === "SwapsNotSupported" || error.reason === "GasPriceNotSupported")
  ) {
    return swapFailure(error.reason)
  }
  if (errorCode(error) === USER_REJECTED) return swapFailure("Rejected")
  return {
    name: "SwapError",
    reason: "Failed",
    message: { id: "SendError.Failed", params: { message: messageOf(error) } }
  }
}
