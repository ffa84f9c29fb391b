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

const evm = { namespace: "eip155" } as const
const connectedStorage: Array<[string, string]> = [["@airlock/eip155:connection_status", "connected"]]

afterEach(() => {
  vi.restoreAllMocks()
})

describe("createAirlock", () => {
  it("setting both siweConfig and siwx fails with the SPEC text", () => {
    const attempt = () => createTestAirlock({ siwx: {}, siweConfig: {} })
    expect(attempt).toThrow(OptionsError)
    expect(attempt).toThrow("Cannot set both `siweConfig` and `siwx` options")
  })

  it("options are decoded: an empty network list is refused with a readable reason", () => {
    try {
      createTestAirlock({ networks: [] as never })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(OptionsError)
      expect((error as OptionsError).details).toContain("networks")
    }
  })

  it("a malformed endpoint URL is refused: ready rejects with OptionsError and the modal stays closed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = createTestAirlock({ endpoints: { walletApi: "javascript:alert(1)", blockchainApi: "https://a.b" } })
    const error = await airlock.ready.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OptionsError)
    expect((error as OptionsError).details).toContain("walletApi")
    expect(airlock.getState().status).toBe("error")
    await expect(airlock.open()).rejects.toBe(error)
    expect(airlock.getState().modal.open).toBe(false)
  })

  it("an option of the wrong type is reported with its path", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = createTestAirlock({ themeMode: "purple" as never })
    const error = await airlock.ready.catch((e: unknown) => e)
    expect((error as OptionsError).details).toContain("themeMode")
  })

  it("the wallet and blockchain API hosts are required: there is no hidden default host", () => {
    const attempt = () => createAirlock({ projectId: "p", networks: [mainnet] } as never)
    expect(attempt).toThrow(OptionsError)
    expect(attempt).toThrow("`endpoints.walletApi` and `endpoints.blockchainApi` must be set")
  })

  it("a missing project id shows the APKT008 alert", async () => {
    const airlock = createTestAirlock({ projectId: undefined })
    await airlock.ready
    expect(airlock.getState().alert).toMatchObject({ code: "APKT008", title: "Project ID Missing" })
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

  it("shake sets the flag for 500 ms", async () => {
    const airlock = createTestAirlock()
    airlock.shake()
    expect(airlock.getState().shake).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 650))
    expect(airlock.getState().shake).toBe(false)
  })
})

describe("state", () => {
  it("every one of the seven namespaces has an account state", () => {
    const airlock = createTestAirlock()
    expect(Object.keys(airlock.getState().accounts).sort()).toEqual(
      ["bip122", "cosmos", "eip155", "polkadot", "solana", "stacks", "sui"].sort()
    )
  })

  it("connection status starts from the stored status", async () => {
    const airlock = createTestAirlock({ storage: connectedStorage })
    await airlock.ready
    expect(airlock.getState().accounts.eip155.status).toBe("connected")
    expect(airlock.getState().accounts.solana.status).toBe("disconnected")
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
      name: "Unknown Network"
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
