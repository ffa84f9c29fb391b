/**
 * `airlock-kit/smart-sessions`: the embedded wallet's smart sessions (SPEC §7, the `smartSessions` feature) from any
 * renderer. The state's `smartSessions` slice read with {@link selectSmartSessions}, and the actions that drive it; the
 * flows load with core's smart-sessions part on the first action. An entry of its own, so that none of it is on the
 * first load of `airlock-kit`.
 * @module
 */
export type { GrantSummary, PermissionSummary, SessionStatus } from "../rules/smartSessions.ts"
export type { SmartSession } from "../schema/api/sessions.ts"
export {
  type SmartSessionsSource,
  type SmartSessionsState,
  type SmartSessionsStatus,
  type SmartSessionsView,
  type SmartSessionView,
  selectSmartSessions,
  smartSessionsAddress
} from "../state/smartSessions.ts"
export { loadSmartSessions, revokeSmartSession } from "./actions.ts"
