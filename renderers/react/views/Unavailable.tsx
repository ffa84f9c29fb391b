"use client"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

/** Shown for a view this build does not draw yet, so the modal never goes blank. */
export const Unavailable = (_props: ViewProps) => {
  const { t } = useAirlockTranslation()
  return <p className="airlock-empty">{t("common.viewUnavailable")}</p>
}
