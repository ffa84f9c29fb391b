/**
 * The embedded wallet's part of core, one lazy module: the live frame (`Frame`'s implementation, fetched when
 * `frameLayer` is built, right after start) and the login flows (email with its code, socials, Farcaster, the email
 * change, the account type), which `airlock-kit/embedded`'s actions run. Only a client with `embedded()` fetches it.
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"

export * as flows from "../flows/embedded/index.ts"
export { makeFrame } from "../services/frameLive.ts"
