/**
 * A WalletConnect `Core` (2.21.8) that reaches only the relay the app configured: Verify (which otherwise loads a
 * hosted page and holds every session proposal and request for 5 s, WALLETCONNECT.md) answers locally, and the event
 * client sends nothing. Shared by the adapter (in the page) and the sandbox's wallet (in Node).
 */
import { Core } from "@walletconnect/core"
import type { IKeyValueStorage } from "@walletconnect/keyvaluestorage"
import type { ICore } from "@walletconnect/types"

/** Options of {@link makeCore}. */
export interface MakeCoreOptions {
  readonly relayUrl: string
  readonly projectId: string
  /** Distinct per Core in one page or process, or the second silently shares the first's state. */
  readonly storagePrefix: string
  /** Where sessions are kept. @default the SDK's (IndexedDB in a page), so a reload restores the session */
  readonly storage?: IKeyValueStorage | undefined
  /** The origin Verify reports for the peer. @default the page's origin */
  readonly origin?: string | undefined
}

/**
 * A Core that never calls a hosted service.
 * @example
 * ```ts
 * const core = makeCore({ relayUrl: "ws://127.0.0.1:4401", projectId: "airlock-demo", storagePrefix: "airlock" })
 * ```
 */
export const makeCore = (options: MakeCoreOptions): ICore => {
  const core = new Core({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    ...(options.storage === undefined ? {} : { storage: options.storage }),
    customStoragePrefix: options.storagePrefix,
    telemetryEnabled: false,
    logger: "silent"
  })
  const origin = options.origin ?? (typeof location === "undefined" ? "http://127.0.0.1" : location.origin)
  // `init` fetches Verify's public key from the hosted service; not in IVerify's type, present on the class.
  ;(core.verify as unknown as { init: () => Promise<void> }).init = async () => {}
  core.verify.register = async () => undefined
  core.verify.resolve = async () => ({ origin })
  core.eventClient.init = async () => {}
  // The class's optional fields are `T | undefined` where ICore says `T?`: the same at run time.
  return core as unknown as ICore
}
