import type { AlertError } from "../errors/alerts.ts"
import type { Alert } from "./AirlockState.ts"

/** The state's view of an APKT alert: what the modal shows for it. */
export const alertOf = (error: AlertError, variant: Alert["variant"] = "error"): Alert => ({
  code: error.code,
  title: error.shortMessage,
  description: error.description,
  variant
})
