/**
 * The shared state every sandbox API route reads: the store, the projects, the wallet registry, the local chains and
 * their indexer, the clock and the server's own URL.
 */
import type { NewOrder, RampOrder } from "../../sandbox/ramp/orders.ts"
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
  /** Delivers an email (sign-in's email capture codes); the sandbox hands it to the secure site's mailbox. */
  readonly mail?: ((mail: SandboxMail) => void) | undefined
  /** The onramp provider the URL generator opens orders on (the sandbox ramp); without it those routes answer 404. */
  readonly onramp?: OnrampLink | undefined
}

/** What the onramp routes need of the ramp: open an order (its buy page's URL) and read one. */
export interface OnrampLink {
  readonly open: (order: NewOrder) => { readonly order: RampOrder; readonly url: string }
  readonly get: (id: string) => RampOrder | undefined
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
 * imageUrl(app, "/public/getTokenImage", "USDC", "airlock-demo")
 * ```
 */
export const imageUrl = (app: ApiApp, path: string, id: string, projectId: string): string =>
  `${app.baseUrl()}${path}/${encodeURIComponent(id)}?projectId=${encodeURIComponent(projectId)}`
