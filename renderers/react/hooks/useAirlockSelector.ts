"use client"
import type { AirlockState, Equals } from "airlock-kit"
// Docs: docs/react.md#hooks
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react"
import { useAirlock } from "./useAirlock.ts"

/** A selection and the snapshot it was made from. */
interface Selection<A> {
  readonly snapshot: AirlockState
  readonly value: A
}

/**
 * A value derived from Airlock's state; the component re-renders only when `equals` (default `Object.is`) says the
 * selected value changed. Reads through `useSyncExternalStore`, which re-reads the snapshot after subscribing, so an
 * update between render and subscribe is not lost. On a server and while hydrating it reads the client's
 * `getServerSnapshot()`, so the HTML hydrates without a mismatch; the browser's state follows right after.
 *
 * @example
 * ```tsx
 * import { useAirlockSelector } from "airlock-kit/react"
 * const selectIsOpen = (state: { modal: { open: boolean } }) => state.modal.open
 * const Status = () => <p>{useAirlockSelector(selectIsOpen) ? "Modal open" : "Modal closed"}</p>
 * ```
 */
export const useAirlockSelector = <A>(selector: (state: AirlockState) => A, equals: Equals<A> = Object.is): A => {
  const client = useAirlock()
  const subscribe = useCallback((onChange: () => void) => client.subscribe(() => onChange()), [client])
  // The last committed selection, so a new selector returning an equal value keeps the old reference.
  const committed = useRef<{ value: A } | null>(null)
  const [getSelection, getServerSelection] = useMemo(() => {
    let memo: Selection<A> | undefined
    let serverMemo: Selection<A> | undefined
    const select = (snapshot: AirlockState, last: Selection<A> | undefined): Selection<A> => {
      if (last !== undefined && last.snapshot === snapshot) return last
      const next = selector(snapshot)
      // After hydration the server's selection is what is on screen: an equal one keeps its reference (no re-render).
      const previous = last ?? committed.current ?? serverMemo
      return { snapshot, value: previous !== undefined && equals(previous.value, next) ? previous.value : next }
    }
    return [
      (): A => {
        memo = select(client.getState(), memo)
        return memo.value
      },
      (): A => {
        serverMemo = select(client.getServerSnapshot(), serverMemo)
        return serverMemo.value
      }
    ]
  }, [client, selector, equals])
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection)
  useEffect(() => {
    committed.current = { value }
  }, [value])
  return value
}
