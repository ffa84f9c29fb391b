/**
 * Admin routes for operators: list, read, create or replace, and delete projects. Mounted only when the server has an
 * admin token (`startApi({ adminToken })`); every call needs `Authorization: Bearer <token>` and must not come from a
 * browser page (see `server/http/adminAuth.ts`). Writes go through the same project store the other routes read.
 */
import { Schema } from "effect"
import type { AdminAuth } from "../../http/adminAuth.ts"
import type { ApiApp, ApiRoute } from "../app.ts"
import {
  maxOriginPatternLength,
  maxOriginPatterns,
  ProjectMode,
  ProjectSettings,
  type ProjectUpdate,
  RemoteFeature
} from "../projects.ts"
import { decodeBody, HttpError, json, type Reply, type RouteContext } from "../router.ts"

/**
 * A valid origin pattern: `*` alone, or `[scheme://]host[:port]` where the host is a DNS name (labels of letters,
 * digits, `-`, `_`, with `*` wildcards) or a bracketed IPv6 address, the port a number or `*`; nothing after it.
 * @example
 * ```ts
 * isOriginPattern("https://*.example.com") // true
 * isOriginPattern("https://example.com/path") // false
 * ```
 */
export const isOriginPattern = (pattern: string): boolean => {
  if (pattern === "*") return true
  const match =
    /^(?:([a-z][a-z0-9+.-]*|\*):\/\/)?(\[[0-9a-f:.]+\]|[a-z0-9*_-]+(?:\.[a-z0-9*_-]+)*)(?::(\d{1,5}|\*))?$/i.exec(
      pattern
    )
  if (match === null) return false
  const port = match[3]
  return port === undefined || port === "*" || Number(port) <= 65535
}

/** An origin pattern an admin may store. */
export const AdminOriginPattern = Schema.String.check(
  Schema.isMaxLength(maxOriginPatternLength),
  Schema.makeFilter(
    (pattern: string) =>
      isOriginPattern(pattern) ||
      "not an origin pattern: [scheme://]host[:port], such as https://*.example.com or http://localhost:*"
  )
)

/** A project id an admin may create: letters, digits, `.`, `_`, `-`, at most 200 characters. */
export const adminProjectId = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/

/** The body of `PUT /admin/v1/projects/{id}`: the whole project (fields left out take their defaults). */
export const AdminProjectBody = Schema.Struct({
  /** A label for operators. @default the id */
  name: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  allowedOrigins: Schema.Array(AdminOriginPattern).check(Schema.isMaxLength(maxOriginPatterns)),
  /** @default [] (every remote feature off) */
  features: Schema.optionalKey(Schema.Array(RemoteFeature).check(Schema.isMaxLength(64))),
  /** Whether the analytics sink takes the project's events. @default false */
  analytics: Schema.optionalKey(Schema.Boolean),
  /** `ok` serves; another mode refuses every call the way the hosted API does (suspend a project). @default "ok" */
  mode: Schema.optionalKey(ProjectMode)
})
/** The body of `PUT /admin/v1/projects/{id}`. */
export type AdminProjectBody = typeof AdminProjectBody.Type

const ProjectList = Schema.Struct({ projects: Schema.Array(ProjectSettings) })

/** Largest admin body: a project with 100 long origins and its features fits with room to spare. */
const maxAdminBodyBytes = 64_000

type Handler = (ctx: RouteContext<ApiApp>) => Promise<Reply>

const guarded =
  (auth: AdminAuth, handler: Handler): Handler =>
  async (ctx) => {
    const verdict = auth(ctx.headers)
    if (!verdict.ok)
      return { kind: "json", status: verdict.status, body: { message: verdict.message }, headers: verdict.headers }
    return handler(ctx)
  }

const projectIdOf = (ctx: RouteContext<ApiApp>): string => {
  const id = ctx.params.id ?? ""
  if (!adminProjectId.test(id))
    throw new HttpError(400, "Invalid project id: letters, digits, '.', '_' or '-', at most 200 characters")
  return id
}

/**
 * The admin routes behind `auth`.
 * @example
 * ```ts
 * import { makeAdminAuth } from "../../http/adminAuth.ts"
 * import { apiRoutes } from "./index.ts"
 * declare const token: string
 * const routes = [...apiRoutes, ...adminRoutes(makeAdminAuth(token))]
 * ```
 */
export const adminRoutes = (auth: AdminAuth): ReadonlyArray<ApiRoute> => {
  const route = (method: ApiRoute["method"], path: string, handler: Handler): ApiRoute => ({
    method,
    path,
    public: true,
    maxBodyBytes: maxAdminBodyBytes,
    handle: guarded(auth, handler)
  })
  return [
    route("GET", "/admin/v1/projects", async ({ app }) => json(ProjectList, { projects: await app.projects.list() })),
    route("GET", "/admin/v1/projects/:id", async (ctx) => {
      const id = projectIdOf(ctx)
      await ctx.app.projects.reload()
      const project = ctx.app.projects.get(id)
      if (project === undefined) throw new HttpError(404, `Unknown project '${id}'`)
      return json(ProjectSettings, project)
    }),
    route("PUT", "/admin/v1/projects/:id", async (ctx) => {
      const id = projectIdOf(ctx)
      const body = decodeBody(AdminProjectBody, ctx.body)
      await ctx.app.projects.reload()
      const existed = ctx.app.projects.get(id) !== undefined
      const replacement: ProjectUpdate = {
        id,
        name: body.name ?? id,
        allowedOrigins: body.allowedOrigins,
        features: body.features ?? [],
        analytics: body.analytics ?? false,
        mode: body.mode ?? "ok"
      }
      return json(ProjectSettings, await ctx.app.projects.upsert(replacement), existed ? 200 : 201)
    }),
    route("DELETE", "/admin/v1/projects/:id", async (ctx) => {
      const id = projectIdOf(ctx)
      if (!(await ctx.app.projects.remove(id))) throw new HttpError(404, `Unknown project '${id}'`)
      return { kind: "empty", status: 204 }
    })
  ]
}
