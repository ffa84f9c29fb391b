"use client"
import type { AirlockState, ChainNamespace } from "airlock-kit"
// Docs: docs/react.md#hooks
import { useCallback } from "react"
import { shallowEqual } from "../internal/shallowEqual.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** Parameters of {@link useAirlockAccount}. */
export interface UseAirlockAccountParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

/** What {@link useAirlockAccount} returns. */
export interface UseAirlockAccountReturnType {
  readonly namespace: ChainNamespace | undefined
  readonly address: string | undefined
  readonly caipAddress: string | undefined
  readonly status: "disconnected" | "connecting" | "connected"
  readonly isConnected: boolean
  readonly balance: string | undefined
  readonly balanceSymbol: string | undefined
}

/** The account of a namespace as a small object, so a re-render happens only when one of its fields changes. */
export const selectAccount = (state: AirlockState, namespace?: ChainNamespace): UseAirlockAccountReturnType => {
  const ns = namespace ?? state.activeNamespace
  const account = ns === undefined ? undefined : state.accounts[ns]
  const status = account?.status ?? "disconnected"
  return {
    namespace: ns,
    address: account?.address,
    caipAddress: account?.caipAddress,
    status,
    isConnected: status === "connected" && account?.address !== undefined,
    balance: account?.balance,
    balanceSymbol: account?.balanceSymbol
  }
}

/**
 * The connected account of the active namespace (or of `namespace`).
 *
 * @example
 * ```tsx
 * import { useAirlockAccount } from "airlock-kit/react"
 * const Address = () => {
 *   const { address, isConnected } = useAirlockAccount()
 *   return <p>{isConnected ? address : "Not connected"}</p>
 * }
 * ```
 */
export const useAirlockAccount = (parameters: UseAirlockAccountParameters = {}): UseAirlockAccountReturnType => {
  const { namespace } = parameters
  const selector = useCallback((state: AirlockState) => selectAccount(state, namespace), [namespace])
  return useAirlockSelector(selector, shallowEqual)
}
