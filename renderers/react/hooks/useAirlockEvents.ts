"use client"
// Docs: docs/react.md#hooks, docs/events.md
import type { AirlockEvent } from "airlock-kit"
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react"
import { useAirlock } from "./useAirlock.ts"

const noEvent = (): undefined => undefined

/**
 * The latest product event (`MODAL_OPEN`, `CONNECT_SUCCESS`, …; docs/events.md) with its timestamp, or `undefined`
 * before the first; the component re-renders on each new event. Built on `airlock.subscribeEvents`: `onEvent` (optional)
 * is called with every event as it happens, in order, even several in one tick, which a render may merge. Events show
 * here even when the project turned analytics off.
 *
 * @example
 * ```tsx
 * import { useAirlockEvents } from "airlock-kit/react"
 * const LastEvent = () => {
 *   const event = useAirlockEvents((each) => console.log(each.data.event))
 *   return <p>{event === undefined ? "No event yet" : `${event.data.event} at ${event.timestamp}`}</p>
 * }
 * ```
 */
export const useAirlockEvents = (onEvent?: (event: AirlockEvent) => void): AirlockEvent | undefined => {
  const client = useAirlock()
  // The newest callback, without resubscribing when the app passes a new function on each render.
  const listener = useRef(onEvent)
  useEffect(() => {
    listener.current = onEvent
  })
  useEffect(() => client.subscribeEvents((event) => listener.current?.(event)), [client])
  const subscribe = useCallback((onChange: () => void) => client.subscribeEvents(() => onChange()), [client])
  const latest = useCallback(() => client.getState().lastEvent, [client])
  // A server renders no event: none has happened there.
  return useSyncExternalStore(subscribe, latest, noEvent)
}
