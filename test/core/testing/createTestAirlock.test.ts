import { describe, expect, it } from "vitest"
import { createTestAirlock, fakeAdapter } from "../../../core/testing/index.ts"

describe("airlock-kit/testing", () => {
  it("setState puts the client in any state and notifies subscribers", async () => {
    const airlock = createTestAirlock({ adapters: [{ namespace: "eip155" }] })
    const seen: Array<string | undefined> = []
    airlock.subscribe((state) => seen.push(state.accounts.eip155.address))
    airlock.setState((state) => ({
      ...state,
      accounts: { ...state.accounts, eip155: { ...state.accounts.eip155, status: "connected", address: "0xabc" } }
    }))
    expect(seen).toEqual(["0xabc"])
    await airlock.open()
    expect(airlock.getState().modal.view).toBe("Account")
  })

  it("the fake wallet API serves the seeded registry to the Connect view", async () => {
    const airlock = createTestAirlock({
      // The registry's wallets are reached through WalletConnect: its connector is what has them fetched.
      adapters: [
        fakeAdapter({ connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" } }).adapter
      ],
      featuredWalletIds: ["b"],
      walletApi: {
        wallets: [
          { id: "a", name: "Alpha" },
          { id: "b", name: "Beta" }
        ]
      }
    })
    await airlock.ready
    expect(airlock.getState().wallets.featured.map((w) => w.name)).toEqual(["Beta"])
    expect(airlock.getState().wallets.recommended.map((w) => w.name)).toEqual(["Alpha"])
  })

  it("analytics events are recorded instead of sent", async () => {
    const sent: Array<{ props: { event: string } }> = []
    const airlock = createTestAirlock({ adapters: [{ namespace: "eip155" }], analyticsSent: sent as never })
    await airlock.open()
    // `open` resolves once its MODAL_OPEN has been handed to analytics: recorded by then, no waiting.
    expect(sent.map((e) => e.props.event)).toEqual(["MODAL_OPEN"])
  })

  it("the last event is in the state even when the project disabled analytics", async () => {
    const sent: Array<unknown> = []
    const airlock = createTestAirlock({
      adapters: [{ namespace: "eip155" }],
      analyticsSent: sent as never,
      walletApi: { isAnalyticsEnabled: false }
    })
    await airlock.ready
    await airlock.open()
    expect(airlock.getState().lastEvent?.data).toEqual({
      type: "track",
      event: "MODAL_OPEN",
      properties: { connected: false }
    })
    // Where the test above finds the event recorded, nothing is.
    expect(sent).toHaveLength(0)
  })
})

describe("airlock/testing clock and layer", () => {
  it("clock 'test': the app's test drives the 500 ms shake with clock.adjust, no real time", async () => {
    const airlock = createTestAirlock({ clock: "test", platform: { isMobile: () => true } })
    await airlock.open()
    expect(airlock.getState().modal.view).toBe("AllWallets")
    airlock.shake()
    await expect.poll(() => airlock.getState().shake).toBe(true)
    await airlock.clock.adjust("500 millis")
    expect(airlock.getState().shake).toBe(false)
  })

  it("events carry the test clock's time, so timestamps in an app's snapshots are stable", async () => {
    const airlock = createTestAirlock({ clock: "test", adapters: [{ namespace: "eip155" }] })
    await airlock.clock.adjust("1 seconds")
    await airlock.open()
    expect(airlock.getState().lastEvent).toMatchObject({ timestamp: 1000, data: { event: "MODAL_OPEN" } })
  })
})
