"use client"
import { animated, useSpring } from "@react-spring/web"
import { type DialogApi, HEADER_TEXT_TRANSITION_MS } from "airlock-kit"
import { useLayoutEffect, useRef } from "react"
import { normalizeProps } from "../internal/normalizeProps.ts"

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

/**
 * The modal's header: back (when there is history), the current view's title (fading in over 120 ms), close. Their
 * texts, attributes and clicks come from the dialog's anatomy (`dialog`).
 */
export const Header = ({ dialog, immediate }: { dialog: DialogApi; immediate: boolean }) => {
  const { title } = dialog
  const [style, api] = useSpring(() => ({ opacity: 1 }))
  const shown = useRef(title)
  useLayoutEffect(() => {
    if (shown.current === title) return
    shown.current = title
    api.start({ from: { opacity: 0 }, to: { opacity: 1 }, immediate, config: { duration: HEADER_TEXT_TRANSITION_MS } })
  }, [api, title, immediate])
  return (
    <header className="airlock-header">
      <button {...normalizeProps(dialog.getBackButtonProps())} className="airlock-icon-button airlock-back">
        <BackIcon />
      </button>
      <animated.h2 {...normalizeProps(dialog.getTitleProps())} className="airlock-title" style={style}>
        {title}
      </animated.h2>
      <button {...normalizeProps(dialog.getCloseButtonProps())} className="airlock-icon-button airlock-close">
        <CloseIcon />
      </button>
    </header>
  )
}
