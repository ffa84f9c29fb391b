import * as Effect from "effect/Effect"
import { defaultNameZone } from "../../rules/names.ts"
import { StateStore } from "../../state/StateStore.ts"
import { isSmartAccount, track } from "../events/track.ts"
import { setAccountName } from "./input.ts"
import { blankNames } from "./slice.ts"

/** Parameters of `startNameRegistration`. */
export interface NameRegistrationParams {
  /** The zone names are registered in. @default "airlock.id" */
  readonly zone?: string | undefined
  /** A label to start from (RegisterAccountName's `suggestedName`), checked as if typed. */
  readonly label?: string | undefined
}

/** Starts a name registration over: the empty form in `zone`, or with `label` typed. */
export const startNameRegistration = (params: NameRegistrationParams = {}) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    yield* track("OPEN_ENS_FLOW", { isSmartAccount: isSmartAccount(store.getSnapshot(), "eip155") })
    store.update((s) => ({ ...s, names: blankNames(params.zone ?? defaultNameZone) }))
    if (params.label !== undefined && params.label !== "") yield* setAccountName(params.label)
  })

/** Forgets the registration (`selectNameRegistration` shows the empty form again). */
export const resetNameRegistration = Effect.gen(function* () {
  const store = yield* StateStore
  store.update((s) => (s.names === undefined ? s : { ...s, names: undefined }))
})
