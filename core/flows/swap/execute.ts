import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { Adapters } from "../../adapter/Adapters.ts"
import { goBack } from "../../router/navigation.ts"
import { flashSnack } from "../../router/timings.ts"
import type { BuildApproveResponse, BuildTransactionResponse } from "../../schema/api/convert.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { Options } from "../../services/Options.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { routerContext } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"
import { cell } from "../../state/Store.ts"
import type { SwapState, SwapTransaction } from "../../state/swap.ts"
import { fetchActivity } from "../account/activity.ts"
import { refreshBalance } from "../account/balance.ts"
import { request } from "../connection/request.ts"
import { isSmartAccount, track } from "../events/track.ts"
import { settleNavigation } from "../modal/settle.ts"
import { amountToQuote, userCaipAddress } from "./quote.ts"
import { swapFailure, swapFailureOf, updateSwap } from "./slice.ts"

const quantity = (value: string | number): bigint => {
  const text = String(value)
  return /^\d{1,78}$/.test(text) ? BigInt(text) : /^0x[0-9a-f]{1,64}$/i.test(text) ? BigInt(text) : 0n
}
const hex = (value: bigint) => `0x${value.toString(16)}`

/** The properties of the swap events (AppKit's): the tokens and amounts on the preview, the network, the account kind. */
const swapEventOf = (swap: SwapState, state: AirlockState) => ({
  network: swap.caipNetworkId,
  isSmartAccount: isSmartAccount(state, "eip155"),
  swapFromToken: swap.from?.symbol,
  swapToToken: swap.to?.symbol,
  swapFromAmount: swap.amount,
  swapToAmount: swap.toAmount
})

/** A built transaction as the wallet gets it: sent from the connected account, to the API's plain address. */
const walletTransaction = (
  tx: BuildApproveResponse["tx"] | BuildTransactionResponse["tx"],
  from: string,
  value: bigint
): SwapTransaction => {
  const gas = quantity(tx.eip155.gas)
  return {
    from,
    to: tx.to.split(":").at(-1) ?? tx.to,
    data: tx.data,
    value: hex(value),
    ...(gas > 0n ? { gas: hex(gas) } : {})
  }
}
const feeOf = (tx: BuildApproveResponse["tx"] | BuildTransactionResponse["tx"]) =>
  quantity(tx.eip155.gas) * quantity(tx.eip155.gasPrice)

/** Builds the swap transaction of the form (without a gas estimate while the allowance is short). */
const buildSwap = (swap: SwapState, userAddress: string, from: string, estimate: boolean) =>
  Effect.gen(function* () {
    const amount = amountToQuote(swap) ?? 0n
    const built = yield* (yield* BlockchainApi).buildSwapTransaction({
      amount: amount.toString(),
      from: swap.from?.address ?? "",
      to: swap.to?.address ?? "",
      userAddress,
      ...(estimate ? {} : { disableEstimate: true })
    })
    // The native coin goes with the call; an ERC-20 is taken by the router under its allowance.
    return { tx: walletTransaction(built.tx, from, swap.from?.native ? amount : 0n), fee: feeOf(built.tx) }
  })

/**
 * Review: the router's allowance is checked (an ERC-20 from token), the approval built when it is short, then the
 * swap; step `preparing`, then `preview` with the network fee of both (gas × gas price). A failure ('Network not
 * supported for Swaps') returns to the form with its error; an answer for a form changed meanwhile is dropped.
 */
export const previewSwap = Effect.gen(function* () {
  const store = yield* StateStore
  const swap = store.getSnapshot().swap
  const address = store.getSnapshot().accounts.eip155.address
  const userAddress = swap === undefined ? undefined : userCaipAddress(swap, address)
  const amount = swap === undefined ? undefined : amountToQuote(swap)
  if (
    swap === undefined ||
    !swap.canPreview ||
    userAddress === undefined ||
    address === undefined ||
    amount === undefined
  ) {
    return
  }
  const from = swap.from
  const to = swap.to
  if (from === undefined || to === undefined) return
  updateSwap(store, (s) => ({ ...s, step: "preparing", error: undefined }))
  const api = yield* BlockchainApi
  const built = yield* Effect.gen(function* () {
    const allowance = from.native
      ? undefined
      : quantity((yield* api.getSwapAllowance({ tokenAddress: from.address, userAddress })).allowance)
    const short = allowance !== undefined && allowance < amount
    const approval = short
      ? (yield* api.buildApproveTransaction({ userAddress, from: from.address, to: to.address })).tx
      : undefined
    const swapped = yield* buildSwap(swap, userAddress, address, !short)
    return {
      needsApproval: short,
      approveTx: approval === undefined ? undefined : walletTransaction(approval, address, 0n),
      swapTx: swapped.tx,
      feeWei: ((approval === undefined ? 0n : feeOf(approval)) + swapped.fee).toString()
    }
  }).pipe(Effect.result)
  updateSwap(store, (s) => {
    if (s.step !== "preparing" || s.quoteSeq !== swap.quoteSeq) return undefined
    return Result.isSuccess(built)
      ? { ...s, step: "preview", ...built.success }
      : { ...s, step: "form", error: swapFailureOf(built.failure) }
  })
})

/** Sends one transaction through the connected wallet (as Send does) and waits until it is final. */
const sendTransaction = (tx: SwapTransaction) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const network = store.getSnapshot().activeNetworks.eip155
    // The preview the user confirmed is the approval: an embedded wallet does not ask again.
    const result = yield* request({ method: "eth_sendTransaction", params: [{ ...tx }] }, "eip155", { approved: true })
    const confirm = (yield* (yield* Adapters).load("eip155"))?.confirmTransfer
    if (confirm === undefined || network === undefined) return String(result)
    return yield* Effect.tryPromise({ try: () => confirm({ result, network }), catch: (error) => error })
  })

/** The preview's network unchanged, else the form with 'The network changed'. */
const sameNetwork = (swap: SwapState) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    if (store.getSnapshot().activeNetworks.eip155?.caipNetworkId === swap.caipNetworkId) return true
    updateSwap(store, (s) => ({ ...s, step: "form", error: swapFailure("NetworkChanged") }))
    return false
  })

/**
 * Approve (the preview's first step when the allowance is short): the approval goes to the wallet (`approving`) and is
 * waited for; then the swap is built again with its gas estimate, and the preview offers Swap. Refused or failed
 * ('Transaction rejected in the wallet', a reverted approval), the preview shows again with the error.
 */
export const approveSwap = Effect.gen(function* () {
  const store = yield* StateStore
  const swap = store.getSnapshot().swap
  const address = store.getSnapshot().accounts.eip155.address
  const approval = swap?.approveTx
  if (swap?.step !== "preview" || !swap.needsApproval || approval === undefined || address === undefined) return
  if (!(yield* sameNetwork(swap))) return
  updateSwap(store, (s) => ({ ...s, step: "approving", error: undefined }))
  const approved = yield* sendTransaction(approval).pipe(Effect.result)
  const current = (s: SwapState) => s.step === "approving" && s.approveTx === approval
  if (Result.isFailure(approved)) {
    const error = swapFailureOf(approved.failure)
    updateSwap(store, (s) => (current(s) ? { ...s, step: "preview", error } : undefined))
    yield* track("SWAP_APPROVAL_ERROR", { ...swapEventOf(swap, store.getSnapshot()), message: error.reason })
    return
  }
  yield* track("SWAP_APPROVE_SUCCESS", swapEventOf(swap, store.getSnapshot()))
  const userAddress = userCaipAddress(swap, address) ?? ""
  const rebuilt = yield* buildSwap(swap, userAddress, address, true).pipe(Effect.result)
  updateSwap(store, (s) =>
    current(s)
      ? Result.isSuccess(rebuilt)
        ? {
            ...s,
            step: "preview",
            needsApproval: false,
            approveTx: undefined,
            swapTx: rebuilt.success.tx,
            feeWei: rebuilt.success.fee.toString()
          }
        : { ...s, step: "preview", needsApproval: false, approveTx: undefined, error: swapFailureOf(rebuilt.failure) }
      : undefined
  )
})

/**
 * Swap: the built swap goes to the wallet (`swapping`) and is waited for; then the balances and the history are
 * fetched again, the 'Swapped …' snack shows and the modal goes back from Swap (to Account), the swap forgotten.
 * Refused or failed ('Transaction rejected in the wallet', 'The transaction failed on chain'), the preview shows
 * again with the error, the form as it was.
 */
export const executeSwap = Effect.gen(function* () {
  const store = yield* StateStore
  const swap = store.getSnapshot().swap
  const tx = swap?.swapTx
  if (swap?.step !== "preview" || swap.needsApproval || tx === undefined) return
  if (!(yield* sameNetwork(swap))) return
  updateSwap(store, (s) => ({ ...s, step: "swapping", error: undefined }))
  const properties = swapEventOf(swap, store.getSnapshot())
  yield* track("INITIATE_SWAP", properties)
  const sent = yield* sendTransaction(tx).pipe(Effect.result)
  const current = (s: SwapState) => s.step === "swapping" && s.swapTx === tx
  if (Result.isFailure(sent)) {
    const error = swapFailureOf(sent.failure)
    updateSwap(store, (s) => (current(s) ? { ...s, step: "preview", error } : undefined))
    yield* track("SWAP_ERROR", { ...properties, message: error.reason })
    return
  }
  yield* track("SWAP_SUCCESS", properties)
  yield* refreshBalance("eip155", { force: true })
  yield* fetchActivity("eip155", { force: true })
  yield* forkInClient(
    flashSnack(cell(store, "snack"), {
      message: {
        id: "swap.swapped",
        params: {
          fromAmount: swap.amount,
          fromSymbol: swap.from?.symbol ?? "",
          toAmount: swap.toAmount ?? "",
          toSymbol: swap.to?.symbol ?? ""
        }
      },
      variant: "success"
    })
  )
  const now = store.getSnapshot()
  if (now.swap === undefined || !current(now.swap)) return
  const options = yield* Options
  const left = now.modal.open && now.modal.view === "Swap" ? goBack(now.modal, routerContext(now, options)) : undefined
  store.update((s) => ({ ...s, swap: undefined, ...(left === undefined ? {} : { modal: left.state }) }))
  if (left !== undefined && (left.effects.length > 0 || !left.state.open)) yield* settleNavigation(left, true)
})
