/**
 * Core's onramp part, one lazy module: the onramp flows (`core/flows/onramp`). Fetched on the first onramp action
 * (`startOnramp`, which the Onramp view runs when it shows).
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"

export * as flows from "../flows/onramp/index.ts"
