import * as Schema from "effect/Schema"
import { OptionalSafeImageUrl, OptionalSafeLinkUrl } from "../url.ts"

/**
 * One smart session (permissions granted to an app) of an account; `pci` is its permission context id.
 * @example
 * ```ts
 * const s: SmartSession = { pci: "pci-1", expiry: 1767225600, createdAt: 1764547200, permissions: [], policies: [], context: "0x…" }
 * ```
 */
export const SmartSession = Schema.Struct({
  pci: Schema.String,
  expiry: Schema.Number,
  createdAt: Schema.Number,
  permissions: Schema.Array(Schema.Unknown),
  policies: Schema.Array(Schema.Unknown),
  context: Schema.String,
  revokedAt: Schema.optionalKey(Schema.Number),
  project: Schema.optionalKey(
    Schema.Struct({
      id: Schema.String,
      name: Schema.optionalKey(Schema.String),
      url: OptionalSafeLinkUrl,
      iconUrl: OptionalSafeImageUrl
    })
  )
})
/** One smart session of an account. */
export type SmartSession = typeof SmartSession.Type

/**
 * `GET /v1/sessions/{address}`: the account's smart sessions (`address` is CAIP-10).
 * @example
 * ```ts
 * const r: SessionsResponse = { pcis: [] }
 * ```
 */
export const SessionsResponse = Schema.Struct({ pcis: Schema.Array(SmartSession) })
/** An account's smart sessions. */
export type SessionsResponse = typeof SessionsResponse.Type

/**
 * Body of `POST /v1/sessions/{address}/revoke`: the session and the owner's signature over its revocation.
 * @example
 * ```ts
 * const b: RevokeSessionBody = { pci: "pci-1", signature: "0x…" }
 * ```
 */
export const RevokeSessionBody = Schema.Struct({ pci: Schema.String, signature: Schema.String })
/** Body of the revoke endpoint. */
export type RevokeSessionBody = typeof RevokeSessionBody.Type

/**
 * `POST /v1/sessions/{address}/revoke`.
 * @example
 * ```ts
 * const r: RevokeSessionResponse = { success: true }
 * ```
 */
export const RevokeSessionResponse = Schema.Struct({ success: Schema.Boolean })
/** Whether the session was revoked. */
export type RevokeSessionResponse = typeof RevokeSessionResponse.Type
