import { afterEach, describe, expect, it, vi } from "vitest"
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import { walletButton } from "../../../core/anatomy/walletButton.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { selectWalletList } from "../../../core/state/walletList.ts"
import { createTestAirlock, fakeAdapter } from "../../../core/testing/index.ts"

// The headless wallet list and wallet buttons on a real client with in-memory services: adapters list connectors,
// the registry answers from a seed, storage holds the recent wallets.

const registry: ReadonlyArray<WalletListing> = [
  { id: "metamask", name: "MetaMask", rdns: "io.metamask", image_url: "https://img.example/mm.png" },
  { id: "coinbase", name: "Coinbase Wallet", rdns: "com.coinbase.wallet" },
  { id: "trust", name: "Trust Wallet", rdns: "com.trustwallet.app" },
  {
    id: "rainbow",
    name: "Rainbow",
    rdns: "me.rainbow",
    mobile_link: "rainbow://",
    webapp_link: "https://rainbow.example"
  }
]

const metamask = () =>
  fakeAdapter({ connector: { id: "io.metamask", name: "MetaMask", type: "ANNOUNCED", info: { rdns: "io.metamask" } } })

/** `walletConnect()`'s connector over a wallet that offers a pairing URI, then approves. */
const walletConnect = () => {
  const fake = fakeAdapter({ connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" } })
  const adapter: AirlockAdapter = {
    ...fake.adapter,
    load: async (context) => {
      const implementation = await fake.adapter.load!(context)
      return {
        ...implementation,
        connect: async (args: Parameters<NonNullable<typeof implementation.connect>>[0]) => {
          args.onUri?.("wc:abc@2?relay-protocol=irn")
          return implementation.connect!(args)
        }
      }
    }
  } as AirlockAdapter
  return { adapter, wallet: fake.wallet }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("selectWalletList", () => {
  it("lists the Connect view's wallets in its order, each with its kind, install state and connector", async () => {
    const airlock = createTestAirlock({
      adapters: [metamask().adapter, walletConnect().adapter],
      walletApi: { wallets: registry },
      featuredWalletIds: ["coinbase", "metamask"],
      storage: [["@airlock/recent_wallets", JSON.stringify([{ id: "rainbow", name: "Rainbow", rdns: "me.rainbow" }])]]
    })
    await airlock.ready
    const list = selectWalletList(airlock.getState())
    expect(list.wallets.map((row) => [row.name, row.kind, row.installed, row.connectorId])).toEqual([
      ["WalletConnect", "walletConnect", false, "walletConnect"],
      ["Rainbow", "recent", false, undefined],
      ["MetaMask", "installed", true, "io.metamask"],
      ["Coinbase Wallet", "featured", false, undefined],
      ["Trust Wallet", "recommended", false, undefined]
    ])
    expect(list.canUseRegistry).toBe(true)
    // The same object while nothing it reads changed.
    expect(selectWalletList(airlock.getState())).toBe(list)
  })

  it("pages the registry with loadWallets / loadMoreWallets, and searches it", async () => {
    const many: Array<WalletListing> = Array.from({ length: 45 }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}` }))
    const airlock = createTestAirlock({
      adapters: [walletConnect().adapter],
      walletApi: { wallets: [...many, ...registry] },
      clock: "test"
    })
    await airlock.ready
    await airlock.loadWallets()
    let list = selectWalletList(airlock.getState())
    expect(list.registry).toHaveLength(40)
    expect(list.hasMore).toBe(true)
    expect(list.registry[0]).toMatchObject({ kind: "registry", installed: false })
    await airlock.loadMoreWallets()
    list = selectWalletList(airlock.getState())
    expect(list.registry).toHaveLength(49)
    expect(list.hasMore).toBe(false)
    const searching = airlock.searchWallets("rain")
    await airlock.clock.adjust("300 millis")
    await searching
    list = selectWalletList(airlock.getState())
    expect(list.searchText).toBe("rain")
    expect(list.registry.map((row) => row.name)).toEqual(["Rainbow"])
    expect(list.hasMore).toBe(false)
  })
})

describe("connectWallet", () => {
  it("connects an installed wallet by rdns, name or row, with no modal", async () => {
    const airlock = createTestAirlock({ adapters: [metamask().adapter], walletApi: { wallets: registry } })
    await airlock.ready
    await airlock.connectWallet("io.metamask")
    expect(airlock.getState().activeConnectorIds.eip155).toBe("io.metamask")
    expect(airlock.getState().modal.open).toBe(false)
    await airlock.disconnect()
    await airlock.connectWallet("metamask") // by name, case-insensitive
    expect(airlock.getState().activeConnectorIds.eip155).toBe("io.metamask")
  })

  it("connects a registry wallet through WalletConnect with that wallet chosen: the URI and its links are offered", async () => {
    const airlock = createTestAirlock({ adapters: [walletConnect().adapter], walletApi: { wallets: registry } })
    await airlock.ready
    const offers: Array<unknown> = []
    airlock.subscribe((state) => {
      const offer = selectWalletList(state).walletConnect
      if (offer.uri !== undefined) offers.push(offer)
    })
    await airlock.connectWallet("rainbow")
    expect(offers[0]).toMatchObject({
      uri: "wc:abc@2?relay-protocol=irn",
      wallet: { id: "rainbow" },
      links: [{ kind: "web", href: "https://rainbow.example/wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn" }]
    })
    const state = airlock.getState()
    expect(state.activeConnectorIds.eip155).toBe("walletConnect")
    expect(state.walletConnect.wallet?.id).toBe("rainbow")
    // Remembered as the recent wallet it is, not as "WalletConnect".
    expect(state.wallets.recent[0]?.id).toBe("rainbow")
  })

  it("cancelConnectWallet gives the pairing up: the URI goes, the connect rejects, the account is as it was", async () => {
    const fake = fakeAdapter({ connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" } })
    let abort = () => {}
    const adapter: AirlockAdapter = {
      ...fake.adapter,
      load: async (context) => ({
        ...(await fake.adapter.load!(context)),
        // A pairing nobody scans: it waits until the app gives it up.
        connect: (args) => {
          args.onUri?.("wc:abc@2?relay-protocol=irn")
          return new Promise((_, reject) => {
            abort = () => reject(new Error("Pairing aborted"))
          })
        },
        cancelConnect: () => abort()
      })
    }
    const airlock = createTestAirlock({ adapters: [adapter], walletApi: { wallets: registry } })
    await airlock.ready
    const connecting = airlock.connectWallet("rainbow")
    await vi.waitFor(() => expect(selectWalletList(airlock.getState()).walletConnect.uri).toBeDefined())
    expect(airlock.getState().accounts.eip155.status).toBe("connecting")
    await airlock.cancelConnectWallet()
    await expect(connecting).rejects.toMatchObject({ shortMessage: "Failed to connect" })
    expect(selectWalletList(airlock.getState()).walletConnect).toMatchObject({ uri: undefined, wallet: undefined })
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
  })

  it("on a phone, opens the chosen wallet's app with the pairing", async () => {
    const opened: Array<string> = []
    const airlock = createTestAirlock({
      adapters: [walletConnect().adapter],
      walletApi: { wallets: registry },
      platform: {
        isMobile: () => true,
        open: (url: string) => {
          opened.push(url)
          return undefined
        }
      }
    })
    await airlock.ready
    await airlock.connectWallet("rainbow")
    expect(opened).toEqual(["rainbow://wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn"])
  })

  it("refuses a wallet it cannot find, and a registry wallet without WalletConnect, with SPEC's texts", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {})
    const airlock = createTestAirlock({ adapters: [metamask().adapter], walletApi: { wallets: registry } })
    await airlock.ready
    await expect(airlock.connectWallet("rainbow")).rejects.toMatchObject({
      shortMessage: "WalletConnectConnector not found"
    })
    const withWc = createTestAirlock({ adapters: [walletConnect().adapter], walletApi: { wallets: registry } })
    await withWc.ready
    await expect(withWc.connectWallet("no-such-wallet")).rejects.toMatchObject({ shortMessage: "Failed to connect" })
    expect(withWc.getState().accounts.eip155.status).toBe("disconnected")
  })

  it("a refusal rejects with 'Connection rejected' and leaves the account as it was", async () => {
    const { adapter, wallet } = metamask()
    const airlock = createTestAirlock({ adapters: [adapter] })
    await airlock.ready
    wallet.rejectNextConnect()
    await expect(airlock.connectWallet("io.metamask")).rejects.toMatchObject({ shortMessage: "Connection rejected" })
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
  })
})

describe("walletButton", () => {
  it("names the wallet, connects it on click, and says connecting then connected", async () => {
    const { adapter, wallet } = metamask()
    const airlock = createTestAirlock({ adapters: [adapter] })
    await airlock.ready
    const target = { wallet: "io.metamask" } as const
    const before = walletButton({ client: airlock, target })
    expect(before).toMatchObject({ label: "MetaMask", status: "idle", installed: true })
    expect(before.getButtonProps()).toMatchObject({ type: "button", disabled: false, "data-state": "idle" })
    const release = wallet.holdNextConnect()
    before.getButtonProps().onClick()
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("connecting"))
    expect(walletButton({ client: airlock, target }).getButtonProps()).toMatchObject({
      "data-state": "connecting",
      "aria-busy": true,
      disabled: true
    })
    release()
    await vi.waitFor(() => expect(walletButton({ client: airlock, target }).status).toBe("connected"))
    expect(airlock.getState().modal.open).toBe(false)
  })

  it("is unavailable for a wallet nothing here can connect, and for email without the embedded wallet", async () => {
    const airlock = createTestAirlock({ adapters: [metamask().adapter] })
    await airlock.ready
    expect(walletButton({ client: airlock, target: { wallet: "rainbow" } }).getButtonProps().disabled).toBe(true)
    expect(walletButton({ client: airlock, target: { email: true } })).toMatchObject({
      status: "unavailable",
      label: "Continue with Email"
    })
    expect(walletButton({ client: airlock, target: { social: "google" } }).label).toBe("Continue with Google")
  })
})
