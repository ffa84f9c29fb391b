/**
 * `airlock-kit/appkit`: AppKit's names over Airlock, for an app moving from Reown AppKit (docs/migrate-from-appkit.md).
 * `createAppKit` takes AppKit's options (plus Airlock's `endpoints`) and returns a client with AppKit's method names;
 * `EthersAdapter` and `SolanaAdapter` are Airlock's `evm()` and `solana()` under AppKit's class names. The React hooks
 * are in `airlock-kit/appkit/react`. An entry of its own: nothing of it is on an Airlock app's first load.
 *
 * @example
 * ```ts
 * import { createAppKit, EthersAdapter } from "airlock-kit/appkit"
 * import { mainnet } from "airlock-kit/networks"
 *
 * const api = "http://127.0.0.1:4400"
 * const appKit = createAppKit({ projectId: "airlock-demo", networks: [mainnet], adapters: [new EthersAdapter()], endpoints: { walletApi: api, blockchainApi: api } })
 * ```
 * @module
 */
export { EthersAdapter, SolanaAdapter } from "./adapters.ts"
export {
  type AppKit,
  type AppKitAccount,
  type AppKitNetworkState,
  type AppKitOpenOptions,
  type AppKitState,
  type AppKitTheme,
  type AppKitWalletInfo,
  createAppKit,
  selectAppKitAccount,
  selectAppKitNetwork,
  selectAppKitState,
  selectAppKitTheme,
  selectAppKitWalletInfo,
  toAppKit
} from "./client.ts"
export { type AppKitFeatures, type AppKitNetwork, type AppKitOptions, toAirlockOptions } from "./options.ts"
