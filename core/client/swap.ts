/**
 * Core's swap part, one lazy module: the swap flows (`core/flows/swap`). Fetched on the first swap action
 * (`startSwap`, which the Swap view runs when it shows).
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"

export * as flows from "../flows/swap/index.ts"
