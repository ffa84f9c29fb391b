import { describe, expect, it, vi } from "vitest"
import { ConnectionError } from "../../../../core/errors/catalogue.ts"
import { applyConnection } from "../../../../core/flows/connection/apply.ts"
import { mainnet } from "../../../../core/networks/index.ts"
import { Storage, StorageKeys } from "../../../../core/services/Storage.ts"
import { defaultProjectConfig } from "../../../../core/services/walletRegistry.ts"
import { selectConnections } from "../../../../core/state/connections.ts"
import { selectConnectorStatus } from "../../../../core/state/selectors.ts"
import { createTestAirlock, fakeAdapter, type TestAirlockClient } from "../../../../core/testing/index.ts"
import { snackText } from "../../../fixtures/englishText.ts"

// Multi-wallet (issue 25): several connections per namespace, one active, through the same core flows a real wallet
// goes through (airlock/testing's scripted wallets), with the project's multi_wallet flag on or off.

const alice = "0x1111111111111111111111111111111111111111"
const bob = "0x2222222222222222222222222222222222222222"
const carol = "0x3333333333333333333333333333333333333333"
const notEnabled =
  "Multiple wallets are not enabled for this app: turn on the multiWallet feature in the project's settings."

const eth = { name: "Ether", symbol: "ETH", chainId: "eip155:1", price: 0, quantity: { decimals: "18", numeric: "1" } }

const projectConfig = (multiWallet: boolean) => ({
  features: defaultProjectConfig.features.map((f) => (f.id === "multi_wallet" ? { ...f, isEnabled: multiWallet } : f))
})

const setup = (
  options: {
    readonly multiWallet?: boolean
    readonly storage?: Iterable<readonly [string, string]>
    readonly restores?: { readonly a?: boolean; readonly b?: boolean }
  } = {}
) => {
  const a = fakeAdapter({
    connector: { id: "wallet.a", name: "Wallet A" },
    accounts: [alice],
    restores: options.restores?.a ?? true
  })
  const b = fakeAdapter({
    connector: { id: "wallet.b", name: "Wallet B" },
    accounts: [bob, carol],
    restores: options.restores?.b ?? true
  })
  const airlock = createTestAirlock({
    networks: [mainnet],
    adapters: [a.adapter, b.adapter],
    walletApi: { projectConfig: projectConfig(options.multiWallet ?? true) },
    blockchainApi: { balances: { [alice]: [eth], [bob]: [eth], [carol]: [eth] } },
    ...(options.storage === undefined ? {} : { storage: options.storage })
  })
  return { airlock, a: a.wallet, b: b.wallet }
}

const stored = (airlock: TestAirlockClient) =>
  airlock.runtime.runPromise(Storage.use((storage) => storage.get(StorageKeys.connectedConnectorIds("eip155"))))

const summary = (airlock: TestAirlockClient) =>
  airlock.getConnections("eip155").map((c) => `${c.connectorId} ${c.status} ${c.address}`)

/** Connects Wallet A, then Wallet B: B is the active one. */
const connectBoth = async (airlock: TestAirlockClient) => {
  await airlock.ready
  await airlock.connect("wallet.a")
  await airlock.connect("wallet.b")
}

describe("connector status (SPEC §4)", () => {
  it("a second wallet is active, the first stays listed as active-not-in-use; both are stored, the active first", async () => {
    const { airlock } = setup()
    await connectBoth(airlock)
    const state = airlock.getState()
    expect(state.accounts.eip155.address).toBe(bob)
    expect(selectConnectorStatus(state, "eip155", "wallet.b")).toBe("connected")
    expect(selectConnectorStatus(state, "eip155", "wallet.a")).toBe("active")
    expect(selectConnectorStatus(state, "eip155", "walletConnect")).toBe("disconnected")
    expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`, `wallet.a active ${alice}`])
    expect(airlock.getConnections("eip155")[0]).toMatchObject({
      name: "Wallet B",
      type: "ANNOUNCED",
      namespace: "eip155"
    })
    expect(airlock.getConnections("solana")).toEqual([])
    expect(await stored(airlock)).toEqual(["wallet.b", "wallet.a"])
  })

  it("with multiWallet off only the active connection is shown and stored (SPEC §6)", async () => {
    const { airlock } = setup({ multiWallet: false })
    await connectBoth(airlock)
    expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`])
    expect(await stored(airlock)).toEqual(["wallet.b"])
  })
})

describe("switchConnection", () => {
  it("makes a listed connection the active one without a prompt: account, provider and storage follow", async () => {
    const { airlock } = setup()
    await connectBoth(airlock)
    await airlock.switchConnection({ connectorId: "wallet.a" })
    expect(airlock.getState().accounts.eip155).toMatchObject({ address: alice, caipAddress: `eip155:1:${alice}` })
    expect(summary(airlock)).toEqual([`wallet.a connected ${alice}`, `wallet.b active ${bob}`])
    expect(await airlock.getProvider()).toMatchObject({ connectorId: "wallet.a" })
    expect(await stored(airlock)).toEqual(["wallet.a", "wallet.b"])
    // The wallet was not asked to connect again (no prompt): the listed connection's own requests are untouched.
    expect(airlock.getState().lastEvent?.data).toMatchObject({ event: "SWITCH_CONNECTION" })
  })

  it("with an address the wallet granted, that account becomes the one in use", async () => {
    const { airlock } = setup()
    await connectBoth(airlock)
    await airlock.switchConnection({ connectorId: "wallet.a" })
    await airlock.switchConnection({ connectorId: "wallet.b", address: carol })
    expect(airlock.getState().accounts.eip155.address).toBe(carol)
    expect(airlock.getState().activeConnectorIds.eip155).toBe("wallet.b")
  })

  it("a listed wallet that let go is dropped; choosing it again opens its login view", async () => {
    const { airlock, a } = setup()
    await connectBoth(airlock)
    a.disconnected()
    await vi.waitFor(() => expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`]))
    await airlock.switchConnection({ connectorId: "wallet.a" })
    expect(airlock.getState().activeConnectorIds.eip155).toBe("wallet.b")
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "ConnectingExternal" })
  })

  it("a connector without a connection opens its login view", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.connect("wallet.a")
    await airlock.disconnectConnection({ connectorId: "wallet.b" })
    await airlock.switchConnection({ connectorId: "wallet.b" })
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "ConnectingExternal" })
    expect(airlock.getState().modal.data.ConnectingExternal).toEqual({
      connectorId: "wallet.b",
      walletName: "Wallet B"
    })
  })

  it("an unknown connector is refused", async () => {
    const { airlock } = setup()
    await connectBoth(airlock)
    await expect(airlock.switchConnection({ connectorId: "nope" })).rejects.toBeInstanceOf(ConnectionError)
  })
})

describe("wallet events of a listed connection", () => {
  it("change only its entry; a revoke drops it from the list and storage, the active one stays", async () => {
    const { airlock, a } = setup()
    await connectBoth(airlock)
    a.accountsChanged([carol])
    await vi.waitFor(() => expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`, `wallet.a active ${carol}`]))
    expect(airlock.getState().accounts.eip155.address).toBe(bob)
    a.accountsChanged([])
    await vi.waitFor(() => expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`]))
    expect(await stored(airlock)).toEqual(["wallet.b"])
  })

  it("the active wallet's disconnect hands over to the next listed one", async () => {
    const { airlock, b } = setup()
    await connectBoth(airlock)
    b.disconnected()
    await vi.waitFor(() => expect(airlock.getState().activeConnectorIds.eip155).toBe("wallet.a"))
    expect(airlock.getState().accounts.eip155).toMatchObject({ status: "connected", address: alice })
    expect(summary(airlock)).toEqual([`wallet.a connected ${alice}`])
    expect(await stored(airlock)).toEqual(["wallet.a"])
  })
})

describe("disconnectConnection", () => {
  it("a listed one goes alone (through its wallet); the active one stays", async () => {
    const { airlock, a, b } = setup()
    await connectBoth(airlock)
    await airlock.disconnectConnection({ connectorId: "wallet.a" })
    expect(a.disconnects()).toBe(1)
    expect(b.disconnects()).toBe(0)
    expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`])
    expect(await stored(airlock)).toEqual(["wallet.b"])
    // Its later events change nothing.
    a.accountsChanged([carol])
    expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`])
  })

  it("the active one makes the next listed one active; the last one disconnects the namespace", async () => {
    const { airlock } = setup()
    await connectBoth(airlock)
    await airlock.disconnectConnection({ connectorId: "wallet.b" })
    expect(summary(airlock)).toEqual([`wallet.a connected ${alice}`])
    expect(airlock.getState().accounts.eip155.address).toBe(alice)
    await airlock.disconnectConnection({ connectorId: "wallet.a" })
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    expect(await stored(airlock)).toBeUndefined()
  })

  it("disconnect(namespace) ends every connection of the namespace, through each wallet", async () => {
    const { airlock, a, b } = setup()
    await connectBoth(airlock)
    await airlock.disconnect("eip155")
    expect([a.disconnects(), b.disconnects()]).toEqual([1, 1])
    expect(airlock.getConnections()).toEqual([])
  })
})

describe("with multiWallet off (SPEC §6)", () => {
  it("switching to, disconnecting or adding another wallet shows an info message and does nothing", async () => {
    const { airlock, a } = setup({ multiWallet: false })
    await connectBoth(airlock)
    await airlock.switchConnection({ connectorId: "wallet.a" })
    expect(airlock.getState().activeConnectorIds.eip155).toBe("wallet.b")
    await vi.waitFor(() => expect(snackText(airlock.getState())).toBe(notEnabled))
    expect(airlock.getState().snack?.variant).toBe("info")
    await airlock.disconnectConnection({ connectorId: "wallet.a" })
    expect(a.disconnects()).toBe(0)
    const modal = airlock.getState().modal
    await airlock.addWallet()
    expect(airlock.getState().modal).toBe(modal)
  })

  it("the active connection still switches (its account) and disconnects as before", async () => {
    const { airlock } = setup({ multiWallet: false })
    await connectBoth(airlock)
    await airlock.switchConnection({ connectorId: "wallet.b", address: carol })
    expect(airlock.getState().accounts.eip155.address).toBe(carol)
    await airlock.disconnectConnection({ connectorId: "wallet.b" })
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    expect(snackText(airlock.getState())).toBeUndefined()
  })
})

describe("adding a wallet from ProfileWallets", () => {
  it("shows Connect over ProfileWallets; once connected, ProfileWallets is back on top with the new one active", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.connect("wallet.a")
    await airlock.open({ view: "Account" })
    airlock.push("ProfileWallets")
    await airlock.addWallet()
    expect(airlock.getState().modal.view).toBe("Connect")
    airlock.push("ConnectingExternal", { connectorId: "wallet.b", walletName: "Wallet B" })
    await airlock.connect("wallet.b")
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "ProfileWallets" })
    expect(airlock.getState().modal.history).toEqual(["Account", "ProfileWallets"])
    expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`, `wallet.a active ${alice}`])
  })
})

describe("reconnect on start", () => {
  const storage = (ids: ReadonlyArray<string>): ReadonlyArray<readonly [string, string]> => [
    ["@airlock/eip155:connection_status", "connected"],
    ["@airlock/eip155:connected_connector_ids", JSON.stringify(ids)]
  ]

  it("restores every stored connection: the first active, the others listed", async () => {
    const { airlock } = setup({ storage: storage(["wallet.b", "wallet.a"]) })
    await airlock.ready
    await vi.waitFor(() => expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`, `wallet.a active ${alice}`]))
    // The listed one's events are followed after the reload too.
    await airlock.switchConnection({ connectorId: "wallet.a" })
    expect(airlock.getState().accounts.eip155.address).toBe(alice)
  })

  it("a wallet that revoked access drops out quietly (a warning); the others are restored and stored", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const { airlock } = setup({ storage: storage(["wallet.a", "wallet.b"]), restores: { a: false } })
    await airlock.ready
    await vi.waitFor(() => expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`]))
    await vi.waitFor(async () => expect(await stored(airlock)).toEqual(["wallet.b"]))
    expect(airlock.getState().alert).toBeUndefined()
    warn.mockRestore()
  })

  it("with multiWallet off only the first stored connection comes back", async () => {
    const { airlock } = setup({ multiWallet: false, storage: storage(["wallet.b", "wallet.a"]) })
    await airlock.ready
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("connected"))
    expect(summary(airlock)).toEqual([`wallet.b connected ${bob}`])
  })
})

describe("the wallet behind a WalletConnect session", () => {
  it("is listed by the name and icon its session announced, kept when the connection is switched away and back", async () => {
    const { airlock } = setup()
    await airlock.ready
    const phone = { name: "Phone Wallet", icon: "https://wallet.example/icon.png" }
    let state = applyConnection(
      airlock.getState(),
      "eip155",
      { connectorId: "walletConnect", accounts: [alice], chainId: 1, wallet: phone },
      true
    )
    expect(selectConnections(state, "eip155")[0]).toMatchObject({ connectorId: "walletConnect", ...phone })
    expect(state.accounts.eip155.connectedWalletInfo).toEqual(phone)
    // Another wallet in use, then the session again as switching re-applies it (its entry, no wallet given).
    state = applyConnection(state, "eip155", { connectorId: "wallet.a", accounts: [bob], chainId: 1 }, true)
    expect(state.accounts.eip155.connectedWalletInfo).toBeUndefined()
    expect(selectConnections(state, "eip155").map((c) => c.name)).toEqual(["Wallet A", "Phone Wallet"])
    state = applyConnection(
      state,
      "eip155",
      { connectorId: "walletConnect", accounts: [alice], chainId: undefined },
      true
    )
    expect(selectConnections(state, "eip155")[0]?.name).toBe("Phone Wallet")
    expect(state.accounts.eip155.connectedWalletInfo).toEqual(phone)
  })
})
