/**
 * The shared state every API route reads: the store, the projects, the wallet registry, the chains, the price and
 * history sources, the configured identities, the clock and the server's own URL.
 */
import type { SharedNonceStore } from "../nonceRedis.ts"
import type { SessionSecret } from "../session.ts"
import type { Kv } from "../shared/kv.ts"
import type { ChainSet } from "./chains.ts"
import type { ApiDb } from "./db.ts"
import type { Identities } from "./identities.ts"
import type { OnrampProvider } from "./onramp.ts"
import type { Projects } from "./projects.ts"
import type { Registry } from "./registry.ts"
import type { Route } from "./router.ts"
import type { HistorySource, PriceSource } from "./sources.ts"

/** What the routes share. */
export interface ApiApp {
  readonly db: ApiDb
  readonly projects: Projects
  readonly registry: Registry
  readonly chains: ChainSet
  /** EVM account history (the built-in transfer indexer unless `startApi` was given another). */
  readonly history: HistorySource
  /** Token prices. */
  readonly prices: PriceSource
  /** Configured names of addresses (`/v1/identity`), after registered ones. */
  readonly identities: Identities
  /** Unix ms; the server's clock (tests may pin it). */
  readonly now: () => number
  /** The server's base URL (`http://127.0.0.1:PORT`), for links to its own images. */
  readonly baseUrl: () => string
  /** Entries per history page. */
  readonly historyPageSize: number
  /** Delivers an email (sign-in's email capture codes); the sandbox hands it to the secure site's mailbox. */
  readonly mail?: ((mail: SandboxMail) => unknown) | undefined
  /** CAIP-2 ids a sign-in may name besides the served chains (the sandbox's, running or not). @default [] */
  readonly signInChains?: ReadonlyArray<string> | undefined
  /** Signs the SIWX session cookie: the same on every instance; random per process without it (the sandbox). */
  readonly sessionSecret?: SessionSecret | undefined
  /** What instances share (email-capture codes); a memory store per process without it. */
  readonly kv?: Kv | undefined
  /** The onramp provider (the sandbox ramp); without it the onramp routes answer 404. */
  readonly onramp?: OnrampProvider | undefined
  /** Sign-in nonces shared by every instance (Redis), per project; without it each process keeps its own. */
  readonly sharedNonces?: ((projectId: string) => SharedNonceStore) | undefined
}

/** An email the API sends: to whom, its subject and text, and the code it carries. */
export interface SandboxMail {
  readonly to: string
  readonly subject: string
  readonly body: string
  readonly code: string
}

/** A route of the sandbox API. */
export type ApiRoute = Route<ApiApp>

/**
 * The URL of one of the server's generated images, carrying the project id so the image endpoint accepts it from an
 * `<img>` that sends no other parameter.
 * @example
 * ```ts
 * declare const app: ApiApp
 * imageUrl(app, "/public/getTokenImage", "USDC", "airlock-demo")
 * ```
 */
export const imageUrl = (app: ApiApp, path: string, id: string, projectId: string): string =>
  `${app.baseUrl()}${path}/${encodeURIComponent(id)}?projectId=${encodeURIComponent(projectId)}`
