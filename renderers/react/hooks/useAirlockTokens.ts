"use client"
// Docs: docs/react.md#hooks
import { type AirlockClient, type ChainNamespace, selectTokens, type TokensView } from "airlock-kit"
import { useResource } from "../internal/useResource.ts"

/** Parameters of {@link useAirlockTokens}. */
export interface UseAirlockTokensParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

const refresh = (client: AirlockClient, namespace: ChainNamespace | undefined) => client.refresh(namespace)

/**
 * The connected account's tokens in the active namespace (or `namespace`): status, the tokens (most valuable first),
 * their total in USD, and the fetch state. Mounting it refreshes them when they are older than their 30 s lifetime;
 * fresh ones are shown without a request.
 *
 * @example
 * ```tsx
 * import { useAirlockTokens } from "airlock-kit/react"
 * const Tokens = () => {
 *   const { tokens } = useAirlockTokens()
 *   return <ul>{tokens.map((t) => <li key={t.symbol}>{t.quantity.numeric} {t.symbol}</li>)}</ul>
 * }
 * ```
 */
export const useAirlockTokens = (parameters: UseAirlockTokensParameters = {}): TokensView =>
  useResource("tokens", selectTokens, refresh, parameters.namespace).view
