"use client"
// Docs: docs/react.md#hooks
import { useCallback, useEffect } from "react"
import { connectedResourceKey } from "../../../core/resources/resource.ts"
import { selectTokens, type TokensView } from "../../../core/resources/tokens.ts"
import type { ChainNamespace } from "../../../core/schema/namespace.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlock } from "./useAirlock.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** Parameters of {@link useAirlockTokens}. */
export interface UseAirlockTokensParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

/**
 * The connected account's tokens in the active namespace (or `namespace`): status, the tokens (most valuable first),
 * their total in USD, and the fetch state. Mounting it refreshes them when they are older than their 30 s lifetime;
 * fresh ones are shown without a request.
 *
 * @example
 * ```tsx
 * import { useAirlockTokens } from "airlock/react"
 * const Tokens = () => {
 *   const { tokens } = useAirlockTokens()
 *   return <ul>{tokens.map((t) => <li key={t.symbol}>{t.quantity.numeric} {t.symbol}</li>)}</ul>
 * }
 * ```
 */
export const useAirlockTokens = (parameters: UseAirlockTokensParameters = {}): TokensView => {
  const { namespace } = parameters
  const client = useAirlock()
  const selector = useCallback((state: AirlockState) => selectTokens(state, namespace), [namespace])
  const view = useAirlockSelector(selector)
  // The resource the view reads: a new account or network is a new key, refreshed (within its lifetime, no request).
  const key = useAirlockSelector(
    useCallback((state: AirlockState) => connectedResourceKey(state, "tokens", namespace), [namespace])
  )
  useEffect(() => {
    if (key !== "") void client.refresh(namespace)
  }, [client, namespace, key])
  return view
}
