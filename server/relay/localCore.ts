/**
 * A WalletConnect Core for Node (tests, the Sandbox Mobile Wallet): the adapter's own Core (no hosted Verify, no
 * event client), with sessions kept in memory.
 */
import type { IKeyValueStorage } from "@walletconnect/keyvaluestorage"
import type { ICore } from "@walletconnect/types"
import { makeCore } from "../../adapters/walletconnect/core.ts"

/** A key-value store in a Map. */
export const memoryStorage = (): IKeyValueStorage => {
  const entries = new Map<string, unknown>()
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T = unknown>() => [...entries.entries()] as Array<[string, T]>,
    getItem: async <T = unknown>(key: string) => entries.get(key) as T | undefined,
    setItem: async <T = unknown>(key: string, value: T) => {
      entries.set(key, value)
    },
    removeItem: async (key: string) => {
      entries.delete(key)
    }
  }
}

/**
 * A Core on the given relay with in-memory storage.
 * @example
 * ```ts
 * const core = makeLocalCore({ relayUrl: "ws://127.0.0.1:4401", projectId: "airlock-demo", storagePrefix: "wallet" })
 * ```
 */
export const makeLocalCore = (options: {
  readonly relayUrl: string
  readonly projectId: string
  readonly storagePrefix: string
  readonly origin?: string | undefined
}): ICore => makeCore({ ...options, storage: memoryStorage() })
