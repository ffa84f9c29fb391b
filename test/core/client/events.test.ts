import { Effect, Layer } from "effect"
import { describe, expect, it, vi } from "vitest"
import { track } from "../../../core/flows/events/track.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import type { AnalyticsPayload } from "../../../core/services/Analytics.ts"
import { WalletApi } from "../../../core/services/WalletApi.ts"
import type { AirlockEvent } from "../../../core/state/AirlockState.ts"
import { createTestAirlock, fakeAdapter } from "../../../core/testing/index.ts"

const namesOf = (events: ReadonlyArray<AirlockEvent>) => events.map((e) => e.data.event)

// `airlock.subscribeEvents` (AppKit's name): every product event, as it happens, in order; `lastEvent` keeps only the
// latest, which a renderer batching two updates would never show.
describe("airlock.subscribeEvents", () => {
  it("two events in one tick both arrive, in order; unsubscribing stops them", async () => {
    const airlock = createTestAirlock({ clock: "test", adapters: [{ namespace: "eip155" }] })
    await airlock.ready
    const seen: Array<AirlockEvent> = []
    const stop = airlock.subscribeEvents((event) => seen.push(event))
    await airlock.runtime.runPromise(
      Effect.all([track("MODAL_OPEN", { connected: false }), track("MODAL_CLOSE", { connected: false })])
    )
    expect(namesOf(seen)).toEqual(["MODAL_OPEN", "MODAL_CLOSE"])
    expect(seen[0]?.data).toEqual({ type: "track", event: "MODAL_OPEN", properties: { connected: false } })
    expect(airlock.getState().lastEvent).toBe(seen[1])
    stop()
    await airlock.open()
    expect(namesOf(seen)).toEqual(["MODAL_OPEN", "MODAL_CLOSE"])
  })

  it("a real session's events reach subscribers and the analytics sink under AppKit's names, in order", async () => {
    const sent: Array<AnalyticsPayload> = []
    const { adapter } = fakeAdapter()
    const airlock = createTestAirlock({ adapters: [adapter], networks: [mainnet, base], analyticsSent: sent })
    await airlock.ready
    const seen: Array<AirlockEvent> = []
    airlock.subscribeEvents((event) => seen.push(event))
    await airlock.open()
    await airlock.connect("test.wallet")
    await airlock.switchNetwork(base)
    await airlock.disconnect()
    const expected = ["MODAL_OPEN", "SELECT_WALLET", "CONNECT_SUCCESS", "SWITCH_NETWORK", "DISCONNECT_SUCCESS"]
    expect(namesOf(seen).filter((name) => expected.includes(name))).toEqual(expected)
    expect(sent.map((p) => p.props.event).filter((name) => expected.includes(name))).toEqual(expected)
    const switched = seen.find((e) => e.data.event === "SWITCH_NETWORK")
    expect(switched?.data.properties).toEqual({ network: "eip155:8453" })
  })

  it("the clicks that move between views report AppKit's events, and a close after a connection is a MODAL_CLOSE", async () => {
    const { adapter } = fakeAdapter()
    const airlock = createTestAirlock({ adapters: [adapter], networks: [mainnet, base] })
    await airlock.ready
    const seen: Array<AirlockEvent> = []
    airlock.subscribeEvents((event) => seen.push(event))
    await airlock.open()
    airlock.push("AllWallets")
    await vi.waitFor(() => expect(namesOf(seen)).toContain("CLICK_ALL_WALLETS"))
    airlock.goBack()
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal.open).toBe(false))
    const close = seen.filter((e) => e.data.event === "MODAL_CLOSE")
    expect(close.map((e) => e.data.properties)).toEqual([{ connected: true }])
    await airlock.open()
    airlock.push("Networks")
    airlock.push("Send")
    await vi.waitFor(() => expect(namesOf(seen)).toContain("OPEN_SEND"))
    expect(namesOf(seen).filter((name) => name.startsWith("CLICK_") || name.startsWith("OPEN_"))).toEqual([
      "CLICK_ALL_WALLETS",
      "CLICK_NETWORKS",
      "OPEN_SEND"
    ])
    expect(seen.find((e) => e.data.event === "OPEN_SEND")?.data.properties).toEqual({
      network: "eip155:1",
      isSmartAccount: false
    })
  })

  it("a subscriber that throws is reported and does not stop the others or the flow", async () => {
    const airlock = createTestAirlock({ clock: "test", adapters: [{ namespace: "eip155" }] })
    await airlock.ready
    const seen: Array<string> = []
    const original = console.error
    const logged: Array<unknown> = []
    console.error = (...args: Array<unknown>) => void logged.push(args)
    try {
      airlock.subscribeEvents(() => {
        throw new Error("app bug")
      })
      airlock.subscribeEvents((event) => seen.push(event.data.event))
      await airlock.open()
    } finally {
      console.error = original
    }
    expect(seen).toEqual(["MODAL_OPEN"])
    expect(airlock.getState().modal.open).toBe(true)
    expect(logged.length).toBeGreaterThan(0)
  })
})

// SPEC §7: error events carry errorType, errorMessage and stackTrace. An action that dies of a bug (a defect, not a
// refusal) is reported as INTERNAL_SDK_ERROR, to subscribers and to the analytics host.
describe("error events", () => {
  it("an action dying of a defect is reported as INTERNAL_SDK_ERROR with its type, message and stack", async () => {
    const sent: Array<AnalyticsPayload> = []
    const broken = Layer.effect(
      WalletApi,
      Effect.gen(function* () {
        const api = yield* WalletApi
        return WalletApi.of({ ...api, searchWallets: () => Effect.die(new TypeError("wallet list exploded")) })
      })
    ).pipe(Layer.provide(WalletApi.layerMemory()))
    const airlock = createTestAirlock({ adapters: [{ namespace: "eip155" }], layer: broken, analyticsSent: sent })
    await airlock.ready
    const seen: Array<AirlockEvent> = []
    airlock.subscribeEvents((event) => seen.push(event))
    const original = console.error
    console.error = () => undefined
    try {
      await airlock.searchWallets("meta").catch(() => undefined)
      await expect.poll(() => seen.length).toBe(1)
    } finally {
      console.error = original
    }
    const [event] = seen
    expect(event?.data).toMatchObject({
      type: "error",
      event: "INTERNAL_SDK_ERROR",
      errorType: "TypeError",
      errorMessage: "wallet list exploded"
    })
    expect(event?.data.type === "error" ? event.data.stackTrace : "").toContain("wallet list exploded")
    expect(sent.at(-1)?.props).toMatchObject({
      type: "error",
      event: "INTERNAL_SDK_ERROR",
      errorType: "TypeError",
      errorMessage: "wallet list exploded"
    })
  })

  it("a refusal (a typed failure) is no error event", async () => {
    const sent: Array<AnalyticsPayload> = []
    const { adapter, wallet } = fakeAdapter()
    wallet.rejectNextConnect()
    const airlock = createTestAirlock({ adapters: [adapter], analyticsSent: sent })
    await airlock.ready
    await expect(airlock.connect("test.wallet")).rejects.toMatchObject({ shortMessage: "Connection rejected" })
    expect(sent.map((p) => p.props.event)).toContain("CONNECT_ERROR")
    expect(sent.some((p) => p.props.type === "error")).toBe(false)
  })
})
