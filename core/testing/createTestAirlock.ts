import type * as Duration from "effect/Duration"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import type { CoreServices } from "../adapter/CoreServices.ts"
import { type AirlockServices, makeAirlock } from "../client/createAirlock.ts"
import type { AirlockClient } from "../client/types.ts"
import { mainnet } from "../networks/index.ts"
import type { AirlockOptions } from "../options/AirlockOptions.ts"
import { Analytics, type AnalyticsPayload } from "../services/Analytics.ts"
import { BlockchainApi, type BlockchainApiSeed } from "../services/BlockchainApi.ts"
import { Platform, type PlatformOverrides } from "../services/Platform.ts"
import { Storage } from "../services/Storage.ts"
import { WalletApi, type WalletApiSeed } from "../services/WalletApi.ts"
import type { AirlockState } from "../state/AirlockState.ts"

const testEndpoints = { walletApi: "http://wallet-api.test", blockchainApi: "http://blockchain-api.test" }

/** Options of {@link createTestAirlock}: the client's options plus the fakes to run it on. */
export interface TestAirlockOptions extends Partial<AirlockOptions> {
  /** Browser facts to pretend (mobile, Telegram, dark mode…). */
  readonly platform?: PlatformOverrides | undefined
  /** Pre-stored values, as raw `localStorage` entries (`@airlock/…` keys). */
  readonly storage?: Iterable<readonly [string, string]> | undefined
  /** The wallet registry and project config the fake wallet API answers with. */
  readonly walletApi?: WalletApiSeed | undefined
  /** What the fake blockchain API answers with. */
  readonly blockchainApi?: BlockchainApiSeed | undefined
  /** Analytics payloads are pushed here instead of being sent. */
  readonly analyticsSent?: Array<AnalyticsPayload> | undefined
  /** Any layer replacing the client's services (applied after the fakes above), e.g. a `WalletApi` answering 429. */
  readonly layer?: Layer.Layer<never, never, CoreServices> | undefined
  /**
   * `"test"` runs every timer of the client (shake 500 ms, snack 150 ms, retries…) on a `TestClock` that moves only
   * when the test calls `airlock.clock.adjust`. @default "live"
   */
  readonly clock?: "live" | "test" | undefined
}

/** A test client: the real client plus `setState`, to put it in any state (connected, with wallets, a snack…). */
export interface TestAirlockClient extends AirlockClient {
  /** Replaces the state with `f(state)`, exactly as a flow would. */
  setState(f: (state: AirlockState) => AirlockState): void
  /** The client's clock: `adjust` moves a `clock: "test"` client's time and runs what falls due. */
  readonly clock: {
    /** Moves the test clock forward and runs every timer due by then (fails on a live clock). */
    adjust(duration: Duration.Input): Promise<void>
  }
}

/**
 * A real Airlock client on in-memory services: memory storage, a fake platform, no network. For unit tests of apps
 * and renderers.
 *
 * @example
 * ```ts
 * import { createTestAirlock } from "airlock-kit/testing"
 * const airlock = createTestAirlock({ clock: "test", platform: { isMobile: () => true } })
 * await airlock.open()
 * airlock.getState().modal.view // "AllWallets" (no adapters, on a phone)
 * airlock.shake()
 * await airlock.clock.adjust("500 millis") // the shake is over, no real time spent
 * ```
 */
export const createTestAirlock = (options: TestAirlockOptions = {}): TestAirlockClient => {
  const { platform, storage, walletApi, blockchainApi, analyticsSent, layer, clock, ...rest } = options
  const testClock = clock === "test" ? TestClock.layer() : undefined
  const overrides = [testClock, layer].filter((l) => l !== undefined)
  const services: AirlockServices = {
    platform: Platform.makeTest(platform ?? {}),
    storage: Storage.layerMemory(storage),
    walletApi: WalletApi.layerMemory(walletApi),
    blockchainApi: BlockchainApi.layerMemory(blockchainApi),
    analytics: Analytics.layerMemory(analyticsSent),
    ...(overrides.length === 0
      ? {}
      : { layer: Layer.mergeAll(...(overrides as [Layer.Layer<never, never, CoreServices>])) })
  }
  const { client, store } = makeAirlock(
    {
      projectId: "test-project",
      ...rest,
      networks: rest.networks ?? [mainnet],
      // Never fetched: the wallet and blockchain APIs are the memory layers below.
      endpoints: rest.endpoints ?? testEndpoints
    },
    services
  )
  return {
    ...client,
    setState: store.update,
    clock: { adjust: (duration) => client.runtime.runPromise(TestClock.adjust(duration)) }
  }
}
