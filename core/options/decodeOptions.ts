import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { OptionsError } from "../errors/catalogue.ts"
import type { ResolvedOptions } from "../services/Options.ts"
import { type AirlockOptions, AirlockOptionsSchema } from "./AirlockOptions.ts"

interface IssueLike {
  readonly _tag: string
  readonly path?: ReadonlyArray<PropertyKey>
  readonly issue?: IssueLike
  readonly issues?: ReadonlyArray<IssueLike>
}

/** The path to the first problem in a schema issue tree. */
const firstPath = (issue: IssueLike | undefined): ReadonlyArray<PropertyKey> => {
  if (issue === undefined) return []
  if (issue._tag === "Pointer") return [...(issue.path ?? []), ...firstPath(issue.issue)]
  return firstPath(issue.issue ?? issue.issues?.[0])
}

/**
 * Decodes the options with their schema and applies their defaults. It runs in the services chunk (the schema
 * library is the largest part of Effect), so a bad option fails the client's runtime: `ready` and every action
 * reject with the `OptionsError`, carrying the option's path.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { mainnet } from "../networks/index.ts"
 * import { decodeOptions } from "./decodeOptions.ts"
 * const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
 * const options = await Effect.runPromise(decodeOptions({ networks: [mainnet], endpoints }))
 * ```
 */
export const decodeOptions = Effect.fn("decodeOptions")(function* (raw: AirlockOptions) {
  // `undefined` means "not set" in the options type; the schema's optional keys mean the same.
  const defined = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined))
  const decoded = Schema.decodeUnknownResult(AirlockOptionsSchema)(defined)
  if (Result.isFailure(decoded)) {
    return yield* new OptionsError({
      reason: "Invalid",
      path: firstPath(decoded.failure.issue as IssueLike),
      details: decoded.failure.message,
      cause: decoded.failure
    })
  }
  // Live values (adapters, siwx) are not in the schema and pass through; the schema checks social providers only
  // as strings, and unknown ones are ignored by the feature rules, hence the cast.
  return resolveOptions({ ...raw, ...decoded.success } as AirlockOptions)
})

/**
 * Applies the defaults of `AirlockOptions` to options that were already decoded ({@link decodeOptions}).
 *
 * @example
 * ```ts
 * import { mainnet } from "../networks/index.ts"
 * import { resolveOptions } from "./decodeOptions.ts"
 * const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
 * resolveOptions({ networks: [mainnet], endpoints }).enableReconnect // true
 * ```
 */
export const resolveOptions = (options: AirlockOptions): ResolvedOptions => ({
  projectId: options.projectId === undefined || options.projectId.trim() === "" ? undefined : options.projectId,
  hasAdapters: (options.adapters ?? []).length > 0,
  enableReconnect: options.enableReconnect ?? true,
  enableNetworkSwitch: options.enableNetworkSwitch ?? true,
  allowUnsupportedChain: options.allowUnsupportedChain ?? false,
  manualWCControl: options.manualWCControl ?? false,
  basic: options.basic ?? false,
  embedded: options.enableEmbedded ?? false,
  features: options.features,
  featuredWalletIds: options.featuredWalletIds ?? [],
  includeWalletIds: options.includeWalletIds,
  metadata: options.metadata
})
