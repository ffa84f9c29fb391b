import { Result } from "effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  isPreflightCommitment,
  isSendCallsParams,
  isSolanaSignParams,
  SendCallsParams,
  SolanaSignParams
} from "../../../core/schema/rpcParams.ts"

const hexBody = fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 64 })

describe("wallet_sendCalls params", () => {
  it("accept calls whose destination and data start with 0x", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hexBody, fc.option(hexBody, { nil: undefined })), { maxLength: 5 }), (calls) =>
        isSendCallsParams({
          chainId: "0x1",
          from: "0xabc",
          calls: calls.map(([to, data]) =>
            data === undefined ? { to: `0x${to}` } : { to: `0x${to}`, data: `0x${data}` }
          )
        })
      )
    )
  })

  it("reject a destination without 0x", () => {
    fc.assert(fc.property(hexBody, (to) => !isSendCallsParams({ calls: [{ to: `1${to}` }] })))
    const result = Schema.decodeUnknownResult(SendCallsParams)({ calls: [{ to: "abc" }] })
    expect(Result.isFailure(result) && result.failure.message).toContain('at ["calls"][0]["to"]')
  })

  it("reject data without 0x", () => {
    fc.assert(fc.property(hexBody, (data) => !isSendCallsParams({ calls: [{ to: "0x1", data: `z${data}` }] })))
  })
})

describe("Solana signing params", () => {
  it("accept message and pubkey, a transaction, or a list of transactions", () => {
    expect(isSolanaSignParams({ message: "aGk=", pubkey: "11111111111111111111111111111111" })).toBe(true)
    expect(isSolanaSignParams({ transaction: "AQAB" })).toBe(true)
    expect(isSolanaSignParams({ transaction: "AQAB", options: { preflightCommitment: "confirmed" } })).toBe(true)
    expect(isSolanaSignParams({ transactions: ["AQAB", "AQAC"] })).toBe(true)
  })

  it("reject a message without pubkey, non-string transactions, or a bad commitment", () => {
    expect(isSolanaSignParams({ message: "aGk=" })).toBe(false)
    expect(isSolanaSignParams({ transaction: 1 })).toBe(false)
    expect(isSolanaSignParams({ transactions: ["AQAB", 2] })).toBe(false)
    expect(Schema.is(SolanaSignParams)({ transaction: "AQAB", options: { preflightCommitment: "soon" } })).toBe(false)
  })
})

describe("preflight commitment", () => {
  const levels = ["processed", "confirmed", "finalized", "recent", "single", "singleGossip", "root", "max"]

  it("is one of the eight Solana levels", () => {
    for (const level of levels) expect(isPreflightCommitment(level)).toBe(true)
  })

  it("rejects every other string", () => {
    fc.assert(fc.property(fc.string(), (s) => levels.includes(s) || !isPreflightCommitment(s)))
  })
})
