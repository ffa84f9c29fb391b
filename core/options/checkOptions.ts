import { OptionsError } from "../errors/catalogue.ts"

const invalid = (path: ReadonlyArray<PropertyKey>, details: string) =>
  new OptionsError({ reason: "Invalid", path, details: `\`${path.join(".")}\` ${details}` })

const isNetwork = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { chainNamespace?: unknown }).chainNamespace === "string" &&
  typeof (value as { caipNetworkId?: unknown }).caipNetworkId === "string"

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
  const { siwx, siweConfig, networks, defaultNetwork } = options as Readonly<Record<string, unknown>>
  if (siwx !== undefined && siweConfig !== undefined) return new OptionsError({ reason: "SiweAndSiwx" })
  if (!Array.isArray(networks) || networks.length === 0) return invalid(["networks"], "must list at least one network")
  if (!isNetwork(networks[0])) return invalid(["networks", 0], "must be a network (e.g. `mainnet`)")
  if (defaultNetwork !== undefined && !isNetwork(defaultNetwork)) {
    return invalid(["defaultNetwork"], "must be a network (e.g. `mainnet`)")
  }
  return undefined
}
