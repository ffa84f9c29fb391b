import { describe, expect, it } from "vitest"
import { base, mainnet } from "../../../core/networks/index.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"

// SPEC §7: every analytics event's props carry the active account's address and network, so the project's analytics
// can tell who did what where; nothing while no wallet is connected.
describe("analytics events name the connected account", () => {
  it("none before a connection; the address and the network once connected, and the new network after a switch", async () => {
    const sent: Array<{ props: { event: string; address?: string; caipNetworkId?: string } }> = []
    const { adapter } = fakeAdapter()
    const airlock = createTestAirlock({ adapters: [adapter], networks: [mainnet, base], analyticsSent: sent as never })
    await airlock.ready
    await airlock.open()
    expect(sent.at(-1)?.props).toMatchObject({ event: "MODAL_OPEN", address: undefined, caipNetworkId: undefined })
    await airlock.close()
    await airlock.connect("test.wallet")
    await airlock.open()
    expect(sent.at(-1)?.props).toMatchObject({ event: "MODAL_OPEN", address: fakeAccount, caipNetworkId: "eip155:1" })
    await airlock.close()
    await airlock.switchNetwork(base)
    await airlock.open()
    expect(sent.at(-1)?.props).toMatchObject({
      event: "MODAL_OPEN",
      address: fakeAccount,
      caipNetworkId: "eip155:8453"
    })
  })
})
