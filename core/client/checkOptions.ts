import { OptionsError } from "../errors/catalogue.ts"

const invalid = (path: ReadonlyArray<PropertyKey>, details: string) =>
  new OptionsError({ reason: "Invalid", path, details: `\`${path.join(".")}\` ${details}` })

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const url = /^(https?|wss?):\/\//
const booleans = [
  "allowUnsupportedChain",
  "enableReconnect",
  "enableNetworkSwitch",
  "manualWCControl",
  "basic",
  "enableEmbedded"
] as const

const checkNetwork = (value: unknown, path: ReadonlyArray<PropertyKey>): OptionsError | undefined =>
  isRecord(value) && typeof value.chainNamespace === "string" && typeof value.caipNetworkId === "string"
    ? undefined
    : invalid(path, "must be a network (e.g. `mainnet` from airlock/networks)")

/**
 * The checks that must pass before a client can be built: what the first snapshot and the router read at once.
 * Plain code, no schema, so it costs nothing on the first load; the full schema decode follows in the services chunk
 * (`flows/options.ts`). Returns the first problem, with its path, or `undefined`.
 *
 * @example
 * ```ts
 * import { checkOptions } from "./checkOptions.ts"
 * checkOptions({ projectId: 42 })?.path // ["projectId"]
 * ```
 */
export const checkOptions = (options: unknown): OptionsError | undefined => {
  if (!isRecord(options)) return invalid([], "must be an object")
  if (options.siwx !== undefined && options.siweConfig !== undefined) return new OptionsError({ reason: "SiweAndSiwx" })
  if (options.projectId !== undefined && typeof options.projectId !== "string") {
    return invalid(["projectId"], "must be a string")
  }
  const { networks } = options
  if (!Array.isArray(networks) || networks.length === 0) return invalid(["networks"], "must list at least one network")
  for (const [index, network] of networks.entries()) {
    const problem = checkNetwork(network, ["networks", index])
    if (problem !== undefined) return problem
  }
  if (options.defaultNetwork !== undefined) {
    const problem = checkNetwork(options.defaultNetwork, ["defaultNetwork"])
    if (problem !== undefined) return problem
  }
  // No hidden default host: a forgotten endpoint would send every visitor's requests somewhere unintended.
  if (!isRecord(options.endpoints)) {
    return invalid(["endpoints"], "must set `walletApi` and `blockchainApi` (Airlock has no hosted default)")
  }
  for (const key of ["walletApi", "blockchainApi"] as const) {
    const value = options.endpoints[key]
    if (typeof value !== "string" || !url.test(value)) {
      return invalid(["endpoints", key], "must be set to an http(s) URL (Airlock has no hosted default)")
    }
  }
  for (const key of booleans) {
    if (options[key] !== undefined && typeof options[key] !== "boolean") return invalid([key], "must be a boolean")
  }
  if (options.features !== undefined && !isRecord(options.features)) return invalid(["features"], "must be an object")
  if (options.themeMode !== undefined && options.themeMode !== "light" && options.themeMode !== "dark") {
    return invalid(["themeMode"], 'must be "light" or "dark"')
  }
  if (options.themeVariables !== undefined && !isRecord(options.themeVariables)) {
    return invalid(["themeVariables"], "must be an object")
  }
  if (options.excludeWalletIds !== undefined && !Array.isArray(options.excludeWalletIds)) {
    return invalid(["excludeWalletIds"], "must be a list of wallet ids")
  }
  if (options.adapters !== undefined) {
    if (!Array.isArray(options.adapters)) return invalid(["adapters"], "must be a list of adapters")
    for (const [index, adapter] of options.adapters.entries()) {
      const ok =
        isRecord(adapter) &&
        (typeof adapter.namespace === "string" || Array.isArray(adapter.namespaces)) &&
        (adapter.load === undefined || typeof adapter.load === "function")
      if (!ok) return invalid(["adapters", index], "must be `{ namespace | namespaces, load? }`")
    }
  }
  return undefined
}
