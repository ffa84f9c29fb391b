"use client"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"
import { NetworkList } from "./NetworkList.tsx"

/** The wallet is on a network the app does not support: the app's networks to switch to (SPEC §4). */
export const UnsupportedChain = (_props: ViewProps) => {
  const { t } = useAirlockTranslation()
  return (
    <div className="airlock-networks">
      <p className="airlock-connecting-text">{t("network.unsupported")}</p>
      <NetworkList label={t("network.available")} />
    </div>
  )
}
