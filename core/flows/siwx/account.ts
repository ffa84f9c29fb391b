import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetworkId } from "../../schema/network.ts"
import type { AirlockState } from "../../state/AirlockState.ts"

/** The account sign-in is about: the active namespace's connected address on its active network. */
export interface SiwxAccount {
  readonly namespace: ChainNamespace
  readonly address: string
  readonly chainId: CaipNetworkId
  /** Whether the app lists the network (SPEC §4 asks on supported networks only). */
  readonly supported: boolean
}

/** The active account to sign in, or undefined when nothing is connected. */
export const siwxAccount = (state: AirlockState): SiwxAccount | undefined => {
  const namespace = state.activeNamespace
  if (namespace === undefined) return undefined
  const account = state.accounts[namespace]
  const network = state.activeNetworks[namespace]
  // Any status with an address: a wallet reconnecting keeps its account (and its sign-in).
  if (account.address === undefined || network === undefined) return undefined
  const chainId = network.caipNetworkId
  return {
    namespace,
    address: account.address,
    chainId,
    supported: state.networks.some((n) => n.caipNetworkId === chainId)
  }
}

/** One key per account and network, for watching. */
export const accountKey = (account: SiwxAccount | undefined): string | undefined =>
  account === undefined ? undefined : `${account.chainId}|${account.address}`
