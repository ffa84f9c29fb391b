/**
 * Core's names part, one lazy module: the account-name flows (`core/flows/names`). Fetched on the first names action
 * (`startNameRegistration`, which the RegisterAccountName view runs when it shows).
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"

export * as flows from "../flows/names/index.ts"
