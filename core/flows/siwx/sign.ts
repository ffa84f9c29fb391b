import * as Effect from "effect/Effect"
import { ChainError, SiwxError } from "../../errors/catalogue.ts"
import type { SIWXMessage } from "../../options/siwx.ts"
import { errorMessage } from "../../rules/walletErrors.ts"
import type { SIWXMessageData } from "../../schema/siwx.ts"
import { errorEventOf } from "../../services/Analytics.ts"
import { StateStore } from "../../state/StateStore.ts"
import { request } from "../connection/request.ts"
import { accountContext, track } from "../events/track.ts"
import { showSnackMessage } from "../modal/feedback.ts"
import { closeModal, openModal } from "../modal/settle.ts"
import { type SiwxAccount, siwxAccount } from "./account.ts"
import type { SiwxContext } from "./context.ts"
import { utf8Base58, utf8Hex } from "./encode.ts"
import { appCall, setSiwx, signedIn } from "./session.ts"
import { offersSolanaSignIn, solanaSignIn } from "./solanaSignIn.ts"

const fields = [
  "accountAddress",
  "chainId",
  "domain",
  "uri",
  "version",
  "nonce",
  "serializedMessage",
  "notBefore",
  "statement",
  "resources",
  "requestId",
  "issuedAt",
  "expirationTime"
] as const

/** A message's data, without its methods (what a session keeps and a server receives). */
const dataOf = (message: SIWXMessage): SIWXMessageData =>
  Object.fromEntries(fields.flatMap((key) => (message[key] === undefined ? [] : [[key, message[key]]]))) as never

/**
 * Has the connected wallet sign `text`: `personal_sign` on eip155 (a 0x signature), `solana_signMessage` on solana (a
 * base58 one). The user asked for it on the sign view, so the embedded wallet does not ask again.
 */
const signText = (account: SiwxAccount, text: string) =>
  Effect.gen(function* () {
    if (account.namespace === "solana") {
      const message = utf8Base58(text)
      const result = yield* request(
        { method: "solana_signMessage", params: { message, pubkey: account.address } },
        "solana",
        { approved: true }
      )
      const signature = (result as { readonly signature?: unknown } | undefined)?.signature
      if (typeof signature !== "string") return yield* Effect.fail(new Error("The wallet returned no signature"))
      return signature
    }
    const result = yield* request(
      { method: "personal_sign", params: [utf8Hex(text), account.address] },
      account.namespace,
      { approved: true }
    )
    if (typeof result !== "string" || !/^0x[0-9a-fA-F]{62,}$/.test(result)) {
      return yield* Effect.fail(new Error("The wallet returned no signature"))
    }
    return result
  })

/**
 * The signed text and its signature for the app's `message`. A Solana wallet that signs in itself (Wallet Standard's
 * `solana:signIn`: Phantom, Solflare, Backpack show their own sign-in screen) gets the message's fields and writes the
 * text; any other wallet signs the text the app's message gives.
 */
const signMessage = (account: SiwxAccount, message: SIWXMessage, data: SIWXMessageData) =>
  Effect.gen(function* () {
    if (account.namespace === "solana" && (yield* offersSolanaSignIn)) return yield* solanaSignIn(account, data)
    const text = message.toString()
    return { message: text, signature: yield* signText(account, text) }
  })

/**
 * Signs the connected account in (SPEC §4, the sign view's button): the app's `createMessage`, the wallet's
 * signature (on Solana through the wallet's own sign-in where it has one), the app's `addSession`. Success closes the
 * modal. Any failure (refused in the wallet, a message the app could not make, a wallet's sign-in text that names
 * another account, domain, uri, nonce or chain, a session the app refused) is 'Error signing message': the sign view
 * shows again and the call rejects. Without a connected account: 'No ActiveCaipAddress found'.
 */
export const requestSignMessage = (context: SiwxContext) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const account = siwxAccount(store.getSnapshot())
    if (account === undefined) return yield* new ChainError({ reason: "NoActiveCaipAddress" })
    const eventContext = accountContext(store.getSnapshot(), account.namespace)
    yield* track("CLICK_SIGN_SIWX_MESSAGE", eventContext)
    yield* setSiwx((siwx) => ({ ...siwx, status: "signing" }))
    const session = yield* Effect.gen(function* () {
      const message = yield* appCall(() =>
        context.config.createMessage({ accountAddress: account.address, chainId: account.chainId })
      )
      const data = dataOf(message)
      const signed = yield* signMessage(account, message, data)
      const session = { data, message: signed.message, signature: signed.signature }
      yield* appCall(() => context.config.addSession(session))
      return session
    }).pipe(
      Effect.mapError((cause) => new SiwxError({ reason: "SignFailed", details: errorMessage(cause) })),
      Effect.tapError((error) =>
        Effect.gen(function* () {
          yield* track("SIWX_AUTH_ERROR", { ...eventContext, message: errorEventOf(error).errorMessage })
          yield* setSiwx((siwx) => ({ ...siwx, status: "unauthenticated" }))
          yield* showSnackMessage({ message: { id: "SiwxError.SignFailed" }, variant: "error" })
          const { modal } = store.getSnapshot()
          if (!(modal.open && modal.view === "SIWXSignMessage")) yield* openModal({ view: "SIWXSignMessage" })
        })
      )
    )
    const network = store.getSnapshot().activeNetworks[account.namespace]
    if (network !== undefined) context.lastSigned.set(account.namespace, network)
    yield* setSiwx(signedIn(account, session))
    yield* track("SIWX_AUTH_SUCCESS", eventContext)
    if (store.getSnapshot().modal.open) yield* closeModal
    return session
  }).pipe(Effect.withSpan("siwx.requestSignMessage"))
