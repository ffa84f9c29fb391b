/**
 * `airlock-kit/appkit/react`: AppKit's React names over Airlock, as `@reown/appkit/react` has them — `createAppKit`,
 * the `useAppKit…` hooks and `AppKitButton` (AppKit's `<appkit-button />`). What differs from AppKit:
 * docs/migrate-from-appkit.md. An entry of its own, off the first load of an app that does not use it.
 *
 * @example
 * ```tsx
 * import { AppKitButton, createAppKit, useAppKitAccount } from "airlock-kit/appkit/react"
 * import { mainnet } from "airlock-kit/networks"
 * import "airlock-kit/react/styles.css"
 *
 * const api = "https://api.example" // your wallet and blockchain API, or `npm start`'s sandbox
 * createAppKit({ projectId: "…", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * export const App = () => <p><AppKitButton /> {useAppKitAccount().address}</p>
 * ```
 * @module
 */
export type {
  AppKit,
  AppKitAccount,
  AppKitNetwork,
  AppKitNetworkState,
  AppKitOpenOptions,
  AppKitOptions,
  AppKitState,
  AppKitWalletInfo
} from "airlock-kit/appkit"
export { EthersAdapter, SolanaAdapter } from "airlock-kit/appkit"
export { AppKitButton, type AppKitButtonProps } from "./AppKitButton.tsx"
export { createAppKit } from "./createAppKit.tsx"
export type { AppKitButtonElementAttributes } from "./element.tsx"
export {
  type AppKitBalanceResult,
  type UseAppKitConnectionReturn,
  type UseAppKitNetworkReturn,
  type UseAppKitReturn,
  type UseAppKitThemeReturn,
  useAppKit,
  useAppKitAccount,
  useAppKitBalance,
  useAppKitConnection,
  useAppKitConnections,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useDisconnect,
  useWalletInfo
} from "./hooks.ts"
export { getAppKit } from "./scope.ts"
