import { describe, expect, it } from "vitest"
import { mainnet } from "../../../core/networks/index.ts"
import { DEFAULT_FEATURES } from "../../../core/rules/features.ts"
import type { Connector } from "../../../core/schema/connector.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { makeInitialState } from "../../../core/state/initial.ts"
import { selectAllWallets, selectConnectView } from "../../../core/state/selectors.ts"

const stateWith = (
  over: { isMobile?: boolean; hasInjectedWallet?: boolean },
  connectors: ReadonlyArray<Connector>,
  wallets: Partial<AirlockState["wallets"]> = {}
): AirlockState => {
  const base = makeInitialState({
    networks: [mainnet],
    activeNetwork: mainnet,
    themeMode: "dark",
    themeVariables: undefined,
    features: DEFAULT_FEATURES,
    statuses: {},
    isMobile: over.isMobile ?? false,
    hasInjectedWallet: over.hasInjectedWallet ?? false
  })
  return { ...base, connectors, wallets: { ...base.wallets, ...wallets } }
}

const browserWallet: Connector = { id: "injected", type: "INJECTED", name: "Browser Wallet", chain: "eip155" }
const announced: Connector = {
  id: "io.metamask",
  type: "ANNOUNCED",
  name: "MetaMask",
  chain: "eip155",
  info: { rdns: "io.metamask" }
}

const walletConnect: Connector = { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }

const injectedNames = (state: AirlockState) =>
  selectConnectView(state)
    .sections.flatMap((section) => (section.type === "injected" ? section.connectors : []))
    .map((connector) => connector.name)

describe("the generic Browser Wallet (SPEC §5)", () => {
  it("is hidden on mobile when it has no rdns and nothing is injected", () => {
    expect(injectedNames(stateWith({ isMobile: true }, [browserWallet, announced]))).toEqual(["MetaMask"])
  })

  it("shows on mobile when the page has an injected provider (a wallet's in-app browser)", () => {
    expect(injectedNames(stateWith({ isMobile: true, hasInjectedWallet: true }, [browserWallet]))).toEqual([
      "Browser Wallet"
    ])
  })

  it("is hidden on desktop when nothing is injected and shows when something is", () => {
    expect(injectedNames(stateWith({}, [browserWallet]))).toEqual([])
    expect(injectedNames(stateWith({ hasInjectedWallet: true }, [browserWallet]))).toEqual(["Browser Wallet"])
  })
})

describe("a recent wallet shows once, in Recent", () => {
  const wallet = (id: string): WalletListing => ({ id, name: `Wallet ${id}` })

  it("is left out of featured and recommended", () => {
    const state = stateWith({}, [walletConnect], {
      recent: [wallet("a")],
      featured: [wallet("a"), wallet("b")],
      recommended: [wallet("a"), wallet("c")]
    })
    const ids = Object.fromEntries(
      selectConnectView(state).sections.map((section) => [
        section.type,
        "wallets" in section ? section.wallets.map((w) => w.id) : []
      ])
    )
    expect(ids).toMatchObject({ recent: ["a"], featured: ["b"], recommended: ["c"] })
  })

  it("a featured section made only of recent wallets disappears", () => {
    const state = stateWith({}, [walletConnect], { recent: [wallet("a")], featured: [wallet("a")] })
    expect(selectConnectView(state).sections.map((section) => section.type)).toEqual(["walletConnect", "recent"])
  })
})

describe("an installed wallet shows once", () => {
  const metamask = { id: "c57ca95b", name: "MetaMask", rdns: "io.metamask" } as WalletListing
  const rainbow = { id: "1ae92b26", name: "Rainbow", rdns: "me.rainbow" } as WalletListing

  it("as its browser connector, not again among featured or recommended", () => {
    const state = stateWith({ hasInjectedWallet: true }, [walletConnect, announced], {
      featured: [metamask],
      recommended: [rainbow]
    })
    const names = selectConnectView(state).sections.map((section) => [
      section.type,
      ("connectors" in section ? section.connectors : section.wallets).map((entry) => entry.name)
    ])
    expect(names).toEqual([
      ["walletConnect", ["WalletConnect"]],
      ["injected", ["MetaMask"]],
      ["recommended", ["Rainbow"]]
    ])
  })

  it("a listing stays when its wallet is not installed here", () => {
    const state = stateWith({}, [walletConnect], { featured: [metamask] })
    expect(selectConnectView(state).sections.map((section) => section.type)).toEqual(["walletConnect", "featured"])
  })
})

describe("the All Wallets list", () => {
  const listing = (n: number, extra: Partial<WalletListing> = {}): WalletListing => ({
    id: `w${n}`,
    name: `Wallet ${n}`,
    ...extra
  })
  const names = (state: AirlockState) => selectAllWallets(state).map((entry) => entry.wallet.name)

  it("puts the recent wallets first, each wallet once", () => {
    const state = stateWith({}, [], { recent: [listing(3)], all: [listing(1), listing(2), listing(3)] })
    expect(names(state)).toEqual(["Wallet 3", "Wallet 1", "Wallet 2"])
  })

  it("while searching shows only the matches, not the recent wallets", () => {
    const state = stateWith({}, [], { recent: [listing(3)], all: [listing(12)], search: "12" })
    expect(names(state)).toEqual(["Wallet 12"])
  })

  it("leaves out wallets the app excluded by id, rdns or name in any case", () => {
    const base = stateWith({}, [], { all: [listing(1), listing(2, { rdns: "io.two" }), listing(3), listing(4)] })
    expect(names({ ...base, excludedWallets: ["w1", "io.two", "WALLET 3"] })).toEqual(["Wallet 4"])
  })

  it("hides the generic 'Browser Wallet' on desktop without an injected provider", () => {
    const wallets = { all: [listing(1, { name: "Browser Wallet" }), listing(2)] }
    expect(names(stateWith({}, [], wallets))).toEqual(["Wallet 2"])
    expect(names(stateWith({ hasInjectedWallet: true }, [], wallets))).toEqual(["Browser Wallet", "Wallet 2"])
  })

  it("pairs a wallet installed here with its browser connector", () => {
    const state = stateWith({}, [announced], { all: [listing(1, { rdns: "io.metamask" }), listing(2)] })
    expect(selectAllWallets(state).map((entry) => entry.connector?.id)).toEqual(["io.metamask", undefined])
  })

  it("gives the same list for the same state, so a renderer's selector does not re-render", () => {
    const state = stateWith({}, [], { all: [listing(1)] })
    expect(selectAllWallets(state)).toBe(selectAllWallets({ ...state, shake: true }))
    // A page starting to load changes the wallets slice, not the list.
    expect(selectAllWallets(state)).toBe(
      selectAllWallets({ ...state, wallets: { ...state.wallets, status: "loading" } })
    )
  })
})
