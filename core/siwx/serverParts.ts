/**
 * What `serverSiwx` does, one lazy module fetched when sign-in first calls it: the calls to the auth server and the
 * EIP-4361 / CAIP-122 writer (with `viem/siwe`). The server checks signatures, so none of the page's checks are here.
 * @module
 */
// Bundler hints, no names (see ../client/kernel.ts): core's kernel, and core's lazy part, which sign-in runs on.
import "../client/kernel.ts"
import "../client/lazy.ts"

export { makeServerSiwx } from "./serverConfig.ts"
