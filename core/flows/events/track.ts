import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { Analytics } from "../../services/Analytics.ts"
import { StateStore } from "../../state/StateStore.ts"

/**
 * Records a product event: the state's `lastEvent` (what `useAirlockEvents` shows, whatever the analytics setting)
 * and the analytics sink (when analytics is on).
 */
export const track = (event: string, properties?: Readonly<Record<string, unknown>>) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const analytics = yield* Analytics
    const timestamp = yield* Clock.currentTimeMillis
    const data =
      properties === undefined ? { type: "track" as const, event } : { type: "track" as const, event, properties }
    store.update((state) => ({ ...state, lastEvent: { timestamp, data } }))
    yield* analytics.sendEvent(data)
  })
