import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { fetchResource } from "../../resources/fetch.ts"
import { resourceKey, resourceLifetimes, tokensRetryMillis } from "../../resources/resource.ts"
import { flashSnack } from "../../router/timings.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetwork } from "../../schema/network.ts"
import type { TokenBalance } from "../../schema/token.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { cell } from "../../state/Store.ts"

/**
 * The account's tokens on `network` from the blockchain API (SPEC §3 token balances): the network's rows only, tokens
 * with 0 decimals dropped (SPEC §5), the most valuable first. Fails when the API cannot answer.
 */
const tokensFromApi = (address: string, network: CaipNetwork, fresh: boolean) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const { balances } = yield* api.getBalance({ address, chainId: network.caipNetworkId, fresh })
    return balances
      .filter((b) => b.chainId === network.caipNetworkId && b.quantity.decimals !== "0")
      .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
  })

/** The native token's row among `tokens` (no address, else the network's currency symbol). */
const nativeOf = (tokens: ReadonlyArray<TokenBalance> | undefined, network: CaipNetwork) =>
  tokens?.find((b) => b.address === undefined) ?? tokens?.find((b) => b.symbol === network.nativeCurrency.symbol)

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
export const connectedOn = (state: AirlockState, namespace: ChainNamespace) => {
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
export const refreshBalance = (namespace: ChainNamespace, options: { readonly force?: boolean | undefined } = {}) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const connected = connectedOn(store.getSnapshot(), namespace)
    if (connected === undefined) return
    const { address, network } = connected
    // One answer feeds the token list (a resource of its own: lifetime, retry block, structural sharing) and the
    // native balance the account shows.
    const tokens = yield* fetchResource({
      key: resourceKey("tokens", network.caipNetworkId, address),
      lifetime: resourceLifetimes.tokens,
      retryAfter: tokensRetryMillis,
      force: options.force,
      // A forced refresh (after a send) must not be answered by the API service's own 30 s cache.
      load: tokensFromApi(address, network, options.force === true)
    })
    if (tokens?.status === "error") {
      yield* Effect.logWarning("Airlock: the blockchain API gave no balance; asking the chain", tokens.error)
    }
    const balance =
      nativeOf(tokens?.status === "success" ? tokens.data : undefined, network)?.quantity.numeric ??
      (yield* fromRpc(address, network))
    if (balance === undefined) {
      yield* forkInClient(
        flashSnack(cell(store, "snack"), {
          message: { id: "AccountDataError.TokenBalanceUnavailable" },
          variant: "error"
        })
      )
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
