/**
 * A WalletConnect `Core` (2.21.8) that stays on this machine: storage in memory or the given store, and the calls to
 * hosted services switched off: Verify (which otherwise holds every session proposal and request for 5 s while it
 * loads a hosted page, WALLETCONNECT.md) answers locally, and the event client sends nothing.
 */
import { Core } from "@walletconnect/core"
import type { IKeyValueStorage } from "@walletconnect/keyvaluestorage"
import type { ICore } from "@walletconnect/types"

/** A key-value store in a Map, for Node (tests, the sandbox wallet's programmatic form). */
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

/** Options of {@link makeLocalCore}. */
export interface LocalCoreOptions {
  readonly relayUrl: string
  readonly projectId: string
  /** Distinct per Core in one process, or the second silently shares the first's state. */
  readonly storagePrefix: string
  /** The origin Verify reports for the peer (the dapp's page). */
  readonly origin?: string | undefined
  readonly storage?: IKeyValueStorage | undefined
}

/**
 * A Core for `SignClient.init({ core })` or `UniversalProvider.init({ core })` that never calls a hosted service.
 * @example
 * ```ts
 * const core = makeLocalCore({ relayUrl: "ws://127.0.0.1:4401", projectId: "airlock-demo", storagePrefix: "wallet" })
 * ```
 */
export const makeLocalCore = (options: LocalCoreOptions): ICore => {
  const core = new Core({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    storage: options.storage ?? memoryStorage(),
    customStoragePrefix: options.storagePrefix,
    telemetryEnabled: false,
    logger: "silent"
  })
  const origin = options.origin ?? "http://127.0.0.1"
  // `init` fetches Verify's public key from the hosted service; not part of IVerify's type, present on the class.
  ;(core.verify as unknown as { init: () => Promise<void> }).init = async () => {}
  core.verify.register = async () => undefined
  core.verify.resolve = async () => ({ origin })
  core.eventClient.init = async () => {}
  // The class's optional fields are `T | undefined` where ICore says `T?`: the same at run time.
  return core as unknown as ICore
}
