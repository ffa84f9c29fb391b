"use client"
// Docs: docs/react.md#hooks
import type { AirlockEvent, AirlockState } from "airlock-kit"
import { useAirlockSelector } from "./useAirlockSelector.ts"

const selectLastEvent = (state: AirlockState): AirlockEvent | undefined => state.lastEvent

/**
 * The latest product event (`MODAL_OPEN`, `MODAL_CLOSE`, …) with its timestamp, or `undefined` before the first one;
 * the component re-renders on each new event. Events show here even when the project turned analytics off.
 *
 * @example
 * ```tsx
 * import { useAirlockEvents } from "airlock-kit/react"
 * const LastEvent = () => {
 *   const event = useAirlockEvents()
 *   return <p>{event === undefined ? "No event yet" : `${event.data.event} at ${event.timestamp}`}</p>
 * }
 * ```
 */
export const useAirlockEvents = (): AirlockEvent | undefined => useAirlockSelector(selectLastEvent)
