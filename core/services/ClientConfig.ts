import * as Context from "effect/Context"
import * as Layer from "effect/Layer"

/** Base URLs of every hosted service Airlock talks to; all are configurable so the whole stack can be self-hosted. */
export interface Endpoints {
  /** Wallet API: project config, allowed origins, wallet registry, images. */
  readonly walletApi: string
  /** Blockchain API: balances, history, identity, names, swaps, onramp, sessions. */
  readonly blockchainApi: string
  /** Analytics sink (`POST /e`); without one no event leaves the page. */
  readonly analytics?: string | undefined
  /** WalletConnect relay (`wss://…`). */
  readonly relay?: string | undefined
  /** The embedded wallet's secure site. */
  readonly frame?: string | undefined
}

/** The static facts every service needs: who we are and where the services live. */
export interface ClientConfigShape {
  readonly projectId: string
  /** The `st` query parameter (SDK type). @default "airlock" */
  readonly sdkType: string
  /** The `sv` query parameter (SDK version). */
  readonly sdkVersion: string
  readonly endpoints: Endpoints
  /** How long one call to a hosted API may take, in ms, before it fails as unreachable. @default 10000 */
  readonly requestTimeout?: number | undefined
}

/** The default of `requestTimeout`: 10 s, as viem's HTTP transport. */
export const defaultRequestTimeout = 10_000

/** The SDK version sent as `sv` (SPEC §9: default sdk version 4 → "airlock-react-4.x"). */
export const sdkVersion = "airlock-4.0.0"

/**
 * Project id, SDK identity and endpoints, shared by every service.
 *
 * @example
 * ```ts
 * const endpoints = { walletApi: "https://api.example", blockchainApi: "https://api.example" }
 * Effect.provide(ClientConfig.layer({ projectId: "p1", sdkType: "airlock", sdkVersion: "airlock-0.1.0", endpoints }))
 * ```
 */
export class ClientConfig extends Context.Service<ClientConfig, ClientConfigShape>()("airlock/ClientConfig") {
  static readonly layer = (config: ClientConfigShape) => Layer.succeed(ClientConfig, ClientConfig.of(config))
}
