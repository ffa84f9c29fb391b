"use client"
import type { AirlockState, ThemeMode } from "airlock-kit"
import { type RefObject, useLayoutEffect } from "react"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"

const selectThemeVariables = (state: AirlockState) => state.themeVariables
const selectThemeMode = (state: AirlockState): ThemeMode => state.themeMode

/**
 * Applies the app's `--airlock-*` variables to `ref`'s element through CSSOM (`style.setProperty`), which a strict
 * CSP (`style-src 'self'`) allows, unlike a `style` attribute in markup. Returns the theme mode for `data-theme`.
 */
export const useThemeVariables = (ref: RefObject<HTMLElement | null>): ThemeMode => {
  const variables = useAirlockSelector(selectThemeVariables)
  const mode = useAirlockSelector(selectThemeMode)
  useLayoutEffect(() => {
    const element = ref.current
    if (element === null) return
    const names = Object.keys(variables) as Array<keyof typeof variables>
    for (const name of names) {
      const value = variables[name]
      if (value !== undefined) element.style.setProperty(name, String(value))
    }
    return () => {
      for (const name of names) element.style.removeProperty(name)
    }
  }, [ref, variables])
  return mode
}
