/**
 * Account names' actions for any renderer (the React one's RegisterAccountName view, or an app's own), on the first
 * load as a few lines each: each runs core's names flow (core's names part, fetched on the first call) on the
 * client's runtime. `selectNameRegistration(state)` gives what to draw.
 * @module
 */
import type * as Effect from "effect/Effect"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { NameRegistrationParams } from "../flows/names/start.ts"
import type { AirlockClient } from "./types.ts"

type Flows = typeof import("../flows/names/index.ts")

let loaded: Flows | undefined

const run = <A, E>(airlock: AirlockClient, f: (flows: Flows) => Effect.Effect<A, E, CoreServices>): Promise<A> =>
  loaded === undefined
    ? import("./names.ts").then((m) => {
        loaded = m.flows
        return airlock.runtime.runPromise(f(m.flows))
      })
    : airlock.runtime.runPromise(f(loaded))

/**
 * Starts a name registration over (the RegisterAccountName view runs it when it shows): the empty form in
 * `params.zone` (default `airlock.id`), or with `params.label` typed.
 * @example
 * ```ts
 * await startNameRegistration(airlock, { label: "ada-lovelace" })
 * ```
 */
export const startNameRegistration = (airlock: AirlockClient, params?: NameRegistrationParams): Promise<void> =>
  run(airlock, (m) => m.startNameRegistration(params))

/**
 * Sets the label typed. SPEC §5's rules apply at once (`problem`); a label that passes them is checked with the API
 * once it stayed 300 ms, which gives `check` (`available` or `taken`) and the suggestions.
 * @example
 * ```ts
 * await setAccountName(airlock, "ada-lovelace")
 * ```
 */
export const setAccountName = (airlock: AirlockClient, label: string): Promise<void> =>
  run(airlock, (m) => m.setAccountName(label))

/**
 * Registers the name typed (`canRegister`): the wallet signs, the API registers, the profile name is set and
 * RegisterAccountNameSuccess shows. Rejects with the failure ('Error registering name {name}', the API's first
 * reason, 'Invalid chainId'), which `selectNameRegistration(state).message` shows on RegisterAccountName too.
 * @example
 * ```ts
 * await registerAccountName(airlock)
 * ```
 */
export const registerAccountName = (airlock: AirlockClient): Promise<void> => run(airlock, (m) => m.registerAccountName)

/**
 * Forgets the registration (`selectNameRegistration` shows the empty form).
 * @example
 * ```ts
 * await resetNameRegistration(airlock)
 * ```
 */
export const resetNameRegistration = (airlock: AirlockClient): Promise<void> =>
  run(airlock, (m) => m.resetNameRegistration)
