"use client"
import { type AirlockClient, describeError, type Message, type MessageId } from "airlock-kit"
import { useCallback, useEffect, useRef, useState } from "react"

/** Where a wallet request a view started stands; a failure carries the text to show, as catalogue data. */
export type Attempt = { readonly status: "pending" } | { readonly status: "failed"; readonly message: Message }

/**
 * Runs `start` once when a view shows (and again on each retry), as a wallet request: one request per round, also
 * under StrictMode's double effects, so the wallet shows one prompt per click. `start` must be stable
 * (`useCallback`); `undefined` waits. A failure reads as its error's own text (`describeError`), else `fallback`.
 */
export const useAttempt = (
  start: (() => Promise<unknown>) | undefined,
  fallback: MessageId
): { readonly attempt: Attempt; readonly retry: () => void } => {
  const [attempt, setAttempt] = useState<Attempt>({ status: "pending" })
  const [round, setRound] = useState(0)
  const started = useRef(-1)
  const fallbackRef = useRef(fallback)
  fallbackRef.current = fallback
  useEffect(() => {
    if (start === undefined || started.current === round) return
    started.current = round
    setAttempt({ status: "pending" })
    start().catch((error: unknown) =>
      setAttempt({ status: "failed", message: describeError(error, fallbackRef.current) })
    )
  }, [start, round])
  const retry = useCallback(() => setRound((n) => n + 1), [])
  return { attempt, retry }
}

/**
 * Connecting `connectorId` as a view's attempt: a refusal reads 'Connection rejected' (and core shakes the modal); any
 * other failure reads its own text (SPEC §8), else 'Failed to connect'.
 */
export const useConnectAttempt = (
  client: AirlockClient,
  connectorId: string | undefined
): { readonly attempt: Attempt; readonly retry: () => void } => {
  // A refusal also shakes the modal: core's connect flow does it.
  const start = useCallback(() => client.connect(connectorId ?? ""), [client, connectorId])
  return useAttempt(connectorId === undefined ? undefined : start, "ConnectionError.FailedToConnect")
}
