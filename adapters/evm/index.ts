/**
 * `airlock-kit/evm`: the EVM adapter. Browser wallets announced over EIP-6963 (and a legacy `window.ethereum` when none
 * announces itself) become connectors from the page's first moments; connecting, switching networks, requests and
 * wallet events load on demand (`implementation.ts`, a chunk of its own).
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { evm } from "airlock-kit/evm"
 * import { mainnet } from "airlock-kit/networks"
 *
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], adapters: [evm()], endpoints: { walletApi: api, blockchainApi: api } })
 * ```
 * @module
 */
import type { AirlockAdapter } from "../../core/adapter/AirlockAdapter.ts"
import type { ConnectorData } from "../../core/schema/connector.ts"
import type { Eip1193Provider } from "./provider.ts"

export type { Eip1193Provider } from "./provider.ts"

/** Options of {@link evm}. */
export interface EvmAdapterOptions {
  /**
   * List a legacy injected provider (`window.ethereum`) as "Browser Wallet" when no wallet announces itself over
   * EIP-6963. @default true
   */
  readonly injected?: boolean | undefined
}

interface Announced {
  readonly connector: ConnectorData
  readonly provider: Eip1193Provider
}

const isProvider = (value: unknown): value is Eip1193Provider =>
  typeof value === "object" && value !== null && typeof (value as { request?: unknown }).request === "function"

const text = (value: unknown): string | undefined => (typeof value === "string" && value.length > 0 ? value : undefined)

/** An EIP-6963 announcement as a connector, or `undefined` for a malformed one (ignored with a warning). */
const fromAnnouncement = (detail: unknown): Announced | undefined => {
  const { info, provider } = (typeof detail === "object" && detail !== null ? detail : {}) as {
    info?: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown }
    provider?: unknown
  }
  const name = text(info?.name)
  const rdns = text(info?.rdns)
  const id = rdns ?? text(info?.uuid)
  if (name === undefined || id === undefined || !isProvider(provider)) return undefined
  const icon = text(info?.icon)
  return {
    provider,
    connector: {
      id,
      type: "ANNOUNCED",
      name: name.slice(0, 100),
      chain: "eip155",
      ...(icon === undefined ? {} : { imageUrl: icon }),
      info: { ...(rdns === undefined ? {} : { rdns }), ...(icon === undefined ? {} : { icon }) }
    }
  }
}

/**
 * The EVM adapter descriptor for `createAirlock({ adapters: [evm()] })`.
 *
 * @example
 * ```ts
 * import { evm } from "airlock-kit/evm"
 * const adapter = evm({ injected: false }) // EIP-6963 wallets only
 * ```
 */
export const evm = (options: EvmAdapterOptions = {}): AirlockAdapter => {
  // The live providers, by connector id: shared with the implementation, never put into the state.
  const providers = new Map<string, Eip1193Provider>()
  return {
    namespace: "eip155",
    watchConnectors: (onChange) => {
      if (typeof window === "undefined") return () => {}
      const announced = new Map<string, Announced>()
      const publish = () => {
        providers.clear()
        const connectors: Array<ConnectorData> = []
        for (const { connector, provider } of announced.values()) {
          providers.set(connector.id, provider)
          connectors.push(connector)
        }
        const legacy = (window as { ethereum?: unknown }).ethereum
        if (connectors.length === 0 && options.injected !== false && isProvider(legacy)) {
          providers.set("injected", legacy)
          connectors.push({ id: "injected", type: "INJECTED", name: "Browser Wallet", chain: "eip155" })
        }
        onChange(connectors)
      }
      const onAnnounce = (event: Event) => {
        const wallet = fromAnnouncement((event as CustomEvent<unknown>).detail)
        if (wallet === undefined) return console.warn("Airlock: ignored a malformed EIP-6963 announcement")
        const known = announced.get(wallet.connector.id)
        if (known?.provider === wallet.provider && known.connector.name === wallet.connector.name) return
        announced.set(wallet.connector.id, wallet)
        publish()
      }
      window.addEventListener("eip6963:announceProvider", onAnnounce)
      window.dispatchEvent(new Event("eip6963:requestProvider"))
      publish()
      return () => window.removeEventListener("eip6963:announceProvider", onAnnounce)
    },
    load: (context) => import("./implementation.ts").then((m) => m.makeEvmImplementation(providers, context))
  }
}
