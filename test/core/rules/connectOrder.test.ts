import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import {
  addRecentWallet,
  DEFAULT_WALLET_SECTION_ORDER,
  FEATURED_WALLETS_DEFAULT_COUNT,
  filterExcludedWallets,
  getConnectMethodsOrder,
  getWalletSectionOrder,
  isBrowserWalletVisible,
  isWalletExcluded,
  RECENT_WALLETS_KEPT,
  RECOMMENDED_WALLETS_COUNT,
  selectFeaturedWallets
} from "../../../core/rules/connectOrder.ts"
import type { WalletSection } from "../../../core/schema/features.ts"

const allSections = (n: number) =>
  Object.fromEntries(DEFAULT_WALLET_SECTION_ORDER.map((section) => [section, n])) as Record<WalletSection, number>

describe("connect methods order", () => {
  it("the default order is email, social, wallet", () => {
    assert.deepStrictEqual(getConnectMethodsOrder({ hasInstalledWallet: false }), ["email", "social", "wallet"])
  })

  it("an installed browser wallet puts wallet first: wallet, email, social", () => {
    assert.deepStrictEqual(getConnectMethodsOrder({ hasInstalledWallet: true }), ["wallet", "email", "social"])
  })

  it("the app's own order wins even when a browser wallet is installed", () => {
    const configured = ["social", "wallet", "email"] as const
    assert.deepStrictEqual(getConnectMethodsOrder({ hasInstalledWallet: true, configured }), configured)
    assert.deepStrictEqual(getConnectMethodsOrder({ hasInstalledWallet: false, configured }), configured)
  })
})

describe("wallet connector types order", () => {
  it("types appear in the order walletConnect, recent, injected, featured, custom, external, recommended", () => {
    assert.deepStrictEqual(getWalletSectionOrder({ counts: allSections(1) }), [
      "walletConnect",
      "recent",
      "injected",
      "featured",
      "custom",
      "external",
      "recommended"
    ])
  })

  it("a type appears only when it has entries", () => {
    assert.deepStrictEqual(getWalletSectionOrder({ counts: { ...allSections(0), injected: 2, recommended: 4 } }), [
      "injected",
      "recommended"
    ])
  })

  it("the app's configured type order goes first, then the remaining defaults", () => {
    assert.deepStrictEqual(getWalletSectionOrder({ counts: allSections(3), configured: ["recommended", "featured"] }), [
      "recommended",
      "featured",
      "walletConnect",
      "recent",
      "injected",
      "custom",
      "external"
    ])
  })

  it("every type with entries shows exactly once, whatever the configured order", () => {
    const section = fc.constantFrom(...DEFAULT_WALLET_SECTION_ORDER)
    fc.assert(
      fc.property(fc.array(section), fc.dictionary(section, fc.nat(3)), (configured, counts) => {
        const order = getWalletSectionOrder({ counts, configured })
        const expected = DEFAULT_WALLET_SECTION_ORDER.filter((s) => (counts[s] ?? 0) > 0)
        return order.length === expected.length && expected.every((s) => order.includes(s))
      })
    )
  })
})

describe("excluded wallets", () => {
  it("a wallet is excluded by its rdns", () => {
    assert.isTrue(isWalletExcluded({ name: "Rabby Wallet", rdns: "io.rabby" }, ["io.rabby"]))
  })

  it("a wallet is excluded by its name, ignoring case", () => {
    assert.isTrue(isWalletExcluded({ name: "MetaMask", rdns: "io.metamask" }, ["METAMASK"]))
  })

  it("other wallets stay", () => {
    const metaMask = { name: "MetaMask", rdns: "io.metamask" }
    const wallets = [metaMask, { name: "Zerion" }]
    assert.deepStrictEqual(filterExcludedWallets(wallets, ["io.rabby", "phantom"]), wallets)
    assert.deepStrictEqual(filterExcludedWallets(wallets, ["zerion"]), [metaMask])
  })
})

describe("generic Browser Wallet", () => {
  const browserWallet = { name: "Browser Wallet" }

  it("the generic 'Browser Wallet' is hidden on desktop when nothing is injected", () => {
    assert.isFalse(isBrowserWalletVisible(browserWallet, { isMobile: false, hasInjectedProvider: false }))
    assert.isTrue(isBrowserWalletVisible(browserWallet, { isMobile: false, hasInjectedProvider: true }))
  })

  it("the generic 'Browser Wallet' is hidden on mobile when it has no rdns and is not installed", () => {
    const env = { isMobile: true, hasInjectedProvider: true }
    assert.isFalse(isBrowserWalletVisible(browserWallet, env))
    assert.isTrue(isBrowserWalletVisible({ ...browserWallet, rdns: "app.wallet" }, env))
    assert.isTrue(isBrowserWalletVisible({ ...browserWallet, installed: true }, env))
  })

  it("named wallets are never hidden by the Browser Wallet rule", () => {
    assert.isTrue(isBrowserWalletVisible({ name: "MetaMask" }, { isMobile: false, hasInjectedProvider: false }))
  })
})

describe("wallet counts", () => {
  it("4 recommended wallets, 4 featured by default, 2 recent wallets kept", () => {
    assert.deepStrictEqual([RECOMMENDED_WALLETS_COUNT, FEATURED_WALLETS_DEFAULT_COUNT, RECENT_WALLETS_KEPT], [4, 4, 2])
  })

  it("recent wallets keep the last 2 used, newest first, without duplicates", () => {
    const a = { id: "a", name: "A" }
    const b = { id: "b", name: "B" }
    const c = { id: "c", name: "C" }
    assert.deepStrictEqual(addRecentWallet(addRecentWallet(addRecentWallet([], a), b), c), [c, b])
    assert.deepStrictEqual(addRecentWallet([b, a], a), [a, b])
  })

  it("featured wallets follow the app's id order and stop at 4", () => {
    const wallets = ["a", "b", "c", "d", "e"].map((id) => ({ id, name: id.toUpperCase() }))
    const ids = selectFeaturedWallets(wallets, ["e", "missing", "a", "b", "c", "d"]).map((w) => w.id)
    assert.deepStrictEqual(ids, ["e", "a", "b", "c"])
  })
})

describe("excluding wallets by registry id", () => {
  it("an excludeWalletIds entry matching the registry id hides the wallet", () => {
    assert.isTrue(isWalletExcluded({ id: "c57ca95b", name: "MetaMask" }, ["c57ca95b"]))
    assert.isFalse(isWalletExcluded({ id: "other", name: "MetaMask" }, ["c57ca95b"]))
  })
})
