import type { AppMetadata } from "../schema/embedded.ts"
import type { CaipNetwork } from "../schema/network.ts"
import type { FrameClient } from "../services/FrameShape.ts"

/**
 * What an adapter's code is loaded with: the app's project and the hosts it configured, so the adapter reaches the
 * same self-hosted services (an RPC through the blockchain API, a relay) as core does.
 *
 * @example
 * ```ts
 * import type { AdapterContext } from "./AdapterContext.ts"
 * const context: AdapterContext = { projectId: "airlock-demo", endpoints: { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" } }
 * ```
 */
export interface AdapterContext {
  readonly projectId: string | undefined
  /** The app's networks (e.g. the chains a WalletConnect session asks for, with their RPC URLs). */
  readonly networks?: ReadonlyArray<CaipNetwork> | undefined
  /** How the app introduces itself to wallets (`createAirlock`'s `metadata`). */
  readonly metadata?: AppMetadata | undefined
  readonly endpoints: {
    readonly walletApi: string
    readonly blockchainApi: string
    readonly relay?: string | undefined
    readonly frame?: string | undefined
  }
  /**
   * The client's embedded-wallet frame (core's Frame service), when an adapter added it to the client's runtime
   * (`embedded()` does); resolves `undefined` otherwise.
   */
  readonly frame?: (() => Promise<FrameClient | undefined>) | undefined
}
