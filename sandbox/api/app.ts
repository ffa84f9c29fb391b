/**
 * The shared state every sandbox API route reads: the store, the projects, the wallet registry, the local chains and
 * their indexer, the clock and the server's own URL.
 */
import type { ChainSet } from "./chains.ts"
import type { SandboxDb } from "./db.ts"
import type { Indexer } from "./indexer.ts"
import type { Projects } from "./projects.ts"
import type { Registry } from "./registry.ts"
import type { Route } from "./router.ts"

/** What the routes share. */
export interface ApiApp {
  readonly db: SandboxDb
  readonly projects: Projects
  readonly registry: Registry
  readonly chains: ChainSet
  readonly indexer: Indexer
  /** Unix ms; the server's clock (tests may pin it). */
  readonly now: () => number
  /** The server's base URL (`http://127.0.0.1:PORT`), for links to its own images. */
  readonly baseUrl: () => string
  /** Entries per history page. */
  readonly historyPageSize: number
}

/** A route of the sandbox API. */
export type ApiRoute = Route<ApiApp>

/**
 * The URL of one of the server's generated images, carrying the project id so the image endpoint accepts it from an
 * `<img>` that sends no other parameter.
 * @example
 * ```ts
 * imageUrl(app, "/public/getTokenImage", "USDC", "airlock-demo")
 * ```
 */
export const imageUrl = (app: ApiApp, path: string, id: string, projectId: string): string =>
  `${app.baseUrl()}${path}/${encodeURIComponent(id)}?projectId=${encodeURIComponent(projectId)}`
