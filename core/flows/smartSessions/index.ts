/**
 * Smart sessions (SPEC §7, the `smartSessions` feature), one chunk (core's smart-sessions part,
 * `core/client/smartSessions.ts`), loaded on the first smart-sessions action: the connected smart account's sessions
 * and their revocation.
 * @module
 */
export { loadSmartSessions } from "./load.ts"
export { revokeSmartSession, SmartSessionRevokeFailed } from "./revoke.ts"
