import { describe, expect, it } from "vitest"
import { createTestAirlock } from "../../../core/testing/index.ts"

// When a client's action runs its flow, as a user's page feels it: a keystroke's search starts in the keystroke's own
// task (its 300 ms wait is not pushed back by a busy page), while what follows a navigation the client already drew
// (open's analytics and router effects) waits one task, so it never holds back the frame that shows the modal.
describe("the lifecycle's timing of flows", () => {
  it("once its flow is loaded, a search takes the typed text in the caller's task, before any await", async () => {
    const airlock = createTestAirlock({ clock: "test", adapters: [{ namespace: "eip155" }] })
    await airlock.ready
    await airlock.searchWallets("")
    void airlock.searchWallets("  meta ")
    expect(airlock.getState().wallets.query).toBe("meta")
    void airlock.searchWallets("rain")
    expect(airlock.getState().wallets.query).toBe("rain")
  })

  it("open() shows the modal at once and tracks MODAL_OPEN only on a later task", async () => {
    const airlock = createTestAirlock({ clock: "test", adapters: [{ namespace: "eip155" }] })
    await airlock.ready
    // The first open loads the flows; the second is the one a returning click makes.
    await airlock.open()
    await airlock.close()
    expect(airlock.getState().lastEvent?.data).toMatchObject({ event: "MODAL_CLOSE" })
    const opened = airlock.open()
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "Connect" })
    // Microtasks drain (a click handler's promise chain), the task has not ended: nothing tracked yet.
    for (let i = 0; i < 10; i++) await Promise.resolve()
    expect(airlock.getState().lastEvent?.data).toMatchObject({ event: "MODAL_CLOSE" })
    await opened
    expect(airlock.getState().lastEvent?.data).toMatchObject({ event: "MODAL_OPEN" })
  })
})
