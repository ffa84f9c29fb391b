"use client"
import { animated, useSpring } from "@react-spring/web"
import { type DialogApi, MODAL_HEIGHT_TRANSITION_MS, type Transition, VIEW_TRANSITION_MS } from "airlock-kit"
import { type ReactNode, useLayoutEffect, useRef } from "react"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"

/** How far a view slides in, in px: from the reading direction's end for "next", from its start for "prev". */
const SLIDE_PX = 12

/**
 * The view area: its height follows the view's content over 150 ms, and a new view fades and slides in over 150 ms
 * from the side the router's transition names (mirrored in a right-to-left language: "next" comes from the left).
 * The card's edge that stays put while the height animates (its top on a desktop, its bottom in the bottom sheet) is
 * the stylesheet's (`.airlock-modal`). With the dialog's `getBodyProps` it is the view area core's `syncViewFocus` reads.
 */
export const ViewStage = ({
  view,
  transition,
  immediate,
  dialog,
  children
}: {
  view: string
  transition: Transition
  immediate: boolean
  /** The dialog's anatomy, whose body props mark the view area. */
  dialog: DialogApi
  children: ReactNode
}) => {
  const inner = useRef<HTMLDivElement>(null)
  // -1 until measured, so the first frame uses the natural height instead of animating from 0.
  const [{ height }, heightApi] = useSpring(() => ({ height: -1 }))
  const [{ opacity, x }, slideApi] = useSpring(() => ({ opacity: 1, x: 0 }))
  const shown = useRef(view)
  const { dir } = useAirlockTranslation()

  useLayoutEffect(() => {
    const element = inner.current
    if (element === null) return
    // The first height is set, later ones animate. A view drawn in a dialog not shown yet measures 0 (the modal's
    // `showModal` runs after its children's layout effects): it stays at its natural height until the observer's
    // first look, before the first paint, instead of growing from 0 over the opening frames.
    let measured = false
    const measure = () => {
      const next = element.offsetHeight
      if (!measured) {
        if (next === 0) return
        measured = true
        heightApi.set({ height: next })
      } else heightApi.start({ height: next, immediate, config: { duration: MODAL_HEIGHT_TRANSITION_MS } })
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [heightApi, immediate])

  useLayoutEffect(() => {
    if (shown.current === view) return
    shown.current = view
    const forward = dir === "rtl" ? -SLIDE_PX : SLIDE_PX
    slideApi.start({
      from: { opacity: 0, x: transition === "prev" ? -forward : forward },
      to: { opacity: 1, x: 0 },
      immediate,
      config: { duration: VIEW_TRANSITION_MS }
    })
  }, [slideApi, view, transition, immediate, dir])

  return (
    <animated.div
      {...normalizeProps(dialog.getBodyProps())}
      className="airlock-body"
      style={{ height: height.to((h) => (h < 0 ? "auto" : `${h}px`)) }}
    >
      <animated.div
        ref={inner}
        className="airlock-view"
        data-view={view}
        data-transition={transition}
        style={{ opacity, transform: x.to((value) => `translateX(${value}px)`) }}
      >
        {children}
      </animated.div>
    </animated.div>
  )
}
