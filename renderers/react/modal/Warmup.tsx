"use client"
import { type AirlockState, connectDialog, type RouterState } from "airlock-kit"
import { useEffect, useId, useRef } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useThemeVariables } from "../theme/useThemeVariables.ts"
import { Connect } from "../views/Connect.tsx"
import { Header } from "./Header.tsx"
import { ViewStage } from "./ViewStage.tsx"

const openOnConnect: RouterState = { open: true, view: "Connect", history: ["Connect"], data: {}, transition: "next" }
const selectI18n = (state: AirlockState) => state.i18n

/**
 * The open card (its header, the view stage and Connect over the client's real wallet list) drawn once while the
 * modal is closed, then removed at the next frame. A first open spent most of its time in first runs: compiling the
 * components' and react-spring's code, resolving the card's styles, decoding the wallets' icons, shaping their text.
 * After this, the first open runs like any later one. The copy is laid out but never painted (`visibility: hidden`),
 * out of the page's flow and off screen (`.airlock-warmup`), inert and hidden from assistive technology.
 */
export const Warmup = ({ immediate, onDone }: { readonly immediate: boolean; readonly onDone: () => void }) => {
  const client = useAirlock()
  const i18n = useAirlockSelector(selectI18n)
  const ref = useRef<HTMLDivElement>(null)
  const mode = useThemeVariables(ref)
  const id = `airlock-warmup${useId().replace(/[^A-Za-z0-9_-]/g, "")}`
  const api = connectDialog({ id, client, modal: openOnConnect, i18n })
  useEffect(() => {
    const frame = requestAnimationFrame(() => onDone())
    return () => cancelAnimationFrame(frame)
  }, [onDone])
  return (
    <div
      ref={ref}
      className="airlock-modal airlock-warmup"
      data-airlock=""
      data-theme={mode}
      dir={i18n.dir}
      aria-hidden="true"
      inert
    >
      <div className="airlock-card">
        <Header dialog={api} immediate={immediate} />
        <ViewStage view="Connect" transition={openOnConnect.transition} immediate={immediate}>
          <Connect id={id} />
        </ViewStage>
      </div>
    </div>
  )
}
