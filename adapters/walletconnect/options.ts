import type { AppMetadata } from "../../core/schema/embedded.ts"

/** The id of the WalletConnect connector. */
export const walletConnectConnectorId = "walletConnect"

/** Options of {@link walletConnect}. */
export interface WalletConnectOptions {
  /** How the app introduces itself to wallets. @default `createAirlock`'s `metadata`, else the page's title and origin */
  readonly metadata?: AppMetadata | undefined
}
