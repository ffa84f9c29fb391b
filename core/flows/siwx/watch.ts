import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import type { CoreServices } from "../../adapter/CoreServices.ts"
import { StateStore } from "../../state/StateStore.ts"
import { accountKey, type SiwxAccount, siwxAccount } from "./account.ts"
import { checkAccount } from "./check.ts"
import type { SiwxContext } from "./context.ts"
import { appCall, setSiwx } from "./session.ts"

/**
 * Follows the active account and network (SPEC §4): each new one (a connection, a reload's reconnect, a network or
 * account switch) is checked for a session, the newest check winning; a disconnect signs out (the app's
 * `signOutOnDisconnect`, on by default: its `setSessions([])`, as AppKit's). Status `checking` is written in the same
 * state change that brought the account, so nothing in between reads a stale status. Returns the unwatch function.
 */
export const watchAccounts = (context: SiwxContext) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const services = yield* Effect.context<CoreServices>()
    let running: Fiber.Fiber<unknown, unknown> | undefined
    const run = (effect: Effect.Effect<unknown, unknown, CoreServices>) => {
      if (running !== undefined) Effect.runForkWith(services)(Fiber.interrupt(running))
      running = Effect.runForkWith(services)(effect)
    }
    const begin = (account: SiwxAccount) => {
      store.update((s) => ({ ...s, siwx: { ...s.siwx, status: "checking", session: undefined } }))
      run(checkAccount(context, account))
    }
    const first = siwxAccount(store.getSnapshot())
    if (first !== undefined) begin(first)
    let previous = first
    return store.watch(
      (state) => accountKey(siwxAccount(state)),
      () => {
        const state = store.getSnapshot()
        const account = siwxAccount(state)
        const before = previous
        previous = account
        if (account !== undefined) return begin(account)
        const signOut =
          before !== undefined &&
          state.accounts[before.namespace].status === "disconnected" &&
          context.config.signOutOnDisconnect !== false
        run(
          Effect.gen(function* () {
            yield* setSiwx((siwx) => ({ ...siwx, status: "idle", session: undefined }))
            if (signOut) {
              context.lastSigned.clear()
              yield* appCall(() => context.config.setSessions([])).pipe(
                Effect.catch((error) => Effect.logWarning("Airlock: signing out failed", error))
              )
            }
          })
        )
      }
    )
  })
