import * as Effect from "effect/Effect"
import type { ChainNamespace } from "../schema/namespace.ts"
import { BlockchainApi } from "../services/BlockchainApi.ts"
import { StateStore } from "../state/StateStore.ts"

/**
 * Reads the connected account's native balance from the blockchain API (SPEC §7); a failure leaves the balance
 * unknown with a warning, never the connection.
 */
export const refreshBalance = (namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const api = yield* BlockchainApi
    const state = store.getSnapshot()
    const account = state.accounts[namespace]
    const network = state.activeNetworks[namespace]
    if (account.status !== "connected" || account.address === undefined || network === undefined) return
    if (!state.networks.some((n) => n.caipNetworkId === network.caipNetworkId)) return
    const { balances } = yield* api.getBalance({ address: account.address, chainId: network.caipNetworkId })
    const native =
      balances.find((b) => b.chainId === network.caipNetworkId && b.address === undefined) ??
      balances.find((b) => b.chainId === network.caipNetworkId && b.symbol === network.nativeCurrency.symbol)
    const balance = native?.quantity.numeric ?? "0"
    store.update((s) => {
      const current = s.accounts[namespace]
      if (current.address !== account.address || s.activeNetworks[namespace] !== network) return s
      return {
        ...s,
        accounts: {
          ...s.accounts,
          [namespace]: { ...current, balance, balanceSymbol: network.nativeCurrency.symbol }
        }
      }
    })
  }).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the balance could not be read", error)))
