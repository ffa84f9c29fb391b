import { type AlertError, keepsCurrentAlert } from "../errors/alerts.ts"
import type { Alert } from "./AirlockState.ts"

/** The state's view of an APKT alert: its code (which names its texts) and how it looks. */
export const alertOf = (error: AlertError, variant: Alert["variant"] = "error"): Alert => ({
  code: error.code,
  variant
})

/**
 * The alert to show after `error` is raised: the current one when it is more precise (see `alertPrecedence`),
 * else the new one. Every writer of `state.alert` goes through this so no path overwrites a precise alert.
 */
export const nextAlert = (current: Alert | undefined, error: AlertError, variant: Alert["variant"] = "error"): Alert =>
  current !== undefined && keepsCurrentAlert(current.code, error.code) ? current : alertOf(error, variant)
