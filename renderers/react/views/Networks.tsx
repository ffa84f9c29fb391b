"use client"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"
import { NetworkList } from "./NetworkList.tsx"

/** Choose Network: the app's networks; the active one is marked. */
export const Networks = (_props: ViewProps) => {
  const { t } = useAirlockTranslation()
  return (
    <div className="airlock-networks">
      <NetworkList label={t("network.list")} />
    </div>
  )
}
