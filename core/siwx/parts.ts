/**
 * What `localSiwx` does, one lazy module fetched when sign-in first calls it: the session store in `localStorage`, the
 * EIP-4361 / CAIP-122 writer (with `viem/siwe`) and the signature checks (viem, `@solana/kit`).
 * @module
 */
// Bundler hints, no names (see ../client/kernel.ts): core's kernel, and core's lazy part, which sign-in runs on.
import "../client/kernel.ts"
import "../client/lazy.ts"

export { makeLocalSiwx } from "./localConfig.ts"
