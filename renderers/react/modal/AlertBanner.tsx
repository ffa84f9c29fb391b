"use client"
import type { Alert } from "../../../core/state/AirlockState.ts"

/** An APKT alert (SPEC §8) above the snack: title, description and code. */
export const AlertBanner = ({ alert }: { alert: Alert | undefined }) =>
  alert === undefined ? null : (
    <div className="airlock-alert" role="alert" data-variant={alert.variant} data-code={alert.code}>
      <strong>{alert.title}</strong>
      <span>{alert.description}</span>
    </div>
  )
