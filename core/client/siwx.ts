/**
 * Core's SIWX part, one lazy module: the sign-in flows (`core/flows/siwx`) and their start for a client. Fetched only
 * by a client whose options have `siwx` or `siweConfig` (see `./siwxStart.ts`).
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"
import * as flows from "../flows/siwx/index.ts"
import {
  type SIWEConfig,
  type SiwxNetwork,
  type SiwxStartOptions,
  siwxNetworksKey,
  siwxPreloadKey
} from "../options/siwx.ts"
import type { AirlockRuntime } from "./types.ts"

export { flows }

/** A started sign-in: the flows' shared context and the function that stops following the account. */
export interface StartedSiwx {
  readonly context: flows.SiwxContext
  readonly unwatch: () => void
}

/**
 * Starts sign-in for a client: its configuration (`siwx`, or the legacy `siweConfig` mapped onto it) and the account
 * watcher on its runtime.
 */
const started = new WeakMap<AirlockRuntime, Promise<StartedSiwx>>()
const waiting = new WeakMap<AirlockRuntime, (started: Promise<StartedSiwx>) => void>()

/**
 * The started sign-in of the client of `runtime` (its `createAirlock` starts it right away; this waits for that).
 * Only asked for a client whose state says sign-in is configured.
 */
export const startedFor = (runtime: AirlockRuntime): Promise<StartedSiwx> => {
  const found = started.get(runtime)
  if (found !== undefined) return found
  return new Promise((resolve, reject) => {
    waiting.set(runtime, (starting) => starting.then(resolve, reject))
  })
}

/**
 * Starts sign-in for a client: its configuration (`siwx`, or the legacy `siweConfig` mapped onto it) and the account
 * watcher on its runtime.
 */
export const start = (
  runtime: AirlockRuntime,
  options: Parameters<typeof begin>[1],
  origin: string | undefined
): Promise<StartedSiwx> => {
  const starting = begin(runtime, options, origin)
  started.set(runtime, starting)
  waiting.get(runtime)?.(starting)
  waiting.delete(runtime)
  return starting
}

const begin = async (
  runtime: AirlockRuntime,
  options: SiwxStartOptions,
  origin: string | undefined
): Promise<StartedSiwx> => {
  const config = options.siwx ?? flows.siweToSiwx(options.siweConfig as SIWEConfig, { origin })
  const bind = (config as { readonly [siwxNetworksKey]?: (networks: ReadonlyArray<SiwxNetwork>) => void })[
    siwxNetworksKey
  ]
  if (typeof bind === "function") bind.call(config, options.networks)
  const preload = (config as { readonly [siwxPreloadKey]?: () => void })[siwxPreloadKey]
  if (typeof preload === "function") preload.call(config)
  const context = flows.siwxContext(config)
  const unwatch = await runtime.runPromise(flows.watchAccounts(context))
  return { context, unwatch }
}
