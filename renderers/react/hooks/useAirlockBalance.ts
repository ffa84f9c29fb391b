"use client"
// Docs: docs/react.md#hooks
import { useCallback, useEffect } from "react"
import { type BalanceView, selectBalance } from "../../../core/resources/balance.ts"
import { connectedResourceKey } from "../../../core/resources/resource.ts"
import type { ChainNamespace } from "../../../core/schema/namespace.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlock } from "./useAirlock.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** Parameters of {@link useAirlockBalance}. */
export interface UseAirlockBalanceParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

/**
 * The connected account's native balance in the active namespace (or `namespace`), with its status. Mounting it
 * refreshes the balance when it is older than its 30 s lifetime (SPEC §9); a fresh one is shown without a request.
 *
 * @example
 * ```tsx
 * import { useAirlockBalance } from "airlock/react"
 * const Balance = () => {
 *   const { status, balance, symbol } = useAirlockBalance()
 *   return <p>{status === "success" ? `${balance} ${symbol}` : "…"}</p>
 * }
 * ```
 */
export const useAirlockBalance = (parameters: UseAirlockBalanceParameters = {}): BalanceView => {
  const { namespace } = parameters
  const client = useAirlock()
  const view = useAirlockSelector(useCallback((state: AirlockState) => selectBalance(state, namespace), [namespace]))
  // A new account or network is a new key: refreshed (within the lifetime, answered without a request).
  const key = useAirlockSelector(
    useCallback((state: AirlockState) => connectedResourceKey(state, "tokens", namespace), [namespace])
  )
  useEffect(() => {
    if (key !== "") void client.refresh(namespace)
  }, [client, namespace, key])
  return view
}
