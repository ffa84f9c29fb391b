import { getWallets } from "@wallet-standard/app"
import { registerWallet } from "@wallet-standard/wallet"
import { describe, expect, it, vi } from "vitest"
import { solana } from "../../../adapters/solana/index.ts"
import type { ConnectorData } from "../../../core/schema/connector.ts"
import { fakeStandardWallet } from "../../fixtures/standardWallet.ts"

// Discovery in Chromium: wallets register through the Wallet Standard's own events (a wallet's `registerWallet`,
// before or after the app starts listening) and become connectors of the solana namespace.

describe("Wallet Standard discovery (solana())", () => {
  it("lists a wallet registered before the app listened and one registered after, and drops one unregistered", async () => {
    const early = await fakeStandardWallet({ name: "Early Wallet" })
    registerWallet(early.wallet)
    const seen: Array<ReadonlyArray<ConnectorData>> = []
    const stop = solana().watchConnectors?.((connectors) => seen.push(connectors))
    await vi.waitFor(() => expect(seen.at(-1)?.map((c) => c.name)).toContain("Early Wallet"))

    const late = await fakeStandardWallet({ name: "Late Wallet" })
    const unregister = getWallets().register(late.wallet)
    expect(seen.at(-1)?.map((c) => c.name)).toEqual(expect.arrayContaining(["Early Wallet", "Late Wallet"]))
    expect(seen.at(-1)?.find((c) => c.name === "Late Wallet")).toMatchObject({ type: "ANNOUNCED", chain: "solana" })

    unregister()
    expect(seen.at(-1)?.map((c) => c.name)).not.toContain("Late Wallet")
    stop?.()
  })

  it("leaves out wallets without a Solana chain, and those the app filters out", async () => {
    const sui = await fakeStandardWallet({ name: "Sui Only", chains: ["sui:mainnet"] })
    const other = await fakeStandardWallet({ name: "Filtered Wallet" })
    const offSui = getWallets().register(sui.wallet)
    const offOther = getWallets().register(other.wallet)
    const seen: Array<ReadonlyArray<ConnectorData>> = []
    const stop = solana({ filter: (wallet) => wallet.name !== "Filtered Wallet" }).watchConnectors?.((connectors) =>
      seen.push(connectors)
    )
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0))
    const names = seen.at(-1)?.map((c) => c.name) ?? []
    expect(names).not.toContain("Sui Only")
    expect(names).not.toContain("Filtered Wallet")
    stop?.()
    offSui()
    offOther()
  })

  it("stops before the registry has loaded: nothing is reported", async () => {
    const seen: Array<ReadonlyArray<ConnectorData>> = []
    solana().watchConnectors?.((connectors) => seen.push(connectors))?.()
    // The adapter's import of the registry settled before this one (same module, asked first), then a turn more.
    await import("@wallet-standard/app")
    await Promise.resolve()
    expect(seen).toEqual([])
  })

  it("a wallet whose name cannot be read is skipped with a warning, the others still listed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const good = await fakeStandardWallet({ name: "Good Wallet" })
    const hostile = {
      ...good.wallet,
      get name(): string {
        throw new Error("hostile getter")
      }
    }
    const offHostile = getWallets().register(hostile as typeof good.wallet)
    const offGood = getWallets().register(good.wallet)
    const seen: Array<ReadonlyArray<ConnectorData>> = []
    const stop = solana().watchConnectors?.((connectors) => seen.push(connectors))
    await vi.waitFor(() => expect(seen.at(-1)?.map((c) => c.name)).toContain("Good Wallet"))
    expect(warn).toHaveBeenCalled()
    stop?.()
    offHostile()
    offGood()
    warn.mockRestore()
  })
})
