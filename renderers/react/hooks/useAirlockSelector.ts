"use client"
// Docs: docs/react.md#hooks
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import type { Equals } from "../../../core/state/Store.ts"
import { useAirlock } from "./useAirlock.ts"

/**
 * A value derived from Airlock's state; the component re-renders only when `equals` (default `Object.is`) says the
 * selected value changed. Reads through `useSyncExternalStore`, which re-reads the snapshot after subscribing, so an
 * update between render and subscribe is not lost.
 *
 * @example
 * ```tsx
 * import { useAirlockSelector } from "airlock/react"
 * const selectIsOpen = (state: { modal: { open: boolean } }) => state.modal.open
 * const Status = () => <p>{useAirlockSelector(selectIsOpen) ? "Modal open" : "Modal closed"}</p>
 * ```
 */
export const useAirlockSelector = <A>(selector: (state: AirlockState) => A, equals: Equals<A> = Object.is): A => {
  const client = useAirlock()
  const subscribe = useCallback((onChange: () => void) => client.subscribe(() => onChange()), [client])
  // The last committed selection, so a new selector returning an equal value keeps the old reference.
  const committed = useRef<{ value: A } | null>(null)
  const getSelection = useMemo(() => {
    let memo: { snapshot: AirlockState; value: A } | undefined
    return (): A => {
      const snapshot = client.getState()
      if (memo !== undefined && memo.snapshot === snapshot) return memo.value
      const next = selector(snapshot)
      const previous = memo ?? committed.current
      const value = previous !== null && equals(previous.value, next) ? previous.value : next
      memo = { snapshot, value }
      return value
    }
  }, [client, selector, equals])
  const value = useSyncExternalStore(subscribe, getSelection, getSelection)
  useEffect(() => {
    committed.current = { value }
  }, [value])
  return value
}
