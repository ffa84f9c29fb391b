import { describe, expect, it } from "vitest"
import type { WalletQuery } from "../../../server/api/registry.ts"
import { makeSandboxRegistry } from "../../../server/api/sandboxRegistry.ts"

const all: WalletQuery = {
  page: 1,
  entries: 1000,
  include: [],
  exclude: [],
  search: "",
  badgeType: undefined,
  chains: []
}

describe("sandbox wallet registry", () => {
  const registry = makeSandboxRegistry()

  it("holds at least 600 wallets with unique ids and image ids", () => {
    expect(registry.wallets.length).toBeGreaterThanOrEqual(600)
    expect(new Set(registry.wallets.map((w) => w.id)).size).toBe(registry.wallets.length)
    expect(new Set(registry.wallets.map((w) => w.image_id)).size).toBe(registry.wallets.length)
  })

  it("lists the well-known wallets first, with their real rdns", () => {
    const rdns = registry.wallets.slice(0, 6).map((w) => [w.name, w.rdns])
    expect(rdns).toEqual([
      ["MetaMask", "io.metamask"],
      ["Coinbase Wallet", "com.coinbase.wallet"],
      ["Trust Wallet", "com.trustwallet.app"],
      ["Rainbow", "me.rainbow"],
      ["Phantom", "app.phantom"],
      ["Sandbox Wallet", "dev.airlock.sandbox"]
    ])
  })

  it("is the same list on every build", () => {
    expect(makeSandboxRegistry().wallets).toEqual(registry.wallets)
  })

  it("gives every wallet an image, links and chains, and some a certified badge", () => {
    for (const w of registry.wallets) {
      expect(w.image_id).toMatch(/^[0-9a-f]{64}$/)
      expect(w.chains?.length).toBeGreaterThan(0)
    }
    expect(registry.wallets.filter((w) => w.mobile_link).length).toBeGreaterThan(300)
    expect(registry.wallets.filter((w) => w.desktop_link).length).toBeGreaterThan(50)
    expect(registry.wallets.filter((w) => w.webapp_link).length).toBeGreaterThan(50)
    expect(registry.wallets.filter((w) => w.chains?.some((c) => c.startsWith("solana:"))).length).toBeGreaterThan(50)
    expect(registry.query({ ...all, badgeType: "certified" }).count).toBeGreaterThan(20)
  })

  it("pages through every match exactly once, with count the total", () => {
    const total = registry.query(all).count
    const seen: Array<string> = []
    for (let page = 1; page <= Math.ceil(total / 40); page++) {
      const result = registry.query({ ...all, page, entries: 40 })
      expect(result.count).toBe(total)
      seen.push(...result.data.map((w) => w.id))
    }
    expect(seen).toEqual(registry.wallets.map((w) => w.id))
    expect(registry.query({ ...all, page: 999, entries: 40 }).data).toEqual([])
  })

  it("searches names case-insensitively", () => {
    const result = registry.query({ ...all, search: "METAmask" })
    expect(result.data.map((w) => w.name)).toEqual(["MetaMask"])
    const nova = registry.query({ ...all, search: "nova" })
    expect(nova.count).toBeGreaterThan(10)
    expect(nova.data.every((w) => w.name.toLowerCase().includes("nova"))).toBe(true)
  })

  it("keeps only included ids and drops excluded ids", () => {
    const [a, b, c] = registry.wallets
    expect(registry.query({ ...all, include: [a!.id, c!.id] }).data.map((w) => w.id)).toEqual([a!.id, c!.id])
    const without = registry.query({ ...all, exclude: [b!.id] })
    expect(without.count).toBe(registry.wallets.length - 1)
    expect(without.data.some((w) => w.id === b!.id)).toBe(false)
  })

  it("keeps wallets supporting any of the requested chains", () => {
    const solana = registry.query({ ...all, chains: ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"] })
    expect(solana.count).toBeGreaterThan(0)
    expect(solana.count).toBeLessThan(registry.wallets.length)
    expect(solana.data.every((w) => w.chains?.includes("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"))).toBe(true)
    expect(registry.query({ ...all, chains: ["eip155:424242"] }).count).toBe(0)
  })
})
