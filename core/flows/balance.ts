import * as Effect from "effect/Effect"
import { flashSnack } from "../router/timings.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { CaipNetwork } from "../schema/network.ts"
import { Adapters } from "../services/Adapters.ts"
import { BlockchainApi } from "../services/BlockchainApi.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { forkInClient } from "../state/ClientScope.ts"
import { StateStore } from "../state/StateStore.ts"
import { cell } from "../state/Store.ts"

/** The native balance from the blockchain API; `undefined` when it fails or does not list the native token. */
const fromApi = (address: string, network: CaipNetwork) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const { balances } = yield* api.getBalance({ address, chainId: network.caipNetworkId })
    const native =
      balances.find((b) => b.chainId === network.caipNetworkId && b.address === undefined) ??
      balances.find((b) => b.chainId === network.caipNetworkId && b.symbol === network.nativeCurrency.symbol)
    return native?.quantity.numeric
  }).pipe(
    Effect.catch((error) =>
      Effect.as(Effect.logWarning("Airlock: the blockchain API gave no balance; asking the chain", error), undefined)
    )
  )

/** The native balance read from the chain through the namespace's adapter (its ranked RPC). */
const fromRpc = (address: string, network: CaipNetwork) =>
  Effect.gen(function* () {
    const implementation = yield* (yield* Adapters).load(network.chainNamespace)
    const read = implementation?.getBalance
    if (read === undefined) return undefined
    return yield* Effect.tryPromise(() => read({ address, network }))
  }).pipe(
    Effect.catch((error) => Effect.as(Effect.logWarning("Airlock: the chain gave no balance either", error), undefined))
  )

/** The connected account of `namespace` and the network it is on, when it is connected on one of the app's networks. */
const connectedOn = (state: AirlockState, namespace: ChainNamespace) => {
  const account = state.accounts[namespace]
  const network = state.activeNetworks[namespace]
  const address = account.address
  if (account.status !== "connected" || address === undefined || network === undefined) return undefined
  if (!state.networks.some((n) => n.caipNetworkId === network.caipNetworkId)) return undefined
  return { address, network }
}

/**
 * Reads the connected account's native balance (SPEC §7): from the blockchain API (cached 30 s; after a failure the
 * API is not asked again for 30 s), else from the chain through the adapter's RPC. When neither answers the balance
 * stays unknown (the Account view says so); the connection is never affected.
 */
export const refreshBalance = (namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const connected = connectedOn(store.getSnapshot(), namespace)
    if (connected === undefined) return
    const { address, network } = connected
    const balance = (yield* fromApi(address, network)) ?? (yield* fromRpc(address, network))
    if (balance === undefined) {
      yield* forkInClient(flashSnack(cell(store, "snack"), { message: "Token Balance Unavailable", variant: "error" }))
    }
    store.update((s) => {
      const current = s.accounts[namespace]
      if (current.address !== address || s.activeNetworks[namespace] !== network) return s
      if (balance === undefined) {
        // SPEC §8 'Token Balance Unavailable': shown on the modal; the API is not asked again for 30 s.
        const { balance: _, balanceSymbol: __, ...rest } = current
        return { ...s, accounts: { ...s.accounts, [namespace]: rest } }
      }
      return {
        ...s,
        accounts: { ...s.accounts, [namespace]: { ...current, balance, balanceSymbol: network.nativeCurrency.symbol } }
      }
    })
  })

/**
 * Reads the connected account's name and avatar (SPEC §7 identity, cached 5 minutes by the API service) on EVM
 * chains that are not testnets; a failure leaves them unset with a warning.
 */
export const refreshIdentity = (namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const connected = connectedOn(store.getSnapshot(), namespace)
    if (namespace !== "eip155" || connected === undefined || connected.network.testnet === true) return
    const { address } = connected
    const identity = yield* (yield* BlockchainApi).getIdentity({ address })
    store.update((s) => {
      const current = s.accounts[namespace]
      if (current.address !== address) return s
      return {
        ...s,
        accounts: {
          ...s.accounts,
          [namespace]: { ...current, profileName: identity.name, profileImage: identity.avatar ?? null }
        }
      }
    })
  }).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the account's name could not be read", error)))
