/**
 * Smart sessions' slice (SPEC §7, the `smartSessions` feature): the connected smart account's sessions as
 * `GET /v1/sessions/{address}` lists them, and a revocation under way. Written by core's smart-sessions part;
 * `selectSmartSessions` gives what a renderer draws.
 * @module
 */
import type { Message } from "../i18n/catalogue.ts"
import { type PermissionSummary, readPermissions, type SessionStatus, sessionStatus } from "../rules/smartSessions.ts"
import type { SmartSession } from "../schema/api/sessions.ts"

/** What the selectors read of the state (`AirlockState` has it). */
export interface SmartSessionsSource {
  readonly features: { readonly smartSessions?: boolean | undefined }
  readonly accounts: {
    readonly eip155?: { readonly preferredAccountType?: string | undefined; readonly caipAddress?: string | undefined }
  }
  readonly smartSessions?: SmartSessionsState | undefined
}

/** Where the list stands: not asked yet, loading, loaded, or failed (`error`). */
export type SmartSessionsStatus = "idle" | "loading" | "ready" | "failed"

/** The slice. */
export interface SmartSessionsState {
  /** The CAIP-10 address the list is of. */
  readonly address: string
  readonly status: SmartSessionsStatus
  readonly sessions: ReadonlyArray<SmartSession>
  /** The pci being revoked. */
  readonly revoking?: string | undefined
  /** Why loading or the last revocation failed. */
  readonly error?: Message | undefined
}

/** One session as drawn. */
export interface SmartSessionView {
  readonly pci: string
  /** The app it was granted to: the project's name, or its id. */
  readonly app?: string | undefined
  readonly permissions: ReadonlyArray<PermissionSummary>
  /** Unix seconds. */
  readonly createdAt: number
  readonly expiry: number
  readonly revokedAt?: number | undefined
  readonly status: SessionStatus
  /** Whether Revoke may be pressed: active, and no revocation under way. */
  readonly canRevoke: boolean
}

/** What a renderer draws. */
export interface SmartSessionsView {
  /** Whether sessions apply: the `smartSessions` feature is on and the embedded smart account is connected. */
  readonly enabled: boolean
  readonly status: SmartSessionsStatus
  readonly sessions: ReadonlyArray<SmartSessionView>
  readonly revoking?: string | undefined
  readonly error?: Message | undefined
}

/**
 * The CAIP-10 address sessions are listed for: the connected eip155 account when it is the embedded wallet's smart
 * account and the `smartSessions` feature is on; undefined otherwise.
 * @example
 * ```ts
 * import { smartSessionsAddress } from "airlock-kit/smart-sessions"
 * smartSessionsAddress(airlock.getState()) // "eip155:1:0xabc…" or undefined
 * ```
 */
export const smartSessionsAddress = (state: SmartSessionsSource): string | undefined => {
  if (state.features.smartSessions !== true) return undefined
  const account = state.accounts.eip155
  return account?.preferredAccountType === "smartAccount" && account.caipAddress !== undefined
    ? account.caipAddress
    : undefined
}

const none: ReadonlyArray<SmartSessionView> = []

/**
 * The smart sessions of the connected smart account, newest first, each with its state at `nowSeconds` (default now).
 * @example
 * ```ts
 * import { selectSmartSessions } from "airlock-kit/smart-sessions"
 * const { enabled, status, sessions } = selectSmartSessions(airlock.getState())
 * ```
 */
export const selectSmartSessions = (
  state: SmartSessionsSource,
  nowSeconds: number = Math.floor(Date.now() / 1000)
): SmartSessionsView => {
  const address = smartSessionsAddress(state)
  const slice = state.smartSessions
  if (address === undefined) return { enabled: false, status: "idle", sessions: none }
  if (slice === undefined || slice.address !== address) return { enabled: true, status: "idle", sessions: none }
  const sessions = [...slice.sessions]
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((session): SmartSessionView => {
      const status = sessionStatus(session, nowSeconds)
      return {
        pci: session.pci,
        app: session.project?.name ?? session.project?.id,
        permissions: readPermissions(session.permissions),
        createdAt: session.createdAt,
        expiry: session.expiry,
        revokedAt: session.revokedAt,
        status,
        canRevoke: status === "active" && slice.revoking === undefined
      }
    })
  return {
    enabled: true,
    status: slice.status,
    sessions,
    ...(slice.revoking === undefined ? {} : { revoking: slice.revoking }),
    ...(slice.error === undefined ? {} : { error: slice.error })
  }
}
