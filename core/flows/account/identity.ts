import * as Effect from "effect/Effect"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import { connectedOn } from "./balance.ts"

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
