import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ChainError } from "../../errors/catalogue.ts"
import type { SIWXConfig, SIWXSession } from "../../options/siwx.ts"
import { StateStore } from "../../state/StateStore.ts"
import type { SiwxState } from "../../state/siwx.ts"
import { type SiwxAccount, siwxAccount } from "./account.ts"
import type { SiwxContext } from "./context.ts"

/** How long core waits for the app's session store (`getSessions`, `revokeSession`) before it counts as failed. */
export const SIWX_CALL_TIMEOUT_MS = 10_000

/** Runs one of the app's SIWX methods: a rejection, a throw or no answer in 10 s is a failure. */
export const appCall = <A>(call: () => Promise<A>) =>
  Effect.tryPromise({ try: call, catch: (cause) => cause }).pipe(
    Effect.timeoutOrElse({
      duration: SIWX_CALL_TIMEOUT_MS,
      orElse: () => Effect.fail(new Error("The SIWX configuration did not answer in time"))
    })
  )

/** Whether a session still holds at `now` (its message's expiration time, when it has one, is ahead). */
export const isLive = (session: SIWXSession, now: number): boolean => {
  const end = session.data.expirationTime
  if (end === undefined) return true
  const at = Date.parse(end)
  return Number.isNaN(at) || at > now
}

/** The app's live sessions of `account`; a failing store counts as none. */
export const liveSessions = (config: SIWXConfig, account: SiwxAccount, now: number) =>
  appCall(() => config.getSessions(account.chainId, account.address)).pipe(
    Effect.map((sessions) => (Array.isArray(sessions) ? sessions.filter((s) => isLive(s, now)) : [])),
    Effect.orElseSucceed((): ReadonlyArray<SIWXSession> => [])
  )

/** Writes `state.siwx` (a no-op when it is unchanged). */
export const setSiwx = (next: (siwx: SiwxState) => SiwxState) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    store.update((state) => {
      const siwx = next(state.siwx)
      return siwx === state.siwx ? state : { ...state, siwx }
    })
  })

/** The state of a signed-in account. */
export const signedIn = (account: SiwxAccount, session: SIWXSession | undefined) => (siwx: SiwxState) => ({
  ...siwx,
  status: "authenticated" as const,
  session: {
    address: account.address,
    chainId: account.chainId,
    ...(session?.data.expirationTime === undefined ? {} : { expirationTime: session.data.expirationTime })
  }
})

/** The live sessions of the active account on its network, on the client's clock; 'No ActiveCaipAddress found'. */
export const activeSessions = (context: SiwxContext) =>
  Effect.gen(function* () {
    const account = siwxAccount((yield* StateStore).getSnapshot())
    if (account === undefined) return yield* new ChainError({ reason: "NoActiveCaipAddress" })
    return yield* liveSessions(context.config, account, yield* Clock.currentTimeMillis)
  })
