"use client"
import type { Alert } from "airlock-kit"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/** An APKT alert (SPEC §8) above the snack: its title and description in the state's language, and its code. */
export const AlertBanner = ({ alert }: { alert: Alert | undefined }) => {
  const { t, locale, dir } = useAirlockTranslation()
  return alert === undefined ? null : (
    <div
      className="airlock-alert"
      role="alert"
      data-variant={alert.variant}
      data-code={alert.code}
      lang={locale}
      dir={dir}
    >
      <strong>{t(`alert.${alert.code}.title`)}</strong>
      <span>{t(`alert.${alert.code}.description`)}</span>
    </div>
  )
}
