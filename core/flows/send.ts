/**
 * Send (SPEC §3 send state, §5, §8): a checked form becomes a preview (the receiver's address resolved from a name,
 * the network fee from the chain, the request that sends it), and a confirmed preview is signed through whichever
 * connection serves the namespace, waited on until final, then the balances and history are fetched again. Loaded
 * on the first preview only.
 */
import * as Effect from "effect/Effect"
import { Adapters } from "../adapter/Adapters.ts"
import { SendError } from "../errors/catalogue.ts"
import {
  checkSendForm,
  fromBaseUnits,
  isReceiverName,
  type SendForm,
  type SendPreview,
  sendMessages,
  sendValueInUsd,
  toBaseUnits
} from "../rules/send.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { TokenBalance } from "../schema/token.ts"
import { BlockchainApi } from "../services/BlockchainApi.ts"
import { StateStore } from "../state/StateStore.ts"
import { fetchActivity } from "./activity.ts"
import { refreshBalance } from "./balance.ts"
import { request } from "./connection.ts"
import { errorCode, USER_REJECTED } from "./walletErrors.ts"

const invalid = (message: string) =>
  message === sendMessages.amountAndReceiver
    ? new SendError({ reason: "AmountAndReceiverRequired" })
    : message === sendMessages.token
      ? new SendError({ reason: "TokenRequired" })
      : new SendError({ reason: "Invalid", params: { message } })
const failed = (message: string) => new SendError({ reason: "Failed", params: { message } })

const messageOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error)
  // The first line only: viem and kit append details meant for developers.
  return text.split("\n")[0]?.slice(0, 200) || "The transfer failed"
}

/** The address a name points to on `namespace`'s chains (coin type 60 for EVM, 501 for Solana). */
const resolveName = (name: string, namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const record = yield* (yield* BlockchainApi)
      .lookupName(name)
      .pipe(Effect.mapError(() => invalid(`Could not resolve ${name}`)))
    const entry = record?.addresses[namespace === "solana" ? "501" : "60"]
    if (entry === undefined)
      return yield* invalid(`${name} has no ${namespace === "solana" ? "Solana" : "EVM"} address`)
    const attributes = record?.attributes
    const avatar = Array.isArray(attributes)
      ? (attributes as ReadonlyArray<Readonly<Record<string, string>>>).find((a) => a.avatar !== undefined)?.avatar
      : (attributes as Readonly<Record<string, string>> | undefined)?.avatar
    return { address: entry.address, avatar }
  })

/**
 * Checks `form` and prepares the transfer of the namespace's connected account on its active network. Fails with a
 * {@link SendError} whose message the form shows.
 */
export const prepareSend = (form: Omit<SendForm, "namespace"> & { readonly namespace?: ChainNamespace | undefined }) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const state = store.getSnapshot()
    const namespace = form.namespace ?? state.activeNamespace ?? "eip155"
    const account = state.accounts[namespace]
    const network = state.activeNetworks[namespace]
    if (account.status !== "connected" || account.address === undefined || network === undefined) {
      return yield* invalid("Connect a wallet first")
    }
    const check = checkSendForm({ ...form, namespace })
    if (!check.ok) return yield* invalid(check.message)
    const token = form.token as TokenBalance
    const receiver = form.receiver.trim()
    const named = isReceiverName(receiver) ? yield* resolveName(receiver, namespace) : undefined
    const to = named?.address ?? receiver
    const implementation = yield* (yield* Adapters).load(namespace)
    const prepare = implementation?.prepareTransfer
    if (prepare === undefined) return yield* invalid(`Sending is not supported on ${network.name}`)
    const prepared = yield* Effect.tryPromise({
      try: () =>
        prepare({
          from: account.address as string,
          to,
          amount: check.baseUnits,
          ...(token.address === undefined ? {} : { token: { address: token.address, decimals: check.decimals } }),
          network
        }),
      catch: (error) => invalid(messageOf(error))
    })
    // The native coin pays the fee: the amount and the fee together must fit in the balance.
    const nativeDecimals = network.nativeCurrency.decimals
    if (token.address === undefined) {
      const balance = toBaseUnits(token.quantity.numeric, check.decimals) ?? 0n
      if (check.baseUnits + prepared.fee > balance) {
        return yield* invalid("Insufficient balance for the amount and the network fee")
      }
    }
    const amount = fromBaseUnits(check.baseUnits, check.decimals)
    const preview: SendPreview = {
      namespace,
      caipNetworkId: network.caipNetworkId,
      from: account.address,
      to,
      ...(named === undefined ? {} : { receiverProfileName: receiver }),
      ...(named?.avatar === undefined ? {} : { receiverProfileImageUrl: named.avatar }),
      token,
      amount,
      valueInUsd: sendValueInUsd(amount, token.price),
      fee: fromBaseUnits(prepared.fee, nativeDecimals),
      feeSymbol: network.nativeCurrency.symbol,
      request: { method: prepared.method, params: prepared.params }
    }
    return preview
  })

/**
 * Sends a prepared transfer through the namespace's connection, waits until it is final, then refetches the
 * balances and the history (forced: the API's caches are skipped). Resolves the transaction hash or signature.
 */
export const executeSend = (preview: SendPreview) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const network = store.getSnapshot().activeNetworks[preview.namespace]
    if (network?.caipNetworkId !== preview.caipNetworkId) {
      return yield* invalid("The network changed: prepare the transfer again")
    }
    // The preview the user confirmed is the approval: an embedded wallet does not ask again.
    const result = yield* request(preview.request, preview.namespace, { approved: true }).pipe(
      Effect.mapError((error) =>
        errorCode(error) === USER_REJECTED ? new SendError({ reason: "Rejected" }) : failed(messageOf(error))
      )
    )
    const implementation = yield* (yield* Adapters).load(preview.namespace)
    const confirm = implementation?.confirmTransfer
    const hash =
      confirm === undefined
        ? String(result)
        : yield* Effect.tryPromise({
            try: () => confirm({ result, network }),
            catch: (error) => failed(messageOf(error))
          })
    yield* refreshBalance(preview.namespace, { force: true })
    yield* fetchActivity(preview.namespace, { force: true })
    return { hash }
  })
