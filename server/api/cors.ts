/**
 * CORS of the API: a project-scoped answer names the calling page's origin only when that project allows it, so a
 * page of another site can neither read the answer nor (for a preflighted call) send it; public answers (the
 * generated images, the loopback-only control routes) stay open to any origin.
 */
import type { ApiApp } from "./app.ts"
import { originAllowed } from "./projects.ts"

const methods = "GET, POST, OPTIONS"

/** The headers of a public answer: any origin may read it. */
export const openCors: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": methods,
  "access-control-allow-headers": "*",
  "access-control-max-age": "600"
}

/**
 * The CORS headers of a project-scoped answer: the request's own origin when the project (from the `projectId` query
 * parameter) lists it, else none, so the browser keeps the answer from the page; `vary: origin` either way, so a
 * cache keeps them apart. A project in a failure mode still names its origins, so the page can read the refusal's
 * message (the client maps it to an alert). `credentials` (the cookie routes) add `allow-credentials` and name the
 * one header they take, and answer only a project that is `ok`.
 * @example
 * ```ts
 * import type { ApiApp } from "./app.ts"
 * declare const app: ApiApp
 * await projectCors(app, new URLSearchParams("projectId=airlock-demo"), "http://localhost:5173", false)
 * // { vary: "origin", "access-control-allow-origin": "http://localhost:5173", ... }
 * ```
 */
export const projectCors = async (
  app: ApiApp,
  query: URLSearchParams,
  origin: string | undefined,
  credentials: boolean
): Promise<Record<string, string>> => {
  const projectId = query.get("projectId")
  if (origin === undefined || projectId === null || projectId === "") return { vary: "origin" }
  const project = await app.projects.get(projectId)
  if (project === undefined || !originAllowed(origin, project.allowedOrigins)) return { vary: "origin" }
  if (credentials && project.mode !== "ok") return { vary: "origin" }
  return {
    vary: "origin",
    "access-control-allow-origin": origin,
    ...(credentials ? { "access-control-allow-credentials": "true" } : {}),
    "access-control-allow-methods": methods,
    "access-control-allow-headers": credentials ? "content-type" : "*",
    "access-control-max-age": "600"
  }
}
