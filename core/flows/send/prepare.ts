import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { SendError } from "../../errors/catalogue.ts"
import {
  checkSendForm,
  fromBaseUnits,
  isReceiverName,
  type SendForm,
  type SendPreview,
  sendValueInUsd,
  toBaseUnits
} from "../../rules/send.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { TokenBalance } from "../../schema/token.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import { invalid, messageOf } from "./errors.ts"

/** The address a name points to on `namespace`'s chains (coin type 60 for EVM, 501 for Solana). */
const resolveName = (name: string, namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const record = yield* (yield* BlockchainApi)
      .lookupName(name)
      .pipe(Effect.mapError(() => new SendError({ reason: "NameNotResolved", params: { name } })))
    // No record (an unknown name, or an API that cannot resolve names on this network): never a valid receiver.
    if (record === undefined) return yield* new SendError({ reason: "NameNotResolved", params: { name } })
    const entry = record.addresses[namespace === "solana" ? "501" : "60"]
    if (entry === undefined)
      return yield* new SendError({
        reason: namespace === "solana" ? "NameWithoutSolanaAddress" : "NameWithoutEvmAddress",
        params: { name }
      })
    const attributes = record.attributes
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
      return yield* new SendError({ reason: "NotConnected" })
    }
    const check = checkSendForm({ ...form, namespace })
    if (!check.ok) return yield* invalid(check)
    const token = form.token as TokenBalance
    const receiver = form.receiver.trim()
    const named = isReceiverName(receiver) ? yield* resolveName(receiver, namespace) : undefined
    const to = named?.address ?? receiver
    const implementation = yield* (yield* Adapters).load(namespace)
    const prepare = implementation?.prepareTransfer
    if (prepare === undefined) {
      return yield* new SendError({ reason: "NotSupported", params: { network: network.name } })
    }
    const prepared = yield* Effect.tryPromise({
      try: () =>
        prepare({
          from: account.address as string,
          to,
          amount: check.baseUnits,
          ...(token.address === undefined ? {} : { token: { address: token.address, decimals: check.decimals } }),
          network
        }),
      catch: (error) => new SendError({ reason: "Invalid", params: { message: messageOf(error) } })
    })
    // The native coin pays the fee: the amount and the fee together must fit in the balance.
    const nativeDecimals = network.nativeCurrency.decimals
    if (token.address === undefined) {
      const balance = toBaseUnits(token.quantity.numeric, check.decimals) ?? 0n
      if (check.baseUnits + prepared.fee > balance) {
        return yield* new SendError({ reason: "InsufficientForFee" })
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
