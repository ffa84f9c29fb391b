/**
 * Smart sessions (SPEC §7's `wallet_grantPermissions`, ERC-7715): what a grant asks and what a granted session allows,
 * read into a few bounded fields a person can check — the session key (signer), each permission (a contract call on a
 * target, a native-token allowance, or its type alone), the expiry — and a session's state.
 * @module
 */

/** The most permissions a summary keeps; a longer list is cut. */
import { quantity as amount, record, boundedText as text } from "./untrusted.ts"

export const MAX_SUMMARY_PERMISSIONS = 10

/**
 * One permission as shown: its ERC-7715 `type`, and for a contract call its `target` (and `function`, a selector or
 * signature), for a native-token permission its `allowance` in base units (decimal).
 */
export interface PermissionSummary {
  readonly type: string
  readonly target?: string
  readonly function?: string
  readonly allowance?: string
}

/** What `wallet_grantPermissions` asks: the session key, the permissions and the expiry (unix seconds). */
export interface GrantSummary {
  readonly signer?: string
  readonly permissions: ReadonlyArray<PermissionSummary>
  readonly expiry?: number
}

/**
 * One permission of a request or a stored session, read; anything unreadable is left out of the fields.
 * @example
 * ```ts
 * import { readPermission } from "./smartSessions.ts"
 * readPermission({ type: "contract-call", data: { address: "0xabc…", functions: [{ functionName: "mint()" }] } })
 * // { type: "contract-call", target: "0xabc…", function: "mint()" }
 * ```
 */
export const readPermission = (raw: unknown): PermissionSummary => {
  const permission = record(raw)
  const data = record(permission.data)
  const type = text(permission.type, 60) ?? "unknown"
  const first = Array.isArray(data.functions) ? record(data.functions[0]) : {}
  const target = text(data.address ?? data.target, 100)
  const fn = text(data.selector ?? first.selector ?? first.functionName, 100)
  const allowance = amount(data.allowance ?? data.amount ?? data.limit)
  return {
    type,
    ...(target === undefined ? {} : { target }),
    ...(fn === undefined ? {} : { function: fn }),
    ...(allowance === undefined ? {} : { allowance })
  }
}

/** A list of permissions, read and bounded ({@link MAX_SUMMARY_PERMISSIONS}). */
export const readPermissions = (raw: unknown): ReadonlyArray<PermissionSummary> =>
  Array.isArray(raw) ? raw.slice(0, MAX_SUMMARY_PERMISSIONS).map(readPermission) : []

/**
 * What a `wallet_grantPermissions` request asks, for ApproveTransaction.
 * @example
 * ```ts
 * import { grantSummary } from "./smartSessions.ts"
 * grantSummary([{ expiry: 1767225600, signer: { type: "key", data: { id: "0x70…" } }, permissions: [] }])
 * // { signer: "0x70…", permissions: [], expiry: 1767225600 }
 * ```
 */
export const grantSummary = (params: unknown): GrantSummary => {
  const request = record(Array.isArray(params) ? params[0] : params)
  const signerData = record(record(request.signer).data)
  const signer = text(signerData.id ?? signerData.address, 100)
  const expiry =
    typeof request.expiry === "number" && Number.isSafeInteger(request.expiry) && request.expiry > 0
      ? request.expiry
      : undefined
  return {
    ...(signer === undefined ? {} : { signer }),
    permissions: readPermissions(request.permissions),
    ...(expiry === undefined ? {} : { expiry })
  }
}

/** A session's state: revoked (by its owner), expired (past its expiry), or active. */
export type SessionStatus = "active" | "revoked" | "expired"

/**
 * The state of a session with `expiry` (unix seconds) and `revokedAt` at `nowSeconds`.
 * @example
 * ```ts
 * import { sessionStatus } from "./smartSessions.ts"
 * sessionStatus({ expiry: 100 }, 50) // "active"
 * sessionStatus({ expiry: 100, revokedAt: 60 }, 70) // "revoked"
 * ```
 */
export const sessionStatus = (
  session: { readonly expiry: number; readonly revokedAt?: number | undefined },
  nowSeconds: number
): SessionStatus => (session.revokedAt !== undefined ? "revoked" : session.expiry <= nowSeconds ? "expired" : "active")
