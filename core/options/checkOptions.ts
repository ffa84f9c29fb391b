import { OptionsError } from "../errors/catalogue.ts"
import type { AirlockOptions } from "./AirlockOptions.ts"

const invalid = (path: ReadonlyArray<PropertyKey>, details: string) =>
  new OptionsError({
    reason: "Invalid",
    path,
    details: path.length === 0 ? `The options ${details}` : `\`${path.join(".")}\` ${details}`
  })

const isNetwork = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { chainNamespace?: unknown }).chainNamespace === "string" &&
  typeof (value as { caipNetworkId?: unknown }).caipNetworkId === "string"

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null

const namespaceList = (value: unknown): boolean =>
  value === undefined || (Array.isArray(value) && value.every((namespace) => typeof namespace === "string"))

/** An adapter as `evm()`, `solana()`, `walletConnect()` or `embedded()` make one: an object, its parts of the right kind. */
const isAdapter = (value: unknown): boolean =>
  isObject(value) &&
  (value.namespace === undefined || typeof value.namespace === "string") &&
  namespaceList(value.namespaces) &&
  (value.load === undefined || typeof value.load === "function") &&
  (value.watchConnectors === undefined || typeof value.watchConnectors === "function")

/**
 * The options as a plain object read once, so that nothing later runs the app's getters: options that are not an
 * object, or whose top-level properties cannot be read (a getter that throws, a revoked proxy), are refused with an
 * `OptionsError` naming the option, and an empty object stands in for them.
 *
 * @example
 * ```ts
 * import { readOptions } from "./checkOptions.ts"
 * readOptions(null).unreadable?.details // "The options must be an object"
 * ```
 */
export const readOptions = (
  raw: unknown
): { readonly options: AirlockOptions; readonly unreadable: OptionsError | undefined } => {
  const none = {} as AirlockOptions
  if (!isObject(raw)) return { options: none, unreadable: invalid([], "must be an object") }
  const copy: Record<string, unknown> = {}
  let key = ""
  try {
    for (key of Object.keys(raw)) copy[key] = raw[key]
  } catch (cause) {
    return { options: none, unreadable: invalid(key === "" ? [] : [key], `could not be read: ${String(cause)}`) }
  }
  return { options: copy as unknown as AirlockOptions, unreadable: undefined }
}

/**
 * What must hold before the first snapshot can be built: plain code, no schema, so it costs almost nothing on the
 * first load. Every other option is decoded by the schema in the services chunk (`flows/options.ts`), which reports
 * its path the same way. Returns the first problem, or `undefined`.
 *
 * @example
 * ```ts
 * import { checkOptions } from "./checkOptions.ts"
 * checkOptions({ networks: [] })?.path // ["networks"]
 * ```
 */
export const checkOptions = (options: unknown): OptionsError | undefined => {
  if (typeof options !== "object" || options === null) return invalid([], "must be an object")
  const { siwx, siweConfig, networks, defaultNetwork, adapters } = options as Readonly<Record<string, unknown>>
  if (siwx !== undefined && siweConfig !== undefined) return new OptionsError({ reason: "SiweAndSiwx" })
  if (!Array.isArray(networks) || networks.length === 0) return invalid(["networks"], "must list at least one network")
  const bad = networks.findIndex((network) => !isNetwork(network))
  if (bad !== -1) return invalid(["networks", bad], "must be a network (e.g. `mainnet`)")
  if (defaultNetwork !== undefined && !isNetwork(defaultNetwork)) {
    return invalid(["defaultNetwork"], "must be a network (e.g. `mainnet`)")
  }
  if (
    defaultNetwork !== undefined &&
    !networks.some(
      (network: { caipNetworkId: string }) =>
        network.caipNetworkId === (defaultNetwork as { caipNetworkId: string }).caipNetworkId
    )
  ) {
    return invalid(["defaultNetwork"], "must be one of `networks`")
  }
  if (adapters !== undefined) {
    if (!Array.isArray(adapters)) return invalid(["adapters"], "must be a list of adapters (e.g. `[evm()]`)")
    const notAdapter = adapters.findIndex((adapter) => !isAdapter(adapter))
    if (notAdapter !== -1) return invalid(["adapters", notAdapter], "must be an adapter (e.g. `evm()`)")
  }
  return undefined
}
