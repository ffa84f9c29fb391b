/**
 * `airlock-kit/walletconnect`: mobile wallets over WalletConnect v2 (`@walletconnect/universal-provider` 2.21.8, the newest
 * Apache-2.0 release; later ones carry the WalletConnect Community License). One "WalletConnect" connector is listed
 * from the start; the SDK (a large chunk) loads only when WalletConnect is used. The relay is `endpoints.relay`
 * (the sandbox's `ws://127.0.0.1:4401`, or your own); reads go to the app's own RPC URLs (`rpcMap`).
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { evm } from "airlock-kit/evm"
 * import { mainnet } from "airlock-kit/networks"
 * import { walletConnect } from "airlock-kit/walletconnect"
 *
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({
 *   projectId: "airlock-demo",
 *   networks: [mainnet],
 *   adapters: [evm(), walletConnect()],
 *   endpoints: { walletApi: api, blockchainApi: api, relay: "ws://127.0.0.1:4401" }
 * })
 * ```
 * @module
 */
import type { AirlockAdapter } from "../../core/adapter/AirlockAdapter.ts"
import type { ConnectorData } from "../../core/schema/connector.ts"
import { type WalletConnectOptions, walletConnectConnectorId } from "./options.ts"

export { type WalletConnectOptions, walletConnectConnectorId } from "./options.ts"

const connector: ConnectorData = {
  id: walletConnectConnectorId,
  type: "WALLET_CONNECT",
  name: "WalletConnect",
  chain: "eip155"
}

/**
 * The WalletConnect adapter descriptor for `createAirlock({ adapters: [walletConnect()] })`.
 * @example
 * ```ts
 * import { walletConnect } from "airlock-kit/walletconnect"
 * const adapter = walletConnect({ metadata: { name: "My dapp", description: "", url: "https://my.dapp", icons: [] } })
 * ```
 */
export const walletConnect = (options: WalletConnectOptions = {}): AirlockAdapter => ({
  // One session serves the app's EVM and Solana networks; the connector is listed once, as an EVM one.
  namespaces: ["eip155", "solana"],
  watchConnectors: (onChange) => {
    onChange([connector])
    return () => {}
  },
  load: (context) => import("./implementation.ts").then((m) => m.makeWalletConnectImplementation(context, options))
})
