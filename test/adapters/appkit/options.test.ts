import { describe, expect, it } from "vitest"
import { EthersAdapter, SolanaAdapter } from "../../../adapters/appkit/adapters.ts"
import { createAppKit, toAppKit } from "../../../adapters/appkit/client.ts"
import { type AppKitOptions, toAirlockOptions } from "../../../adapters/appkit/options.ts"
import { evm } from "../../../adapters/evm/index.ts"
import { walletConnect } from "../../../adapters/walletconnect/index.ts"
import type { OptionsError } from "../../../core/errors/catalogue.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"

const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }

/** The mapping of `options`, with the warnings it gave. */
const mapped = (options: Omit<AppKitOptions, "endpoints"> & { readonly endpoints?: AppKitOptions["endpoints"] }) => {
  const warnings: Array<string> = []
  const result = toAirlockOptions({ endpoints, ...options } as AppKitOptions, (w) => warnings.push(w))
  return { options: result, warnings }
}

const viemChain = {
  id: 10,
  name: "OP Mainnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://op.example"] } }
}

// createAppKit's options (issue 26): AppKit's names read onto Airlock's; what Airlock lacks warns, nothing throws.
describe("AppKit's options on Airlock", () => {
  it("passes the options both share through unchanged, without a warning", () => {
    const shared = {
      projectId: "p",
      networks: [mainnet, base] as const,
      defaultNetwork: base,
      metadata: { name: "App", description: "d", url: "https://app.example", icons: [] },
      themeMode: "light" as const,
      featuredWalletIds: ["a"],
      includeWalletIds: ["b"],
      excludeWalletIds: ["c"],
      allowUnsupportedChain: true,
      enableReconnect: false,
      enableNetworkSwitch: false,
      manualWCControl: true,
      basic: true,
      enableEmbedded: true
    }
    const { options, warnings } = mapped(shared)
    expect(options).toEqual({ ...shared, networks: [mainnet, base], endpoints })
    expect(warnings).toEqual([])
  })

  it("reads a viem chain (no caipNetworkId) as an eip155 network, in networks, defaultNetwork and switchNetwork", () => {
    const { options } = mapped({ networks: [mainnet, viemChain], defaultNetwork: viemChain })
    expect(options.networks[1]).toMatchObject({ id: 10, chainNamespace: "eip155", caipNetworkId: "eip155:10" })
    expect(options.defaultNetwork?.caipNetworkId).toBe("eip155:10")
  })

  it("maps --w3m-* theme variables onto --airlock-*, and drops the ones Airlock has not with a warning", () => {
    const { options, warnings } = mapped({
      networks: [mainnet],
      themeVariables: { "--w3m-accent": "#f00", "--w3m-z-index": 5, "--w3m-qr-color": "#000" }
    })
    expect(options.themeVariables).toEqual({ "--airlock-accent": "#f00", "--airlock-z-index": 5 })
    expect(warnings).toEqual(['`themeVariables["--w3m-qr-color"]` has no Airlock counterpart; it is ignored.'])
  })

  it("maps features: history is activity, allWallets: HIDE turns All Wallets off, an unknown feature warns", () => {
    const { options, warnings } = mapped({
      networks: [mainnet],
      features: {
        analytics: false,
        email: false,
        socials: ["google"],
        swaps: false,
        onramp: false,
        history: false,
        emailShowWallets: true
      },
      allWallets: "HIDE"
    })
    expect(options.features).toEqual({
      analytics: false,
      email: false,
      socials: ["google"],
      swaps: false,
      onramp: false,
      activity: false,
      allWallets: false
    })
    expect(warnings).toEqual(["`features.emailShowWallets` is an AppKit feature Airlock does not have; it is ignored."])
  })

  it("debug: true logs everything unless logLevel says otherwise", () => {
    expect(mapped({ networks: [mainnet], debug: true }).options.logLevel).toBe("debug")
    expect(mapped({ networks: [mainnet], debug: true, logLevel: "warn" }).options.logLevel).toBe("warn")
  })

  it("ignores AppKit-only options with a warning naming each", () => {
    const { options, warnings } = mapped({
      networks: [mainnet],
      termsConditionsUrl: "https://t.example",
      enableCoinbase: false
    })
    expect(options).not.toHaveProperty("termsConditionsUrl")
    expect(warnings).toEqual([
      "`termsConditionsUrl` is an AppKit option Airlock does not have; it is ignored.",
      "`enableCoinbase` is an AppKit option Airlock does not have; it is ignored."
    ])
  })

  it("keeps Airlock adapters, drops an AppKit package's adapter with a warning", () => {
    const ethers = new EthersAdapter()
    const wagmi = { adapterType: "wagmi", namespace: "eip155" }
    const { options, warnings } = mapped({ networks: [mainnet], adapters: [ethers, wagmi as never] })
    expect(options.adapters).toEqual([ethers])
    expect(warnings[0]).toMatch(/^`adapters\[1\]` is an AppKit adapter \(wagmi\)/)
    expect(new SolanaAdapter().namespace).toBe("solana")
    expect(ethers.namespace).toBe("eip155")
    expect(typeof ethers.load).toBe("function")
  })

  it("adds WalletConnect as AppKit does when endpoints.relay is set, once, and not with enableWalletConnect: false", () => {
    const relay = { ...endpoints, relay: "ws://127.0.0.1:4401" }
    const added = mapped({ networks: [mainnet], adapters: [evm()], endpoints: relay }).options.adapters ?? []
    expect(added).toHaveLength(2)
    expect(added[1]?.namespaces).toEqual(["eip155", "solana"])
    const own = walletConnect()
    expect(mapped({ networks: [mainnet], adapters: [evm(), own], endpoints: relay }).options.adapters).toHaveLength(2)
    const off = mapped({ networks: [mainnet], adapters: [evm()], endpoints: relay, enableWalletConnect: false })
    expect(off.options.adapters).toHaveLength(1)
    const noRelay = mapped({ networks: [mainnet], adapters: [evm()], enableWalletConnect: true })
    expect(noRelay.options.adapters).toHaveLength(1)
    expect(noRelay.warnings).toEqual([
      "`enableWalletConnect` needs `endpoints.relay` in Airlock; WalletConnect is off."
    ])
  })

  it("invalid values are refused as Airlock refuses them: ready rejects with the OptionsError naming the option", async () => {
    const original = console.warn
    console.warn = () => {}
    try {
      const appKit = createAppKit({ networks: [mainnet], endpoints, siwx: {} as never, siweConfig: {} as never })
      const error = (await appKit.ready.catch((e: unknown) => e)) as OptionsError
      expect(error.message).toMatch(/^Cannot set both `siweConfig` and `siwx` options/)
      const noNetworks = createAppKit({ networks: [] as never, endpoints })
      expect(((await noNetworks.ready.catch((e: unknown) => e)) as OptionsError).path).toEqual(["networks"])
      const notObject = createAppKit(null as never)
      expect(((await notObject.ready.catch((e: unknown) => e)) as OptionsError).path).toEqual([])
    } finally {
      console.warn = original
    }
  })

  it("reports what it dropped on the console and in appKit.warnings, and stays quiet with logLevel: none", () => {
    const original = console.warn
    const logged: Array<unknown> = []
    console.warn = (...args: Array<unknown>) => void logged.push(args.join(" "))
    try {
      const appKit = createAppKit({ networks: [mainnet], endpoints, chainImages: {} })
      expect(appKit.warnings).toEqual(["`chainImages` is an AppKit option Airlock does not have; it is ignored."])
      expect(logged).toEqual([`[airlock-kit/appkit] ${appKit.warnings[0]}`])
      createAppKit({ networks: [mainnet], endpoints, chainImages: {}, logLevel: "none" })
      expect(logged).toHaveLength(1)
    } finally {
      console.warn = original
    }
  })
})

// The client's AppKit-named methods, over a test client with a fake wallet.
describe("the AppKit client", () => {
  it("open, getState, getAccount, networks, wallet info, provider, theme, events and disconnect", async () => {
    const { adapter } = fakeAdapter()
    const airlock = createTestAirlock({ adapters: [adapter], networks: [mainnet, base] })
    const appKit = toAppKit(airlock)
    await appKit.ready
    expect(appKit.getState()).toEqual({
      open: false,
      loading: false,
      initialized: true,
      selectedNetworkId: "eip155:1",
      activeChain: "eip155"
    })
    const states: Array<boolean> = []
    appKit.subscribeState((state) => states.push(state.open))
    await appKit.open()
    expect(appKit.getState().open).toBe(true)
    expect(airlock.getState().modal.view).toBe("Connect")
    await appKit.close()
    expect(states).toEqual([true, false])
    expect(appKit.getIsConnectedState()).toBe(false)
    expect(appKit.getAccount()).toMatchObject({ isConnected: false, status: "disconnected", address: undefined })

    const providers: Array<unknown> = []
    appKit.subscribeProviders((all) => providers.push(all.eip155))
    await airlock.connect("test.wallet")
    expect(appKit.getAddress()).toBe(fakeAccount)
    expect(appKit.getCaipAddress()).toBe(`eip155:1:${fakeAccount}`)
    expect(appKit.getAccount()).toMatchObject({
      isConnected: true,
      status: "connected",
      allAccounts: [{ namespace: "eip155", address: fakeAccount }]
    })
    expect(appKit.getAccount()).toBe(appKit.getAccount())
    await expect.poll(() => appKit.getWalletProvider("eip155")).toBeDefined()
    expect(appKit.getWalletProvider()).toBe(await airlock.getProvider("eip155"))
    expect(providers.at(-1)).toBe(appKit.getWalletProvider())
    expect(appKit.getWalletProviderType()).toBe(airlock.getState().connectors[0]?.type)

    const networks: Array<unknown> = []
    appKit.subscribeNetwork((network) => networks.push(network.caipNetworkId))
    await appKit.switchNetwork(base)
    expect(appKit.getCaipNetwork()?.caipNetworkId).toBe("eip155:8453")
    expect(appKit.getCaipNetworkId()).toBe("eip155:8453")
    expect(appKit.getChainId()).toBe(8453)
    expect(networks).toEqual(["eip155:8453"])
    // A viem chain with the id of one of the app's networks switches to that network.
    await appKit.switchNetwork({ ...viemChain, id: 1, name: "Ethereum" })
    expect(appKit.getCaipNetwork()).toBe(mainnet)

    // An unrelated change keeps the account object (a hook reading it does not re-render).
    const account = appKit.getAccount()
    appKit.setThemeMode("light")
    expect(appKit.getThemeMode()).toBe("light")
    expect(appKit.getAccount()).toBe(account)
    expect(appKit.getThemeVariables()).toBe(airlock.getState().themeVariables)

    const events: Array<string> = []
    appKit.subscribeEvents((event) => events.push(event.data.event))
    await appKit.disconnect()
    expect(events).toContain("DISCONNECT_SUCCESS")
    expect(appKit.getEvent()).toBe(airlock.getState().lastEvent)
    expect(appKit.getIsConnectedState()).toBe(false)
    expect(appKit.getWalletProvider()).toBeUndefined()
    expect(appKit.getWalletInfo()).toBeUndefined()
  })
})
