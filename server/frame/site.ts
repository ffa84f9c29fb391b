/**
 * What the secure site's routes share: who may call them (the site's own origin, the frame page of a project that
 * allows the embedding app's origin) and the parts a running site is made of.
 */
import type { IncomingMessage } from "node:http"
import type { Address } from "viem"
import { originAllowed, type Projects } from "../api/projects.ts"
import type { FrameBinding } from "./accounts.ts"
import type { Auth } from "./auth.ts"
import type { FrameScripts } from "./build.ts"
import { FrameHttpError } from "./codes.ts"
import type { FrameChain } from "./funding.ts"
import type { StartFrameOptions } from "./options.ts"
import type { FrameStore } from "./store.ts"

/**
 * The headers every `POST /api/*` call of the frame page carries: the project it was loaded for and the embedding
 * app's origin it established (the origin it accepts messages from, checked against the project's allowed origins).
 * A login is bound to both; a call under another pair finds no session.
 */
export const bindingHeaders = { projectId: "x-airlock-project-id", appOrigin: "x-airlock-app-origin" } as const

/**
 * The checks on who calls the site, against `origin()`: the site's origin, known once it listens.
 * @example
 * ```ts
 * import type { IncomingMessage } from "node:http"
 * import type { Projects } from "../api/projects.ts"
 * declare const projects: Projects
 * declare const req: IncomingMessage
 * const guards = makeSiteGuards(projects, () => "https://wallet.example.com")
 * guards.checkFrameCall(req) // a 403 unless the call comes from the site's own page
 * ```
 */
export const makeSiteGuards = (projects: Pick<Projects, "get">, origin: () => string) => {
  const allowedOrigins = (projectId: string | null): ReadonlyArray<string> | undefined => {
    if (projectId === null || projectId === "") return undefined
    const project = projects.get(projectId)
    return project === undefined || project.mode !== "ok" ? undefined : project.allowedOrigins
  }

  const header = (req: IncomingMessage, name: string): string => {
    const value = req.headers[name]
    return typeof value === "string" ? value : ""
  }

  return {
    /** The origins a known, enabled project allows; undefined for any other. */
    allowedOrigins,

    /** Pages and routes of this site answer only their own pages (or callers without an Origin, such as Node). */
    checkSameOrigin: (req: IncomingMessage): void => {
      const from = req.headers.origin
      if (from !== undefined && from !== origin()) throw new FrameHttpError(403, "Forbidden: same-origin only")
    },

    /**
     * The JSON routes that log in, sign out or hand out the key answer the frame page only: a browser always sends
     * `Origin` with a POST, so a call without one (or with another) is not the frame's.
     */
    checkFrameCall: (req: IncomingMessage): void => {
      if (req.headers.origin !== origin())
        throw new FrameHttpError(403, "Forbidden: only the secure site's frame may call")
    },

    /** The project and app origin a frame call states, refused unless the project allows that origin. */
    bindingOf: (req: IncomingMessage): FrameBinding => {
      const projectId = header(req, bindingHeaders.projectId)
      const appOrigin = header(req, bindingHeaders.appOrigin)
      const allowed = allowedOrigins(projectId)
      let canonical: string | undefined
      try {
        canonical = new URL(appOrigin).origin
      } catch {}
      if (allowed === undefined || canonical !== appOrigin || !originAllowed(appOrigin, allowed))
        throw new FrameHttpError(403, "Unauthorized: origin not allowed")
      return { projectId, appOrigin }
    }
  }
}

/** What the site's route handlers are made with. */
export interface FrameSite {
  readonly auth: Auth
  readonly store: FrameStore
  readonly scripts: FrameScripts
  readonly chains: ReadonlyArray<FrameChain>
  /** The first chain's smart-account factory, which the frame page shows. */
  readonly accountFactory: Address | null
  /** Whether the sandbox's stand-in pages (mailbox, social, Farcaster) are served. */
  readonly sandboxPages: boolean
  /** Signs the sessions' HttpOnly cookies (derived from the key-encryption key). */
  readonly cookieSecret: Uint8Array
  /** The caller's IP, as the sign-in limits count it (`x-forwarded-for` only from trusted proxies). */
  readonly client: (req: IncomingMessage) => string
  readonly now: () => number
  readonly smartSessions: StartFrameOptions["smartSessions"]
  readonly guards: ReturnType<typeof makeSiteGuards>
}

/** The 404 of a stand-in sign-in on a server that turned them off. */
export const standInsOff = (): FrameHttpError =>
  new FrameHttpError(404, "This sign-in method is not offered by this server")
