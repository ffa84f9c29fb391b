/**
 * `airlock-kit/wagmi`: a wagmi connector (wagmi 2 and 3) for all of Airlock. `airlock(client)` goes into wagmi's
 * `createConfig({ connectors })`: wagmi's `connect` opens Airlock's modal, its hooks then read the wallet chosen there
 * (browser extension, WalletConnect or the embedded wallet). An entry of its own: nothing of it is on an Airlock
 * app's first load, and it imports nothing of wagmi (docs/wagmi.md).
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { evm } from "airlock-kit/evm"
 * import { mainnet } from "airlock-kit/networks"
 * import { airlock } from "airlock-kit/wagmi"
 *
 * const api = "http://127.0.0.1:4400"
 * const client = createAirlock({ projectId: "airlock-demo", networks: [mainnet], adapters: [evm()], endpoints: { walletApi: api, blockchainApi: api } })
 * const connector = airlock(client)
 * ```
 * @module
 */
export {
  type AirlockWagmiClient,
  type AirlockWagmiConnector,
  type AirlockWagmiOptions,
  airlock,
  type WagmiConnectorConfig,
  type WagmiConnectParameters
} from "./connector.ts"
