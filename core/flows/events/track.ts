import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { Analytics } from "../../services/Analytics.ts"
import { StateStore } from "../../state/StateStore.ts"

/**
 * Records a product event: the state's `lastEvent` (what `useAirlockEvents` shows, whatever the analytics setting)
 * and the analytics sink (when analytics is on), which sends it with the active account's address and network (SPEC
 * §7's props; none while nothing is connected).
 */
export const track = (event: string, properties?: Readonly<Record<string, unknown>>) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const analytics = yield* Analytics
    const timestamp = yield* Clock.currentTimeMillis
    const data =
      properties === undefined ? { type: "track" as const, event } : { type: "track" as const, event, properties }
    store.update((state) => ({ ...state, lastEvent: { timestamp, data } }))
    const state = store.getSnapshot()
    const namespace = state.activeNamespace
    const account = namespace === undefined ? undefined : state.accounts[namespace]
    yield* analytics.setAccount(
      account?.status === "connected" && namespace !== undefined
        ? { address: account.address, caipNetworkId: state.activeNetworks[namespace]?.caipNetworkId }
        : {}
    )
    yield* analytics.sendEvent(data)
  })
