import { afterEach, describe, expect, it, vi } from "vitest"
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import { mainnet, solana } from "../../../core/networks/index.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { type ConnectView, selectConnectView } from "../../../core/state/selectors.ts"
import { createTestAirlock, fakeAdapter } from "../../../core/testing/index.ts"

// The Connect view's rows as an app's client fills them: adapters discover connectors, the registry answers, storage
// holds the recent wallets.

const registry: ReadonlyArray<WalletListing> = [
  { id: "metamask", name: "MetaMask", rdns: "io.metamask" },
  { id: "coinbase", name: "Coinbase Wallet", rdns: "com.coinbase.wallet" },
  { id: "trust", name: "Trust Wallet", rdns: "com.trustwallet.app" },
  { id: "rainbow", name: "Rainbow", rdns: "me.rainbow" }
]

/** An EVM browser wallet announced over EIP-6963 (what `evm()` lists for an installed extension). */
const metamask = () =>
  fakeAdapter({ connector: { id: "io.metamask", name: "MetaMask", type: "ANNOUNCED", info: { rdns: "io.metamask" } } })

/** `walletConnect()`'s one connector, over a wallet that approves at once. */
const walletConnect = () =>
  fakeAdapter({ connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" } })

const rows = (view: ConnectView) =>
  view.sections.map((section) => [
    section.type,
    ("connectors" in section ? section.connectors : section.wallets).map((entry) => entry.name)
  ])

const stored = (recent: ReadonlyArray<WalletListing>): ReadonlyArray<readonly [string, string]> => [
  ["@airlock/recent_wallets", JSON.stringify(recent)]
]

afterEach(() => {
  vi.restoreAllMocks()
})

describe("registry wallets show only when a connector can reach them", () => {
  it("with evm() alone: only the installed wallet, no registry wallet, no All Wallets", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {})
    const airlock = createTestAirlock({
      adapters: [metamask().adapter],
      walletApi: { wallets: registry },
      featuredWalletIds: ["coinbase", "metamask"],
      storage: stored([{ id: "rainbow", name: "Rainbow", rdns: "me.rainbow" }])
    })
    await airlock.ready
    const view = selectConnectView(airlock.getState())
    // Nothing fetched that could not be shown: no registry list, no count.
    expect(airlock.getState().wallets).toMatchObject({ featured: [], recommended: [], count: 0 })
    expect(rows(view)).toEqual([["injected", ["MetaMask"]]])
    expect(view.allWallets).toBe(false)
  })

  it("with walletConnect() too: the featured, recommended and recent wallets and All Wallets", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const airlock = createTestAirlock({
      adapters: [metamask().adapter, walletConnect().adapter],
      walletApi: { wallets: registry },
      featuredWalletIds: ["coinbase", "metamask"],
      storage: stored([{ id: "rainbow", name: "Rainbow", rdns: "me.rainbow" }])
    })
    await airlock.ready
    const view = selectConnectView(airlock.getState())
    expect(rows(view)).toEqual([
      ["walletConnect", ["WalletConnect"]],
      ["recent", ["Rainbow"]],
      // MetaMask is installed: it shows as its browser wallet, not again as a featured listing.
      ["injected", ["MetaMask"]],
      ["featured", ["Coinbase Wallet"]],
      ["recommended", ["Trust Wallet"]]
    ])
    expect(view.allWallets).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })

  it("All Wallets stays hidden when its feature is off, even with walletConnect()", async () => {
    const airlock = createTestAirlock({
      adapters: [walletConnect().adapter],
      features: { allWallets: false }
    })
    await airlock.ready
    expect(selectConnectView(airlock.getState()).allWallets).toBe(false)
  })

  it("All Wallets' picture is the registry's first four images, the featured wallet's first; none without the row", async () => {
    const wallets = ["a", "b", "c", "d", "e"].map((id) => ({ id, name: id, image_id: `${id}-img` }))
    const seed = { wallets, imageUrl: (_kind: string, id: string) => `https://img.test/${id}` }
    const airlock = createTestAirlock({
      adapters: [walletConnect().adapter],
      walletApi: seed,
      featuredWalletIds: ["e"]
    })
    await airlock.ready
    expect(selectConnectView(airlock.getState()).allWalletsImages).toEqual(
      ["e", "a", "b", "c"].map((id) => `https://img.test/${id}-img`)
    )
    const off = createTestAirlock({
      adapters: [walletConnect().adapter],
      walletApi: seed,
      features: { allWallets: false }
    })
    await off.ready
    expect(selectConnectView(off.getState()).allWalletsImages).toEqual([])
  })

  it("the wallet method is left out when it has nothing to offer: no wallet section and no All Wallets", async () => {
    const auth = fakeAdapter({ connector: { id: "AUTH", type: "AUTH", name: "Email" } })
    const airlock = createTestAirlock({ adapters: [auth.adapter], features: { email: true } })
    await airlock.ready
    const { methods } = selectConnectView(airlock.getState())
    expect(methods).toContain("email")
    expect(methods).not.toContain("wallet")
    const withWallet = createTestAirlock({ adapters: [auth.adapter, metamask().adapter], features: { email: true } })
    await withWallet.ready
    expect(selectConnectView(withWallet.getState()).methods).toContain("wallet")
  })

  it("warns the developer once per client, naming walletConnect() and endpoints.relay", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const airlock = createTestAirlock({ adapters: [metamask().adapter], walletApi: { wallets: registry } })
    await airlock.ready
    await airlock.open()
    selectConnectView(airlock.getState())
    airlock.push("ConnectingExternal", { connectorId: "io.metamask" })
    airlock.goBack()
    await airlock.close()
    await airlock.open()
    selectConnectView(airlock.getState())
    const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("walletConnect()"))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('"airlock-kit/walletconnect"')
    expect(lines[0]).toContain("endpoints.relay")
    // Another client without WalletConnect is told too, when its Connect view shows (a server never says it).
    const other = createTestAirlock({ adapters: [metamask().adapter], walletApi: { wallets: registry } })
    await other.ready
    expect(warn.mock.calls.filter((call) => String(call[0]).includes("walletConnect()"))).toHaveLength(1)
    await other.open()
    expect(warn.mock.calls.filter((call) => String(call[0]).includes("walletConnect()"))).toHaveLength(2)
    // Nothing to say when walletConnect() is there.
    const withWalletConnect = createTestAirlock({
      adapters: [metamask().adapter, walletConnect().adapter],
      walletApi: { wallets: registry }
    })
    await withWalletConnect.ready
    await withWalletConnect.open()
    expect(warn.mock.calls.filter((call) => String(call[0]).includes("walletConnect()"))).toHaveLength(2)
  })
})

describe("one wallet, one row, with all its tags", () => {
  it("a WalletConnect session used before shows as the WalletConnect row tagged recent, not again in Recent", async () => {
    const airlock = createTestAirlock({ adapters: [walletConnect().adapter] })
    await airlock.ready
    await airlock.connect("walletConnect")
    await airlock.disconnect()
    expect(airlock.getState().wallets.recent.map((w) => w.name)).toEqual(["WalletConnect"])
    const view = selectConnectView(airlock.getState())
    expect(rows(view)).toEqual([["walletConnect", ["WalletConnect"]]])
    expect(view.sections[0]).toMatchObject({ recentIds: ["walletConnect"] })
  })

  it("a recent Wallet Standard wallet without rdns is its Installed row (matched by name), tagged recent", async () => {
    const { adapter } = fakeAdapter({
      namespace: "solana",
      accounts: ["8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"],
      chainId: solana.id,
      connector: { id: "wallet-standard:sandbox", name: "Sandbox Solana Wallet", type: "ANNOUNCED" }
    })
    const airlock = createTestAirlock({
      networks: [solana],
      adapters: [adapter, walletConnect().adapter],
      // The registry's listing of the wallet, remembered from an earlier visit: another id, no rdns.
      storage: stored([{ id: "a1b2c3", name: "Sandbox Solana Wallet" }])
    })
    await airlock.ready
    const view = selectConnectView(airlock.getState())
    expect(rows(view)).toEqual([
      ["walletConnect", ["WalletConnect"]],
      ["injected", ["Sandbox Solana Wallet"]]
    ])
    expect(view.sections[1]).toMatchObject({ recentIds: ["wallet-standard:sandbox"] })
  })

  it("a recent EIP-6963 wallet is its Installed row (matched by rdns), tagged recent", async () => {
    const airlock = createTestAirlock({
      adapters: [metamask().adapter, walletConnect().adapter],
      storage: stored([{ id: "metamask", name: "MetaMask", rdns: "io.metamask" }])
    })
    await airlock.ready
    const view = selectConnectView(airlock.getState())
    expect(rows(view)).toEqual([
      ["walletConnect", ["WalletConnect"]],
      ["injected", ["MetaMask"]]
    ])
    expect(view.sections[1]).toMatchObject({ recentIds: ["io.metamask"] })
    expect(view.sections[0]).not.toHaveProperty("recentIds")
  })
})

describe("browser wallets of the namespace the app acts on", () => {
  const twoFamilies = (): ReadonlyArray<AirlockAdapter> => [
    fakeAdapter({ connector: { id: "evm.wallet", name: "EVM Wallet" } }).adapter,
    fakeAdapter({ namespace: "solana", connector: { id: "sol.wallet", name: "Solana Wallet" } }).adapter
  ]
  const injected = (view: ConnectView) => rows(view).find(([type]) => type === "injected")?.[1]

  it("an Ethereum network active: no Solana wallet; Solana active: no EVM wallet", async () => {
    const airlock = createTestAirlock({ networks: [mainnet, solana], adapters: twoFamilies() })
    await airlock.ready
    expect(injected(selectConnectView(airlock.getState()))).toEqual(["EVM Wallet"])
    await airlock.switchNetwork(solana)
    expect(injected(selectConnectView(airlock.getState()))).toEqual(["Solana Wallet"])
    // A wallet serving both namespaces shows on either.
    const both = createTestAirlock({
      networks: [mainnet, solana],
      adapters: [
        fakeAdapter({ connector: { id: "both.evm", name: "Both Wallet" } }).adapter,
        fakeAdapter({ namespace: "solana", connector: { id: "both.sol", name: "Both Wallet" } }).adapter
      ]
    })
    await both.ready
    expect(injected(selectConnectView(both.getState()))).toEqual(["Both Wallet"])
    await both.switchNetwork(solana)
    expect(injected(selectConnectView(both.getState()))).toEqual(["Both Wallet"])
  })

  it("before anything is connected, the default network's namespace decides", () => {
    const airlock = createTestAirlock({ networks: [mainnet, solana], defaultNetwork: solana, adapters: twoFamilies() })
    expect(injected(selectConnectView(airlock.getState()))).toEqual(["Solana Wallet"])
  })
})

describe("WalletConnect on a phone", () => {
  const onPhone = (isMobile: boolean, features: { allWallets?: boolean } = {}) =>
    createTestAirlock({ adapters: [walletConnect().adapter], platform: { isMobile: () => isMobile }, features })

  it("the WalletConnect row leads to All Wallets, where a wallet is chosen and opened by its link", async () => {
    const airlock = onPhone(true)
    await airlock.open()
    airlock.push("ConnectingWalletConnect")
    expect(airlock.getState().modal.history).toEqual(["Connect", "AllWallets"])
    airlock.push("ConnectingWalletConnect", { walletId: "rainbow" })
    expect(airlock.getState().modal).toMatchObject({
      view: "ConnectingWalletConnect",
      data: { ConnectingWalletConnect: { walletId: "rainbow" } }
    })
    // The QR code stays on a desktop; on a phone with All Wallets off, the row opens the pairing view itself.
    const desktop = onPhone(false)
    await desktop.open()
    desktop.push("ConnectingWalletConnect")
    expect(desktop.getState().modal.history).toEqual(["Connect", "ConnectingWalletConnect"])
    const noList = onPhone(true, { allWallets: false })
    await noList.open()
    noList.push("ConnectingWalletConnect")
    expect(noList.getState().modal.view).toBe("ConnectingWalletConnect")
  })
})
