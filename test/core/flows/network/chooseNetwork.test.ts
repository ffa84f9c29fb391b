import { describe, expect, it } from "vitest"
import { base, mainnet, solana } from "../../../../core/networks/index.ts"
import { createTestAirlock, fakeAdapter } from "../../../../core/testing/index.ts"

// What choosing a network in the modal does (SPEC §4), headless: the rule any renderer's network list calls.

const setup = () => {
  const { adapter, wallet } = fakeAdapter()
  const airlock = createTestAirlock({ networks: [mainnet, base, solana], adapters: [adapter] })
  return { airlock, wallet }
}

describe("chooseNetwork", () => {
  it("disconnected: switches at once and closes the modal", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.open({ view: "Networks" })
    await airlock.chooseNetwork(base)
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
    expect(airlock.getState().modal.open).toBe(false)
    expect(airlock.getState().lastEvent?.data.event).toBe("MODAL_CLOSE")
  })

  it("connected: opens SwitchNetwork, and the switch it waits for moves the wallet and closes the modal", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    await airlock.open({ view: "Networks" })
    await airlock.chooseNetwork(base)
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "SwitchNetwork" })
    expect(wallet.switches).toEqual([])
    // What the SwitchNetwork view asks for when it shows.
    await airlock.switchNetwork(base)
    expect(wallet.switches).toEqual(["eip155:8453"])
    expect(airlock.getState().modal.open).toBe(false)
  })

  it("the active network goes back to the view before", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.open()
    airlock.push("Networks")
    await airlock.chooseNetwork(mainnet)
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "Connect" })
  })

  it("another namespace without a connection: switches and shows Connect for it", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    await airlock.open({ view: "Networks" })
    await airlock.chooseNetwork(solana)
    expect(airlock.getState().activeNamespace).toBe("solana")
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "Connect" })
  })

  it("another namespace with a connected wallet: switches and closes the modal, as a chain switch does", async () => {
    const evm = fakeAdapter()
    const sol = fakeAdapter({
      namespace: "solana",
      accounts: ["8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"],
      chainId: solana.id,
      connector: { id: "test.solana", name: "Test Solana" }
    })
    const airlock = createTestAirlock({ networks: [mainnet, base, solana], adapters: [evm.adapter, sol.adapter] })
    await airlock.ready
    await airlock.connect("test.solana")
    await airlock.connect("test.wallet")
    expect(airlock.getState()).toMatchObject({
      activeNamespace: "eip155",
      accounts: { solana: { status: "connected" } }
    })
    await airlock.open()
    airlock.push("Networks")
    await airlock.chooseNetwork(solana)
    expect(airlock.getState().activeNamespace).toBe("solana")
    expect(airlock.getState().modal.open).toBe(false)
    expect(airlock.getState().lastEvent?.data.event).toBe("MODAL_CLOSE")
  })

  it("a switch the app makes while Account shows leaves the modal open", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    await airlock.open()
    expect(airlock.getState().modal.view).toBe("Account")
    await airlock.switchNetwork(base)
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "Account" })
  })
})
