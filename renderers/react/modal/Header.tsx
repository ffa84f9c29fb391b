"use client"
import { animated, useSpring } from "@react-spring/web"
import { useLayoutEffect, useRef } from "react"
import { getBackButtonProps, getCloseButtonProps, getTitleProps } from "../../../core/anatomy/dialog.ts"
import { HEADER_TEXT_TRANSITION_MS } from "../../../core/router/constants.ts"
import type { RouterState } from "../../../core/router/state.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import { viewTitle } from "./titles.ts"

const BackIcon = () => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
    <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

const CloseIcon = () => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
    <path d="m4 4 8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

/** The modal's header: back (when there is history), the current view's title (fading in over 120 ms), close. */
export const Header = ({ id, modal, immediate }: { id: string; modal: RouterState; immediate: boolean }) => {
  const client = useAirlock()
  const ctx = { id, modal }
  const title = viewTitle(modal)
  const [style, api] = useSpring(() => ({ opacity: 1 }))
  const shown = useRef(title)
  useLayoutEffect(() => {
    if (shown.current === title) return
    shown.current = title
    api.start({ from: { opacity: 0 }, to: { opacity: 1 }, immediate, config: { duration: HEADER_TEXT_TRANSITION_MS } })
  }, [api, title, immediate])
  return (
    <header className="airlock-header">
      <button
        {...normalizeProps(getBackButtonProps(ctx))}
        className="airlock-icon-button airlock-back"
        onClick={client.goBack}
      >
        <BackIcon />
      </button>
      <animated.h2 {...normalizeProps(getTitleProps(ctx))} className="airlock-title" style={style}>
        {title}
      </animated.h2>
      <button
        {...normalizeProps(getCloseButtonProps(ctx))}
        className="airlock-icon-button airlock-close"
        onClick={() => client.close().catch(() => undefined)}
      >
        <CloseIcon />
      </button>
    </header>
  )
}
