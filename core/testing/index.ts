/**
 * `airlock-kit/testing`: the in-memory layers and a client factory, so apps test their own Airlock integration without
 * a network or a browser.
 * @module
 */

export { ActiveNetwork } from "../services/ActiveNetwork.ts"
export { Analytics, type AnalyticsPayload } from "../services/Analytics.ts"
export { BlockchainApi, type BlockchainApiSeed } from "../services/BlockchainApi.ts"
export { Platform } from "../services/Platform.ts"
export { Storage } from "../services/Storage.ts"
export { StorageKeys } from "../services/StorageKeys.ts"
export { WalletApi, type WalletApiSeed } from "../services/WalletApi.ts"
export { StateStore } from "../state/StateStore.ts"
export { createTestAirlock, type TestAirlockClient, type TestAirlockOptions } from "./createTestAirlock.ts"
export { type FakeAdapterOptions, type FakeWallet, fakeAccount, fakeAdapter } from "./fakeAdapter.ts"
