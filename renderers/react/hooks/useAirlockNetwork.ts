"use client"
// Docs: docs/react.md#hooks
import type { AirlockState, CaipNetwork, ChainNamespace } from "airlock-kit"
import { useMemo } from "react"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** What {@link useAirlockNetwork} returns. */
export interface UseAirlockNetworkReturnType {
  readonly namespace: ChainNamespace | undefined
  /** The active network of the active namespace. */
  readonly network: CaipNetwork | undefined
  /** The app's networks, in its order. */
  readonly networks: ReadonlyArray<CaipNetwork>
}

// Three selections of values the state holds (each equal by reference), not one object compared field by field:
// `internal/shallowEqual.ts` is on the first load with `useAirlockAccount`, and used here too (the connected user's
// and the embedded wallet's views) it would sit in a file of its own under rolldown (Vite), one more before the button.
const selectNamespace = (state: AirlockState) => state.activeNamespace
const selectNetwork = (state: AirlockState) =>
  state.activeNamespace === undefined ? undefined : state.activeNetworks[state.activeNamespace]
const selectNetworks = (state: AirlockState) => state.networks

/**
 * The active network and the app's networks; switch with `useAirlock().switchNetwork(network)`.
 *
 * @example
 * ```tsx
 * import { useAirlockNetwork } from "airlock-kit/react"
 * const Chain = () => <p>{useAirlockNetwork().network?.name ?? "No network"}</p>
 * ```
 */
export const useAirlockNetwork = (): UseAirlockNetworkReturnType => {
  const namespace = useAirlockSelector(selectNamespace)
  const network = useAirlockSelector(selectNetwork)
  const networks = useAirlockSelector(selectNetworks)
  return useMemo(() => ({ namespace, network, networks }), [namespace, network, networks])
}
