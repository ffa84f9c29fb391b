/**
 * Where a client's sign-in starts (first load, a few lines): with `siwx` or `siweConfig` in the options, core's SIWX
 * part is fetched and started; `airlock-kit/siwx`'s actions find it there (`startedFor`), by the client's runtime.
 * @module
 */
import type { SiwxStartOptions } from "../options/siwx.ts"
import type { StartedSiwx } from "./siwx.ts"
import type { AirlockRuntime } from "./types.ts"

/** Starts sign-in for the client of `runtime` when its options configure it; `undefined` when they do not. */
export const startSiwx = (
  runtime: AirlockRuntime,
  options: SiwxStartOptions,
  origin: string | undefined
): Promise<StartedSiwx> | undefined =>
  options.siwx === undefined && options.siweConfig === undefined
    ? undefined
    : import("./siwx.ts").then((m) => m.start(runtime, options, origin))
