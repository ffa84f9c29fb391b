"use client"
// Docs: docs/react.md#hooks
import type { AirlockState } from "airlock-kit"
import { useAirlockSelector } from "./useAirlockSelector.ts"

const identity = (state: AirlockState): AirlockState => state

/**
 * The whole state snapshot; the component re-renders on every change. Prefer {@link useAirlockSelector} for a part.
 *
 * @example
 * ```tsx
 * import { useAirlockState } from "airlock-kit/react"
 * const Theme = () => <p>Theme: {useAirlockState().themeMode}</p>
 * ```
 */
export const useAirlockState = (): AirlockState => useAirlockSelector(identity)
