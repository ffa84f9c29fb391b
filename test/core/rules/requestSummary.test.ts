import { describe, expect, it } from "vitest"
import { requestSummary, SUMMARY_TEXT_LIMIT } from "../../../core/rules/requestSummary.ts"

const to = "0x52908400098527886E0F7030069857D2E4169EE7"

describe("requestSummary (what ApproveTransaction shows)", () => {
  it("reads a personal_sign message as text, and keeps binary data as hex", () => {
    expect(requestSummary("personal_sign", ["0x48656c6c6f2066726f6d2041726c6f636b", to])).toEqual({
      message: "Hello from Arlock"
    })
    expect(requestSummary("personal_sign", ["0x00ff01", to])).toEqual({ message: "0x00ff01" })
  })

  it("gives a transaction's receiver, value in base units and data", () => {
    expect(requestSummary("eth_sendTransaction", [{ to, value: "0x38d7ea4c68000", data: "0xa9059cbb" }])).toEqual({
      to,
      value: "1000000000000000",
      data: "0xa9059cbb"
    })
    expect(
      requestSummary("wallet_sendCalls", [
        {
          calls: [
            { to, value: "0x1" },
            { to, value: "0x2" }
          ]
        }
      ])
    ).toEqual({
      calls: 2,
      to,
      value: "3"
    })
  })

  it("names typed data by its primary type and domain", () => {
    const typed = { domain: { name: "Permit2", verifyingContract: to }, primaryType: "PermitSingle", message: {} }
    expect(requestSummary("eth_signTypedData_v4", [to, JSON.stringify(typed)])).toMatchObject({
      message: "PermitSingle (Permit2)",
      to
    })
  })

  it("bounds hostile sizes: a 2 MB message, a 10,000-call batch, a deeply nested param, a bad value", () => {
    const huge = `0x${"41".repeat(1_000_000)}`
    const summary = requestSummary("personal_sign", [huge, to])
    expect(summary.message?.length).toBeLessThanOrEqual(SUMMARY_TEXT_LIMIT)
    expect(summary.message?.endsWith("…")).toBe(true)
    const calls = Array.from({ length: 10_000 }, () => ({ to, value: "0x1" }))
    expect(requestSummary("wallet_sendCalls", [{ calls }])).toMatchObject({ calls: 10_000, value: "10000" })
    let nested: unknown = "deep"
    for (let i = 0; i < 10_000; i++) nested = { nested }
    expect(() => requestSummary("wallet_grantPermissions", [nested])).not.toThrow()
    expect(requestSummary("eth_sendTransaction", [{ to, value: "-5" }])).toEqual({ to })
    expect(requestSummary("eth_sendTransaction", [{ to, value: "9".repeat(2_000_000) }])).toEqual({ to })
    expect(requestSummary("eth_sendTransaction", "not a list")).toEqual({})
  })
})
