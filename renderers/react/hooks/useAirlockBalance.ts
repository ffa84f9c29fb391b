"use client"
import { type AirlockClient, type BalanceView, type ChainNamespace, selectBalance } from "airlock-kit"
// Docs: docs/react.md#hooks
import { useResource } from "../internal/useResource.ts"

/** Parameters of {@link useAirlockBalance}. */
export interface UseAirlockBalanceParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

const refresh = (client: AirlockClient, namespace: ChainNamespace | undefined) => client.refresh(namespace)

/**
 * The connected account's native balance in the active namespace (or `namespace`), with its status. Mounting it
 * refreshes the balance when it is older than its 30 s lifetime (SPEC §9); a fresh one is shown without a request.
 *
 * @example
 * ```tsx
 * import { useAirlockBalance } from "airlock-kit/react"
 * const Balance = () => {
 *   const { status, balance, symbol } = useAirlockBalance()
 *   return <p>{status === "success" ? `${balance} ${symbol}` : "…"}</p>
 * }
 * ```
 */
export const useAirlockBalance = (parameters: UseAirlockBalanceParameters = {}): BalanceView =>
  useResource("tokens", selectBalance, refresh, parameters.namespace).view
