"use client"
import { type AirlockState, getViewParams } from "airlock-kit"
import { useEffect, useRef } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectName = (state: AirlockState) => getViewParams(state.modal, "RegisterAccountNameSuccess")?.name ?? ""

/** RegisterAccountNameSuccess (SPEC §4): the name registered, and Done (back to where the registration started). */
export const RegisterAccountNameSuccess = (_props: ViewProps) => {
  const client = useAirlock()
  const name = useAirlockSelector(selectName)
  const { t } = useAirlockTranslation()
  const done = useRef<HTMLButtonElement>(null)
  // The keyboard's next step is Done.
  useEffect(() => done.current?.focus(), [])
  return (
    <div className="airlock-send airlock-names">
      <p className="airlock-send-status" role="status" data-testid="names-success">
        {t("names.success", { name })}
      </p>
      <div className="airlock-send-actions">
        <button ref={done} type="button" className="airlock-button" onClick={() => client.goBack()}>
          {t("names.done")}
        </button>
      </div>
    </div>
  )
}
