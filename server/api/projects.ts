/**
 * Sandbox projects: what each project id allows (origins, remote features, analytics) and how it fails, so tests can
 * drive every project-level alert (APKT002, 006, 007, 009, 010) against a real server.
 */

import { Schema } from "effect"
import { matchesOriginPattern } from "../../core/rules/origins.ts"
import type { ApiDb } from "./db.ts"

/**
 * How a project answers every project-scoped call: `ok` serves normally; the others fail every call with the status
 * and message the hosted API gives for that case.
 */
export const ProjectMode = Schema.Literals([
  "ok",
  "origin-not-allowed",
  "invalid-key",
  "jwt-not-yet-valid",
  "rate-limited",
  "server-error"
])
/** How a project answers. */
export type ProjectMode = typeof ProjectMode.Type

/** One remote feature flag as `/appkit/v1/config` lists it; `config` carries e.g. the social providers. */
export const RemoteFeature = Schema.Struct({
  id: Schema.String,
  isEnabled: Schema.Boolean,
  config: Schema.NullOr(Schema.Array(Schema.String))
})
/** One remote feature flag. */
export type RemoteFeature = typeof RemoteFeature.Type

/** Longest origin pattern a project may store (a DNS name's limit; a scheme and port fit in the slack). */
export const maxOriginPatternLength = 253

/** Most origin patterns one project may store. */
export const maxOriginPatterns = 100

/** One origin pattern: `*` matches any run of characters (`http://localhost:*`). */
export const OriginPattern = Schema.String.check(Schema.isMaxLength(maxOriginPatternLength))

/** A project's stored settings. */
export const ProjectSettings = Schema.Struct({
  id: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  /** A label for operators (the admin routes set it); not shown to users. */
  name: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  /** Origins the project accepts; `*` matches any run of characters (`http://localhost:*`). */
  allowedOrigins: Schema.Array(OriginPattern).check(Schema.isMaxLength(maxOriginPatterns)),
  features: Schema.Array(RemoteFeature),
  analytics: Schema.Boolean,
  mode: ProjectMode
})
/** A project's stored settings. */
export type ProjectSettings = typeof ProjectSettings.Type

/** The body of `POST /sandbox/projects`: an id plus any settings to change. */
export const ProjectUpdate = Schema.Struct({
  id: ProjectSettings.fields.id,
  name: ProjectSettings.fields.name,
  allowedOrigins: Schema.optionalKey(ProjectSettings.fields.allowedOrigins),
  features: Schema.optionalKey(ProjectSettings.fields.features),
  analytics: Schema.optionalKey(Schema.Boolean),
  mode: Schema.optionalKey(ProjectMode)
})
/** A partial project update. */
export type ProjectUpdate = typeof ProjectUpdate.Type

/** The project id the demo uses: every feature on, any localhost / 127.0.0.1 origin allowed. */
export const demoProjectId = "airlock-demo"

/** Origins every seeded project allows: the loopback hosts on any port. */
export const loopbackOrigins: ReadonlyArray<string> = [
  "http://localhost",
  "http://localhost:*",
  "http://127.0.0.1",
  "http://127.0.0.1:*"
]

/** Every remote feature on, with the providers SPEC §9 lists as defaults. */
export const allFeaturesOn: ReadonlyArray<RemoteFeature> = [
  {
    id: "social_login",
    isEnabled: true,
    config: ["email", "google", "x", "farcaster", "discord", "apple", "github", "facebook"]
  },
  { id: "swap", isEnabled: true, config: ["1inch"] },
  { id: "onramp", isEnabled: true, config: ["meld", "sandbox"] },
  { id: "activity", isEnabled: true, config: null },
  { id: "reown_branding", isEnabled: true, config: null },
  // `config: []`, not `null`: decided here (null keeps the app's own setting, whose default is off), so the demo has it.
  { id: "multi_wallet", isEnabled: true, config: [] },
  { id: "email_capture", isEnabled: true, config: ["required"] }
]

const project = (id: string, overrides: Partial<Omit<ProjectSettings, "id">> = {}): ProjectSettings => ({
  id,
  allowedOrigins: loopbackOrigins,
  features: allFeaturesOn,
  analytics: true,
  mode: "ok",
  ...overrides
})

/**
 * Projects present in every fresh data dir: the demo, one per failure mode, one with analytics off, one with every
 * feature off, and `sandbox-no-origins`, which lists no allowed origin. That last one does not make the client's page
 * origin check fail (the client always allows a local page, and reads an empty list as "no restriction"); it makes
 * this server refuse every call that carries an `Origin` header (every browser call) with 403 "Unauthorized: origin
 * not allowed", while calls without one (Node, tests) are served and `/projects/v1/origins` answers an empty list.
 */
export const seededProjects: ReadonlyArray<ProjectSettings> = [
  project(demoProjectId),
  project("sandbox-origin-not-allowed", { mode: "origin-not-allowed" }),
  project("sandbox-invalid-key", { mode: "invalid-key" }),
  project("sandbox-jwt-not-yet-valid", { mode: "jwt-not-yet-valid" }),
  project("sandbox-rate-limited", { mode: "rate-limited" }),
  project("sandbox-server-error", { mode: "server-error" }),
  project("sandbox-analytics-off", { analytics: false }),
  project("sandbox-features-off", { features: allFeaturesOn.map((f) => ({ ...f, isEnabled: false })) }),
  project("sandbox-no-origins", { allowedOrigins: [] })
]

/** The status and message a failing project answers with. */
export const modeFailure: Record<Exclude<ProjectMode, "ok">, { readonly status: number; readonly message: string }> = {
  "origin-not-allowed": { status: 403, message: "Unauthorized: origin not allowed" },
  "invalid-key": { status: 403, message: "Unauthorized: invalid key" },
  "jwt-not-yet-valid": { status: 403, message: "JWT validation error: JWT Token is not yet valid" },
  "rate-limited": { status: 429, message: "Too many requests" },
  "server-error": { status: 500, message: "Internal server error" }
}

// One origin matcher for the client and this server, so a pattern means the same on both sides (core/rules/origins.ts).
export { globMatches } from "../../core/rules/origins.ts"

/**
 * Whether `origin` matches one of `allowed`, with the client's meaning of `*` (`matchesOriginPattern`): a leading
 * `*.` label is one or more subdomains, `:*` any port, and `*` inside a label any run of that label's characters.
 * @example
 * ```ts
 * originAllowed("http://localhost:5173", ["http://localhost:*"]) // true
 * ```
 */
export const originAllowed = (origin: string, allowed: ReadonlyArray<string>): boolean =>
  allowed.some((pattern) => matchesOriginPattern(origin, pattern))

/**
 * Whether `origin` is a page on this machine: http(s) on 127.0.0.1, localhost or [::1], any port. The sandbox's
 * control routes answer only such pages (or callers that send no `Origin`, such as Node).
 * @example
 * ```ts
 * isLoopbackOrigin("http://localhost:5173") // true
 * isLoopbackOrigin("https://evil.example") // false
 * ```
 */
export const isLoopbackOrigin = (origin: string): boolean => {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.origin === origin &&
    (url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]")
  )
}

const decodeSettings = Schema.decodeUnknownOption(ProjectSettings)

/**
 * The project store over the API db. Reads are synchronous, from an in-memory view every route can consult without a
 * query: it is loaded at start, written through on {@link Projects.upsert}, and re-read in the background when a read
 * finds it older than `refreshMs`, so an edit made by another instance on a shared Postgres shows here within a few
 * seconds (the read that notices still answers from the older view). Project edits are rare and operator-made;
 * per-request queries for them would put the database on every request's path.
 */
export interface Projects {
  /** The settings of `id`, or undefined for an unknown project. */
  get(id: string): ProjectSettings | undefined
  /** Creates or updates a project; fields left out keep their value (or the demo default for a new project). */
  upsert(update: ProjectUpdate): Promise<ProjectSettings>
  /** Every project, read from the database (and refreshing the in-memory view). */
  list(): Promise<ReadonlyArray<ProjectSettings>>
  /** Re-reads every project now. */
  reload(): Promise<void>
  /** Deletes a project; false when there was none. */
  remove(id: string): Promise<boolean>
}

/** Options of {@link makeProjects}. */
export interface ProjectsOptions {
  /** How old the in-memory view may get before a read refreshes it, in ms. @default 5000 */
  readonly refreshMs?: number
  /**
   * Projects created when the store does not have them yet (a stored one keeps its edits). @default the sandbox's
   * {@link seededProjects}; the production server passes the ones its configuration names.
   */
  readonly seed?: ReadonlyArray<ProjectSettings>
}

const decodeAll = (rows: ReadonlyArray<{ readonly settings: unknown }>): ReadonlyArray<ProjectSettings> =>
  rows.flatMap(({ settings }) => {
    const decoded = decodeSettings(settings)
    return decoded._tag === "Some" ? [decoded.value] : []
  })

/**
 * The project store, seeding {@link seededProjects} that are not stored yet (a stored one keeps its edits).
 * @example
 * ```ts
 * import type { Sql } from "../store/sql.ts"
 * import { openApiDb } from "./db.ts"
 * declare const sql: Sql
 * const projects = await makeProjects(await openApiDb(sql), Date.now)
 * await projects.upsert({ id: "my-test", mode: "rate-limited" })
 * projects.get("my-test")?.mode // "rate-limited"
 * ```
 */
export const makeProjects = async (db: ApiDb, now: () => number, options: ProjectsOptions = {}): Promise<Projects> => {
  const refreshMs = options.refreshMs ?? 5000
  let view = new Map<string, ProjectSettings>()
  let loadedAt = 0
  let refreshing: Promise<void> | undefined
  // Bumped by each local write: a read of the table that started before one may miss it, so it must not replace the view.
  let writes = 0
  const load = async () => {
    const startedAt = Date.now()
    const writesBefore = writes
    const projects = decodeAll(await db.projects.list())
    if (writes === writesBefore) {
      view = new Map(projects.map((project) => [project.id, project]))
      loadedAt = startedAt
    }
    return projects
  }
  const reload = async () => void (await load())
  await load()
  for (const seed of options.seed ?? seededProjects) {
    if (view.has(seed.id)) continue
    await db.projects.put(seed.id, seed, now())
    view.set(seed.id, seed)
  }
  return {
    get: (id) => {
      if (Date.now() - loadedAt > refreshMs && refreshing === undefined) {
        // A failed refresh (database briefly away, or closing) keeps the current view; the next read tries again.
        refreshing = reload()
          .catch(() => {})
          .finally(() => {
            refreshing = undefined
          })
      }
      return view.get(id)
    },
    upsert: async (update) => {
      const stored = decodeSettings(await db.projects.get(update.id))
      const next: ProjectSettings = { ...(stored._tag === "Some" ? stored.value : project(update.id)), ...update }
      writes++
      await db.projects.put(next.id, next, now())
      view.set(next.id, next)
      writes++
      return next
    },
    list: load,
    reload,
    remove: async (id) => {
      writes++
      const removed = await db.projects.remove(id)
      view.delete(id)
      writes++
      return removed
    }
  }
}
