/**
 * Core's smart-sessions part, one lazy module: the smart-sessions flows (`core/flows/smartSessions`). Fetched on the
 * first smart-sessions action (`loadSmartSessions`, which the SmartSessions view runs when it shows).
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"

export * as flows from "../flows/smartSessions/index.ts"
