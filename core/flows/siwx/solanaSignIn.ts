import * as Effect from "effect/Effect"
import type { AdapterImplementation } from "../../adapter/AdapterImplementation.ts"
import { parseCaip122Message } from "../../rules/caip122.ts"
import type { SIWXMessageData } from "../../schema/siwx.ts"
import { StateStore } from "../../state/StateStore.ts"
import { implementationOf } from "../connection/adapter.ts"
import { request } from "../connection/request.ts"
import type { SiwxAccount } from "./account.ts"

/** The request of a Solana wallet that signs in itself (Wallet Standard's `solana:signIn`, Sign-In With Solana). */
export const solanaSignInMethod = "solana_signIn"

/** The adapter's answer; one that throws says no. */
const answersSignIn = (implementation: AdapterImplementation | undefined, connectorId: string): boolean => {
  try {
    return implementation?.supportsMethod?.({ connectorId, method: solanaSignInMethod }) === true
  } catch {
    return false
  }
}

/**
 * Whether the active Solana connection's wallet signs in itself: its adapter says it answers `solana_signIn`. A
 * WalletConnect or embedded wallet, or an adapter that cannot tell, does not (sign-in then signs the text core wrote).
 */
export const offersSolanaSignIn = Effect.gen(function* () {
  const connectorId = (yield* StateStore).getSnapshot().activeConnectorIds.solana
  if (connectorId === undefined) return false
  const implementation = yield* implementationOf(connectorId, "solana").pipe(Effect.orElseSucceed(() => undefined))
  return answersSignIn(implementation, connectorId)
})

/** The fields a wallet's text must keep as asked: who signs in, where, with which nonce, on which chain. */
const kept = ["accountAddress", "domain", "uri", "nonce", "chainId"] as const

/**
 * Has the wallet sign in with `data` (the app's message: its nonce, domain, times…): the wallet writes the text, shows
 * its own sign-in screen and signs. Gives the text it signed and the base58 signature; fails when the answer is not
 * one, or when the text names another account, domain, uri, nonce or chain than `data` (a wallet's text must not carry
 * a sign-in the app did not ask for).
 */
export const solanaSignIn = (account: SiwxAccount, data: SIWXMessageData) =>
  Effect.gen(function* () {
    const { serializedMessage: _, ...fields } = data
    const answer = yield* request({ method: solanaSignInMethod, params: fields }, "solana", { approved: true })
    const { address, message, signature } = (answer ?? {}) as Record<string, unknown>
    if (typeof message !== "string" || typeof signature !== "string" || typeof address !== "string") {
      return yield* Effect.fail(new Error("The wallet returned no signed sign-in"))
    }
    const signed = parseCaip122Message(message)
    if (
      signed === undefined ||
      address !== account.address ||
      signed.accountAddress !== account.address ||
      kept.some((key) => signed[key] !== data[key])
    ) {
      return yield* Effect.fail(new Error("The wallet signed another sign-in than the one asked for"))
    }
    return { message, signature }
  })
