/**
 * Sandbox-only control routes (no projectId needed): create or change projects and sessions, so tests and the demo
 * can set up any situation over HTTP. They answer only callers on this machine: no `Origin` (Node, curl) or a
 * loopback page; the server also takes only `application/json` bodies, so no other site can post here.
 */
import { randomBytes } from "node:crypto"
import { Schema } from "effect"
import { SmartSession } from "../../../core/schema/api/sessions.ts"
import type { ApiRoute } from "../app.ts"
import { ProjectSettings, ProjectUpdate } from "../projects.ts"
import { decodeBody, HttpError, json } from "../router.ts"
import { pathAddress } from "./account.ts"
import { toSmartSession } from "./sessions.ts"

/** The body of `POST /sandbox/sessions`: a session to grant `address` for `projectId`. */
export const NewSession = Schema.Struct({
  projectId: Schema.String.check(Schema.isMinLength(1)),
  address: Schema.String,
  /** CAIP-2 network id. @default "eip155:1" */
  chainId: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))),
  /** @default a random 32-byte hex id */
  pci: Schema.optionalKey(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))),
  /** Unix seconds. @default one day after now */
  expiry: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  permissions: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  policies: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  context: Schema.optionalKey(Schema.String)
})
/** The body of `POST /sandbox/sessions`. */
export type NewSession = typeof NewSession.Type

const ProjectList = Schema.Struct({ projects: Schema.Array(ProjectSettings) })

/** The control routes. */
export const controlRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "GET",
    path: "/sandbox/projects",
    public: true,
    loopbackOnly: true,
    handle: async ({ app }) => json(ProjectList, { projects: await app.projects.list() })
  },
  {
    method: "POST",
    path: "/sandbox/projects",
    public: true,
    loopbackOnly: true,
    handle: async ({ body, app }) => json(ProjectSettings, await app.projects.upsert(decodeBody(ProjectUpdate, body)))
  },
  {
    method: "POST",
    path: "/sandbox/sessions",
    public: true,
    loopbackOnly: true,
    handle: async ({ body, app }) => {
      const input = decodeBody(NewSession, body)
      const address = pathAddress(input.address)
      if (address === undefined) throw new HttpError(400, "Invalid address: smart sessions are eip155 only")
      if (app.projects.get(input.projectId) === undefined)
        throw new HttpError(404, `Unknown project '${input.projectId}'`)
      const now = app.now()
      const row = {
        pci: input.pci ?? `0x${randomBytes(32).toString("hex")}`,
        projectId: input.projectId,
        address: address.toLowerCase(),
        chainId: input.chainId ?? "eip155:1",
        createdAt: now,
        expiry: input.expiry ?? Math.floor(now / 1000) + 86_400,
        permissions: {
          permissions: input.permissions ?? [],
          policies: input.policies ?? [],
          context: input.context ?? "0x"
        },
        revokedAt: null
      }
      await app.db.sessions.put(row)
      return json(SmartSession, toSmartSession(row), 201)
    }
  }
]
