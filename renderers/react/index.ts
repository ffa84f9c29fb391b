/**
 * The React renderer, published as `airlock-kit/react`: the provider, the buttons and the hooks. The modal itself is
 * loaded on demand; add the stylesheet once with `import "airlock-kit/react/styles.css"`.
 *
 * @example
 * ```tsx
 * import { createAirlock } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * import { AirlockProvider, ConnectButton } from "airlock-kit/react"
 * import "airlock-kit/react/styles.css"
 *
 * const api = "https://api.example" // your wallet and blockchain API, or `npm start`'s sandbox
 * const airlock = createAirlock({ projectId: "…", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * export const App = () => (
 *   <AirlockProvider client={airlock}>
 *     <ConnectButton />
 *   </AirlockProvider>
 * )
 * ```
 * @module
 */
export { AirlockProvider, type AirlockProviderProps } from "./AirlockProvider.tsx"
export { AccountButton, type AccountButtonProps } from "./components/AccountButton.tsx"
export { ConnectButton, type ConnectButtonProps } from "./components/ConnectButton.tsx"
export type { ModalPreload } from "./components/ModalHost.tsx"
export { NetworkButton, type NetworkButtonProps } from "./components/NetworkButton.tsx"
export { WalletButton, type WalletButtonComponentProps } from "./components/WalletButton.tsx"
export { useAirlock } from "./hooks/useAirlock.ts"
export {
  type UseAirlockAccountParameters,
  type UseAirlockAccountReturnType,
  useAirlockAccount
} from "./hooks/useAirlockAccount.ts"
export {
  type UseAirlockActivityParameters,
  type UseAirlockActivityReturnType,
  useAirlockActivity
} from "./hooks/useAirlockActivity.ts"
export { type UseAirlockBalanceParameters, useAirlockBalance } from "./hooks/useAirlockBalance.ts"
export { type UseAirlockConnectionsReturnType, useAirlockConnections } from "./hooks/useAirlockConnections.ts"
export { useAirlockEvents } from "./hooks/useAirlockEvents.ts"
export { type UseAirlockNetworkReturnType, useAirlockNetwork } from "./hooks/useAirlockNetwork.ts"
export {
  type UseAirlockNftsParameters,
  type UseAirlockNftsReturnType,
  useAirlockNfts
} from "./hooks/useAirlockNfts.ts"
export { useAirlockSelector } from "./hooks/useAirlockSelector.ts"
export { type UseAirlockSiwxReturnType, useAirlockSiwx } from "./hooks/useAirlockSiwx.ts"
export { useAirlockState } from "./hooks/useAirlockState.ts"
export { type UseAirlockTokensParameters, useAirlockTokens } from "./hooks/useAirlockTokens.ts"
export { type UseAirlockTranslationReturnType, useAirlockTranslation } from "./hooks/useAirlockTranslation.ts"
export { type UseAirlockWalletButtonReturnType, useAirlockWalletButton } from "./hooks/useAirlockWalletButton.ts"
export {
  type UseAirlockWalletsParameters,
  type UseAirlockWalletsReturnType,
  useAirlockWallets
} from "./hooks/useAirlockWallets.ts"
export { preloadModal } from "./modal/load.ts"
