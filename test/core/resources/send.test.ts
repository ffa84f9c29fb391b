import { describe, expect, it } from "vitest"
import { filterTokens, formatSendFee, selectSend } from "../../../core/resources/send.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"
import { eth, setupSend, usdc } from "../flows/send/setup.ts"

// What a Send view draws (core/resources/send.ts): the fee as shown, the picker's search, and one object per change.

describe("the network fee as a preview shows it", () => {
  it("has 6 decimals, rounded half-up, trailing zeros dropped", () => {
    expect(formatSendFee("0.000021")).toBe("0.000021")
    expect(formatSendFee("0.0000214999")).toBe("0.000021")
    expect(formatSendFee("0.0000215")).toBe("0.000022")
    expect(formatSendFee("0.0000995")).toBe("0.0001")
    expect(formatSendFee("1.5")).toBe("1.5")
  })

  it("says '< 0.000001' for a fee below that, and 0 for none", () => {
    expect(formatSendFee("0.000000499999")).toBe("< 0.000001")
    expect(formatSendFee("0.000000000000000001")).toBe("< 0.000001")
    expect(formatSendFee("0.0000005")).toBe("0.000001")
    expect(formatSendFee("0")).toBe("0")
  })
})

describe("the token picker's search", () => {
  it("matches the name or the symbol, whatever the case and the spaces around", () => {
    expect(filterTokens([eth, usdc], "usd").map((t) => t.symbol)).toEqual(["USDC"])
    expect(filterTokens([eth, usdc], "  Ether ").map((t) => t.symbol)).toEqual(["ETH"])
    expect(filterTokens([eth, usdc], "eth").map((t) => t.symbol)).toEqual(["ETH"])
    expect(filterTokens([eth, usdc], "").map((t) => t.symbol)).toEqual(["ETH", "USDC"])
    expect(filterTokens([eth, usdc], "btc")).toEqual([])
  })
})

describe("selectSend", () => {
  it("gives the same object while nothing it shows changed, a new one when it did", async () => {
    const { airlock } = await setupSend()
    const state = airlock.getState()
    const before = selectSend(state)
    airlock.setThemeMode(state.themeMode === "light" ? "dark" : "light")
    expect(airlock.getState()).not.toBe(state)
    expect(selectSend(airlock.getState())).toBe(before)
    airlock.setSendAmount("0.1")
    expect(selectSend(airlock.getState())).not.toBe(before)
  })

  it("says there is nothing to send from while no account is connected", () => {
    const airlock = createTestAirlock()
    expect(selectSend(airlock.getState())).toMatchObject({ connected: false, canPreview: false, token: undefined })
  })
})
