/**
 * `airlock-kit/effect`: the service tags for Effect users. `airlock.runtime` provides them; their memory layers are
 * static members (`Storage.layerMemory`), and `airlock-kit/testing` has the same tags for tests. Kept apart from `airlock-kit`
 * so an app importing the client does not bundle the services' HTTP and schema code into its first load.
 *
 * @example
 * ```ts
 * import { Storage, StorageKeys } from "airlock-kit/effect"
 * const lastChain = Storage.use((storage) => storage.get(StorageKeys.lastChain))
 * ```
 * @module
 */
export { Analytics } from "./services/Analytics.ts"
export { BlockchainApi } from "./services/BlockchainApi.ts"
export { ClientConfig } from "./services/ClientConfig.ts"
export { Platform } from "./services/Platform.ts"
export { Storage } from "./services/Storage.ts"
export { StorageKeys } from "./services/StorageKeys.ts"
export { WalletApi } from "./services/WalletApi.ts"
