import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createAirlock } from "../../../core/client/createAirlock.ts"
import { AlertError } from "../../../core/errors/alerts.ts"
import { ChainError, OptionsError } from "../../../core/errors/catalogue.ts"
import { base, mainnet, solana } from "../../../core/networks/index.ts"
import { BlockchainApi } from "../../../core/services/BlockchainApi.ts"
import { Platform } from "../../../core/services/Platform.ts"
import { Storage, StorageKeys } from "../../../core/services/Storage.ts"
import { WalletApi } from "../../../core/services/WalletApi.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"
import { alertTitle } from "../../fixtures/englishText.ts"

const evm = { namespace: "eip155" } as const
const connectedStorage: Array<[string, string]> = [["@airlock/eip155:connection_status", "connected"]]

afterEach(() => {
  vi.restoreAllMocks()
})

describe("createAirlock", () => {
  /** Creates a client from options an app might pass by mistake; `createAirlock` itself must not throw. */
  const refused = async (options: Record<string, unknown>) => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = createTestAirlock(options as never)
    const error = await airlock.ready.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OptionsError)
    return { airlock, error: error as OptionsError }
  }

  it("setting both siweConfig and siwx puts the client in error with the SPEC text; createAirlock does not throw", async () => {
    const { airlock, error } = await refused({ siwx: {}, siweConfig: {} })
    expect(error.shortMessage).toBe("Cannot set both `siweConfig` and `siwx` options")
    expect(airlock.getState()).toMatchObject({
      status: "error",
      error: { name: "OptionsError", message: "Cannot set both `siweConfig` and `siwx` options" }
    })
  })

  it("a projectId of the wrong type is an OptionsError with the path ['projectId'], not a TypeError", async () => {
    const { airlock, error } = await refused({ projectId: 42 })
    expect(error.path).toEqual(["projectId"])
    expect(airlock.getState().status).toBe("error")
  })

  it("every action of a refused client rejects with the same OptionsError; sync actions do nothing", async () => {
    const { airlock, error } = await refused({ projectId: 42 })
    await expect(airlock.open()).rejects.toBe(error)
    await expect(airlock.close()).rejects.toBe(error)
    await expect(airlock.switchNetwork(base)).rejects.toBe(error)
    await expect(airlock.disconnect()).rejects.toBe(error)
    await expect(airlock.loadMoreWallets()).rejects.toBe(error)
    const before = airlock.getState()
    airlock.push("AllWallets")
    airlock.goBack()
    airlock.shake()
    airlock.setThemeMode(before.themeMode === "dark" ? "light" : "dark")
    expect(airlock.getState()).toBe(before)
  })

  it("null options, a throwing getter, a non-adapter and a defaultNetwork outside networks: an OptionsError each, never a throw", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
    const cases: ReadonlyArray<readonly [unknown, ReadonlyArray<PropertyKey>, string]> = [
      [null, [], "The options must be an object"],
      [undefined, [], "The options must be an object"],
      [
        {
          endpoints,
          get networks(): never {
            throw new Error("boom")
          }
        },
        ["networks"],
        "could not be read: Error: boom"
      ],
      [{ networks: [mainnet], endpoints, adapters: [null] }, ["adapters", 0], "must be an adapter"],
      [{ networks: [mainnet], endpoints, adapters: [evm, "x"] }, ["adapters", 1], "must be an adapter"],
      [{ networks: [mainnet], endpoints, adapters: evm }, ["adapters"], "must be a list of adapters"],
      [{ networks: [mainnet, "base"], endpoints }, ["networks", 1], "must be a network"],
      [{ networks: [mainnet], endpoints, defaultNetwork: base }, ["defaultNetwork"], "must be one of `networks`"]
    ]
    for (const [options, path, details] of cases) {
      let airlock: ReturnType<typeof createAirlock> | undefined
      expect(() => {
        airlock = createAirlock(options as never)
      }).not.toThrow()
      expect(airlock?.getState().status).toBe("error")
      const error = await airlock?.ready.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OptionsError)
      expect((error as OptionsError).path).toEqual(path)
      expect((error as OptionsError).details).toContain(details)
      // A renderer reads the error from the state, never a raw TypeError later.
      expect(airlock?.getState().error).toMatchObject({ name: "OptionsError", message: "Invalid Airlock options" })
      await expect(airlock?.open()).rejects.toBe(error)
    }
  })

  it("an empty network list is refused with the path ['networks']", async () => {
    const { error } = await refused({ networks: [] })
    expect(error.path).toEqual(["networks"])
    expect(error.details).toContain("networks")
  })

  it("the wallet and blockchain API hosts are required: there is no hidden default host", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = createAirlock({ projectId: "p", networks: [mainnet] } as never)
    const error = await airlock.ready.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OptionsError)
    expect((error as OptionsError).path).toEqual(["endpoints"])
    const half = createAirlock({ networks: [mainnet], endpoints: { walletApi: "http://127.0.0.1:4400" } } as never)
    expect(await half.ready.catch((e: OptionsError) => e.path)).toEqual(["endpoints", "blockchainApi"])
  })

  it("a malformed endpoint URL is refused with its path and the modal stays closed", async () => {
    const { airlock, error } = await refused({
      endpoints: { walletApi: "javascript:alert(1)", blockchainApi: "https://a.b" }
    })
    expect(error.path).toEqual(["endpoints", "walletApi"])
    await expect(airlock.open()).rejects.toBe(error)
    expect(airlock.getState().modal.open).toBe(false)
  })

  it("an option only the schema checks is reported with its full path once the services chunk decodes it", async () => {
    const { airlock, error } = await refused({ featuredWalletIds: ["a", 7] })
    expect(error.path).toEqual(["featuredWalletIds", 1])
    expect(airlock.getState()).toMatchObject({ status: "error", error: { name: "OptionsError" } })
    await expect(airlock.open()).rejects.toBe(error)
  })

  it("an option of the wrong type is reported with its path", async () => {
    const { error } = await refused({ themeMode: "purple" })
    expect(error.path).toEqual(["themeMode"])
  })

  it("hostile sizes: the 10,000th of 10,000 networks being bad is found by path, a 2 MB project id decodes", async () => {
    const networks = [...Array.from({ length: 9_999 }, () => mainnet), { chainNamespace: 1 }]
    const { error } = await refused({ networks })
    expect(error.path.slice(0, 2)).toEqual(["networks", 9_999])
    const big = createTestAirlock({
      projectId: "7".repeat(2_000_000),
      excludeWalletIds: Array.from({ length: 10_000 }, String)
    })
    await big.ready
    expect(big.getState().status).toBe("ready")
  })

  it("a deeply nested value where a theme variable belongs is refused with its path", async () => {
    let nested: unknown = "x"
    for (let depth = 0; depth < 10_000; depth++) nested = { nested }
    const { error } = await refused({ themeVariables: { "--al-accent": nested } })
    expect(error.path).toEqual(["themeVariables", "--al-accent"])
  })

  it("a missing project id shows the APKT008 alert", async () => {
    const airlock = createTestAirlock({ projectId: undefined })
    await airlock.ready
    expect(airlock.getState().alert?.code).toBe("APKT008")
    expect(alertTitle(airlock.getState().alert)).toBe("Project ID Missing")
    expect(new AlertError({ code: "APKT008" }).shortMessage).toBe("Project ID Missing")
  })

  it("works outside a browser (no window) with the server platform", async () => {
    const airlock = createAirlock(
      {
        projectId: "p",
        networks: [mainnet],
        endpoints: { walletApi: "http://w.test", blockchainApi: "http://b.test" }
      },
      {
        platform: Platform.makeServer(),
        storage: Storage.layerMemory(),
        walletApi: WalletApi.layerMemory(),
        blockchainApi: BlockchainApi.layerMemory()
      }
    )
    await airlock.ready
    expect(airlock.getState().status).toBe("ready")
    expect(airlock.getState().themeMode).toBe("dark")
  })
})

describe("opening and closing", () => {
  it("opens on Connect when nothing is connected", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.open()
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "Connect" })
  })

  it("with no adapters opens ConnectingWalletConnectBasic on desktop and AllWallets on mobile", async () => {
    const desktop = createTestAirlock()
    await desktop.open()
    expect(desktop.getState().modal.view).toBe("ConnectingWalletConnectBasic")
    const mobile = createTestAirlock({ platform: { isMobile: () => true } })
    await mobile.open()
    expect(mobile.getState().modal.view).toBe("AllWallets")
  })

  it("opens the requested view", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.open({ view: "AllWallets" })
    expect(airlock.getState().modal.view).toBe("AllWallets")
  })

  it("opening for another namespace switches to that namespace's network first", async () => {
    const airlock = createTestAirlock({ adapters: [evm, { namespace: "solana" }], networks: [mainnet, solana] })
    await airlock.open({ namespace: "solana" })
    expect(airlock.getState().activeNamespace).toBe("solana")
    expect(airlock.getState().activeNetworks.solana?.caipNetworkId).toBe(solana.caipNetworkId)
  })

  it("closing resets the stack to Connect", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.open()
    airlock.push("AllWallets")
    await airlock.close()
    expect(airlock.getState().modal).toMatchObject({ open: false, view: "Connect", history: ["Connect"] })
  })

  it("back pops the stack, and with no history left closes", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.open()
    airlock.push("AllWallets")
    expect(airlock.getState().modal.transition).toBe("next")
    airlock.goBack()
    await Promise.resolve()
    expect(airlock.getState().modal).toMatchObject({ view: "Connect", transition: "prev", open: true })
    airlock.goBack()
    await Promise.resolve()
    expect(airlock.getState().modal.open).toBe(false)
  })

  it("embedded mode never hides the modal", async () => {
    const airlock = createTestAirlock({ adapters: [evm], enableEmbedded: true })
    await airlock.open()
    await airlock.close()
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "Connect" })
  })

  it("shake sets the flag for exactly 500 ms of the client's clock", async () => {
    const airlock = createTestAirlock({ clock: "test" })
    await airlock.ready
    airlock.shake()
    await vi.waitFor(() => expect(airlock.getState().shake).toBe(true))
    await airlock.clock.adjust("499 millis")
    expect(airlock.getState().shake).toBe(true)
    await airlock.clock.adjust("1 millis")
    expect(airlock.getState().shake).toBe(false)
  })

  it("open shows the view in the same tick, before the services chunk has loaded", () => {
    // A layer that never finishes building: the services (and the flows) are never ready.
    const airlock = createTestAirlock({ adapters: [evm], layer: Layer.effectDiscard(Effect.never) })
    void airlock.open({ view: "AllWallets" })
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "AllWallets" })
    void airlock.close()
    expect(airlock.getState().modal.open).toBe(false)
  })

  it("open with typed view data hands the data to the view", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.open({ view: "ConnectingExternal", data: { connectorId: "io.metamask" } })
    expect(airlock.getState().modal.data.ConnectingExternal).toEqual({ connectorId: "io.metamask" })
    // @ts-expect-error ConnectingExternal needs its connector
    void airlock.open({ view: "ConnectingExternal" })
    // @ts-expect-error ConnectingExternal's data is a connector, not a network
    airlock.push("ConnectingExternal", { caipNetworkId: "eip155:1" })
    // @ts-expect-error Connect takes no data
    airlock.push("Connect", { connectorId: "x" })
    airlock.push("ConnectingWalletConnect")
  })
})

describe("testability", () => {
  it("`layer` replaces a service: a wallet API answering 429 shows APKT010", async () => {
    const rateLimited = Layer.effect(
      WalletApi,
      Effect.gen(function* () {
        const api = yield* WalletApi
        return WalletApi.of({ ...api, getAllowedOrigins: Effect.fail(new AlertError({ code: "APKT010" })) })
      })
    ).pipe(Layer.provide(WalletApi.layerMemory()))
    const airlock = createTestAirlock({ platform: { origin: "https://shop.example" }, layer: rateLimited })
    await airlock.ready
    expect(airlock.getState().alert?.code).toBe("APKT010")
    expect(alertTitle(airlock.getState().alert)).toBe("Rate Limited")
  })

  it("an action still running when destroy() is called settles quietly; ready rejects with DestroyedError", async () => {
    const airlock = createTestAirlock({ adapters: [evm], layer: Layer.effectDiscard(Effect.never) })
    const opening = airlock.open({ namespace: "solana" })
    await airlock.destroy()
    await expect(opening).resolves.toBeUndefined()
    await expect(airlock.ready).rejects.toThrow("This Airlock client was destroyed")
  })

  it("destroy sets status destroyed before it releases; afterwards actions reject and sync ones do nothing", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.ready
    const statuses: Array<string> = []
    airlock.subscribe((state) => statuses.push(state.status))
    await airlock.destroy()
    expect(statuses).toEqual(["destroyed"])
    expect(airlock.getState().error).toEqual({ name: "DestroyedError", message: "This Airlock client was destroyed" })
    const before = airlock.getState()
    expect(() => {
      airlock.push("AllWallets")
      airlock.goBack()
      airlock.shake()
      airlock.setThemeMode("light")
    }).not.toThrow()
    expect(airlock.getState()).toBe(before)
    await expect(airlock.open()).rejects.toThrow("This Airlock client was destroyed")
    await expect(airlock.switchNetwork(mainnet)).rejects.toThrow("destroyed")
  })
})

describe("state", () => {
  it("every one of the seven namespaces has an account state", () => {
    const airlock = createTestAirlock()
    expect(Object.keys(airlock.getState().accounts).sort()).toEqual(
      ["bip122", "cosmos", "eip155", "polkadot", "solana", "stacks", "sui"].sort()
    )
  })

  it("a stored connection starts as connecting (never connected without an account), then settles", async () => {
    const airlock = createTestAirlock({ storage: connectedStorage })
    const statuses: Array<string> = []
    airlock.watch(
      (state) => state.accounts.eip155.status,
      (status) => statuses.push(status)
    )
    await airlock.ready
    expect(statuses[0]).toBe("connecting")
    expect(statuses).not.toContain("connected")
    expect(airlock.getState().accounts.solana.status).toBe("disconnected")
    // No wallet to restore it from here (no adapter code, no stored connector): disconnected.
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("disconnected"))
  })

  it("with reconnect disabled every namespace starts disconnected", async () => {
    const airlock = createTestAirlock({ storage: connectedStorage, enableReconnect: false })
    await airlock.ready
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
  })

  it("a corrupt stored status is dropped, not thrown", async () => {
    const airlock = createTestAirlock({ storage: [["@airlock/eip155:connection_status", "{{nonsense"]] })
    await airlock.ready
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
  })

  it("the stored last network is restored; an unknown one is shown as an unsupported network", async () => {
    const known = createTestAirlock({ networks: [mainnet, base], storage: [["@airlock/last_chain", "eip155:8453"]] })
    await known.ready
    expect(known.getState().activeNetworks.eip155?.name).toBe(base.name)
    const unknown = createTestAirlock({ networks: [mainnet], storage: [["@airlock/last_chain", "eip155:777"]] })
    await unknown.ready
    expect(unknown.getState().activeNetworks.eip155).toMatchObject({
      caipNetworkId: "eip155:777",
      name: "Chain 777"
    })
  })

  it("subscribe and watch notify on change, and stop after unsubscribing", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.ready
    const seen: Array<string> = []
    const views: Array<string> = []
    const unsubscribe = airlock.subscribe((state) => seen.push(state.modal.view))
    const unwatch = airlock.watch(
      (state) => state.themeMode,
      (mode) => views.push(mode)
    )
    await airlock.open({ view: "AllWallets" })
    airlock.setThemeMode("light")
    airlock.setThemeMode("light")
    unsubscribe()
    unwatch()
    airlock.setThemeMode("dark")
    expect(seen).toContain("AllWallets")
    expect(views).toEqual(["light"])
  })

  it("snapshots are immutable: an update replaces the object, an unrelated slice keeps its identity", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.ready
    const before = airlock.getState()
    airlock.setThemeMode(before.themeMode === "dark" ? "light" : "dark")
    const after = airlock.getState()
    expect(after).not.toBe(before)
    expect(after.accounts).toBe(before.accounts)
  })

  it("an app cannot mutate a snapshot: writes throw instead of silently desyncing the renderer", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.open()
    const state = airlock.getState()
    expect(() => {
      ;(state.modal as { open: boolean }).open = false
    }).toThrow(TypeError)
    expect(() => (state.networks as Array<unknown>).push(base)).toThrow(TypeError)
    expect(() => {
      ;(state.accounts.eip155 as { address?: string }).address = "0x1"
    }).toThrow(TypeError)
    expect(airlock.getState().modal.open).toBe(true)
  })

  it("theme follows the system preference unless the app chooses", () => {
    const media = (dark: boolean) => ({
      matchMedia: () => ({ matches: dark }) as MediaQueryList,
      prefersDark: () => dark
    })
    expect(createTestAirlock({ platform: media(false) }).getState().themeMode).toBe("light")
    expect(createTestAirlock({ platform: media(true) }).getState().themeMode).toBe("dark")
    expect(createTestAirlock({ themeMode: "light", platform: media(true) }).getState().themeMode).toBe("light")
    expect(createTestAirlock({ platform: { matchMedia: undefined } }).getState().themeMode).toBe("dark")
  })
})

describe("networks", () => {
  it("switchNetwork activates the network and stores it as the last chain", async () => {
    const airlock = createTestAirlock({ networks: [mainnet, base] })
    await airlock.switchNetwork(base)
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
    const stored = await airlock.runtime.runPromise(Storage.use((storage) => storage.get(StorageKeys.lastChain)))
    expect(stored).toBe("eip155:8453")
  })

  it("switching to a network the app does not list fails with 'Network not found' and shows APKT001", async () => {
    const airlock = createTestAirlock({ networks: [mainnet] })
    const error = await airlock.switchNetwork(base).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainError)
    expect((error as ChainError).shortMessage).toBe("Network not found")
    expect(airlock.getState().alert?.code).toBe("APKT001")
  })
})
