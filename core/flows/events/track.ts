import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { AirlockEventMap, AirlockEventName } from "../../schema/events.ts"
import { internalErrorEvent } from "../../schema/events.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Analytics, type AnalyticsEvent, errorEventOf } from "../../services/Analytics.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"

/** The properties argument of `track(name, …)`: none for an event without properties, else exactly its shape. */
export type TrackArguments<K extends AirlockEventName> = AirlockEventMap[K] extends undefined
  ? []
  : [AirlockEventMap[K]]

/** Hands `data` to the state's `lastEvent` (each app listener sees it) and to the analytics sink with the account. */
const record = (data: AnalyticsEvent, send: (analytics: Analytics["Service"]) => Effect.Effect<void>) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const analytics = yield* Analytics
    const timestamp = yield* Clock.currentTimeMillis
    store.update((state) => ({ ...state, lastEvent: { timestamp, data } }))
    const state = store.getSnapshot()
    const namespace = state.activeNamespace
    const account = namespace === undefined ? undefined : state.accounts[namespace]
    yield* analytics.setAccount(
      account?.status === "connected" && namespace !== undefined
        ? { address: account.address, caipNetworkId: state.activeNetworks[namespace]?.caipNetworkId }
        : {}
    )
    yield* send(analytics)
  })

/**
 * Records a product event: the state's `lastEvent` (what `subscribeEvents` and `useAirlockEvents` see, whatever the
 * analytics setting) and the analytics sink (when analytics is on), which sends it with the active account's address
 * and network (SPEC §7's props; none while nothing is connected). Names and properties: `AirlockEventMap`.
 */
export const track = <K extends AirlockEventName>(event: K, ...[properties]: TrackArguments<K>) => {
  const data: AnalyticsEvent =
    properties === undefined
      ? { type: "track", event }
      : { type: "track", event, properties: properties as Readonly<Record<string, unknown>> }
  return record(data, (analytics) => analytics.sendEvent(data))
}

/**
 * Reports an unexpected failure as SPEC §7's error event (`INTERNAL_SDK_ERROR` with errorType, errorMessage and
 * stackTrace): app listeners see each one; the analytics host at most 5 a minute (SPEC §8).
 */
export const reportError = (error: unknown) =>
  record(errorEventOf(error, internalErrorEvent), (analytics) => analytics.sendError(error, internalErrorEvent)).pipe(
    Effect.catchDefect(() => Effect.void)
  )

/** The account context AppKit's send, swap and sign-in events carry: the active network and the account kind. */
export const accountContext = (state: AirlockState, namespace: ChainNamespace) => ({
  network: state.activeNetworks[namespace]?.caipNetworkId,
  isSmartAccount: state.accounts[namespace].preferredAccountType === "smartAccount"
})

/** The account kind of `namespace`'s account (AppKit's `isSmartAccount` property). */
export const isSmartAccount = (state: AirlockState, namespace: ChainNamespace): boolean =>
  state.accounts[namespace].preferredAccountType === "smartAccount"
