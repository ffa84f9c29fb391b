/**
 * The embedded wallet's part of core, one lazy module: the live frame (`Frame`'s implementation, fetched when
 * `frameLayer` is built, right after start) and the login flows (email with its code, socials, Farcaster, the email
 * change, the account type), which `airlock/embedded`'s actions run. Only a client with `embedded()` fetches it.
 * @module
 */
// A bundler hint, no names (see ./kernel.ts): core's kernel.
import "./kernel.ts"

export * as flows from "../flows/embedded/index.ts"
export { makeFrame } from "../services/frameLive.ts"
