"use client"
// Docs: docs/react.md#hooks
import type { AirlockState, CaipNetwork, ChainNamespace } from "airlock-kit"
import { shallowEqual } from "../internal/shallowEqual.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** What {@link useAirlockNetwork} returns. */
export interface UseAirlockNetworkReturnType {
  readonly namespace: ChainNamespace | undefined
  /** The active network of the active namespace. */
  readonly network: CaipNetwork | undefined
  /** The app's networks, in its order. */
  readonly networks: ReadonlyArray<CaipNetwork>
}

const selectNetwork = (state: AirlockState): UseAirlockNetworkReturnType => ({
  namespace: state.activeNamespace,
  network: state.activeNamespace === undefined ? undefined : state.activeNetworks[state.activeNamespace],
  networks: state.networks
})

/**
 * The active network and the app's networks; switch with `useAirlock().switchNetwork(network)`.
 *
 * @example
 * ```tsx
 * import { useAirlockNetwork } from "airlock-kit/react"
 * const Chain = () => <p>{useAirlockNetwork().network?.name ?? "No network"}</p>
 * ```
 */
export const useAirlockNetwork = (): UseAirlockNetworkReturnType => useAirlockSelector(selectNetwork, shallowEqual)
