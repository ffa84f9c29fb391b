import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { checkSendForm, fromBaseUnits, isReceiverName, sendValueInUsd, toBaseUnits } from "../../../core/rules/send.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"

// The send form's rules: what a user is told before anything reaches a wallet. Property tests over amounts and
// addresses; amounts in base units with BigInt (never floating point).

const token = (decimals: number, numeric: string, extra: Partial<TokenBalance> = {}): TokenBalance => ({
  name: "Token",
  symbol: "TKN",
  chainId: "eip155:1",
  price: 2,
  quantity: { decimals: String(decimals), numeric },
  ...extra
})
const evm = "0x52908400098527886E0F7030069857D2E4169EE7"
const sol = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"

/** A decimal string with at most `decimals` places, and its base units. */
const amountWithin = (decimals: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** BigInt(decimals) - 1n }))
    .map(([whole, fraction]) => {
      const text = decimals === 0 ? `${whole}` : `${whole}.${fraction.toString().padStart(decimals, "0")}`
      return { text, units: whole * 10n ** BigInt(decimals) + fraction }
    })

describe("amounts in base units", () => {
  it("any amount with at most the token's decimals converts exactly, and back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 }).chain((d) => fc.tuple(fc.constant(d), amountWithin(d))),
        ([d, a]) => {
          expect(toBaseUnits(a.text, d)).toBe(a.units)
          expect(toBaseUnits(fromBaseUnits(a.units, d), d)).toBe(a.units)
        }
      )
    )
  })

  it("an amount with more decimals than the token is refused, whatever the digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.stringMatching(/^[1-9]$/), (d, last) => {
        expect(toBaseUnits(`1.${"0".repeat(d)}${last}`, d)).toBeUndefined()
      })
    )
    // Trailing zeros are not decimals: "1.500000000" is 1.5 USDC.
    expect(toBaseUnits("1.500000000", 6)).toBe(1_500_000n)
  })

  it("never throws on any string, and accepts only plain decimals", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const units = toBaseUnits(text, 18)
        if (units !== undefined) expect(text).toMatch(/^\d*\.?\d*$/)
      })
    )
    for (const bad of ["-1", "+1", "1e3", "0x10", " 1", "1 000", "1,5", ".", "", "Infinity", "NaN"]) {
      expect(toBaseUnits(bad, 18)).toBeUndefined()
    }
    expect(toBaseUnits("9".repeat(2_000_000), 18)).toBeUndefined()
  })
})

describe("checkSendForm", () => {
  const form = (amount: string, receiver: string, t: TokenBalance | undefined = token(6, "10")) => ({
    namespace: "eip155" as const,
    token: t,
    amount,
    receiver
  })

  it("says SPEC §8's texts first: an amount and a receiver, then a token", () => {
    expect(checkSendForm(form("", evm))).toEqual({ ok: false, reason: "AmountAndReceiverRequired" })
    expect(checkSendForm(form("0.000", ""))).toEqual({ ok: false, reason: "AmountAndReceiverRequired" })
    // A zero next to a filled receiver: the amount is what is wrong.
    expect(checkSendForm(form("0", evm))).toEqual({ ok: false, reason: "AmountZero" })
    expect(checkSendForm(form("0.000", evm))).toEqual({ ok: false, reason: "AmountZero" })
    expect(checkSendForm(form("1", "  "))).toEqual({ ok: false, reason: "AmountAndReceiverRequired" })
    expect(checkSendForm({ ...form("1", evm), token: undefined })).toEqual({ ok: false, reason: "TokenRequired" })
  })

  it("then the amount: readable, within the decimals, within the balance", () => {
    expect(checkSendForm(form("abc", evm))).toEqual({ ok: false, reason: "InvalidAmount" })
    expect(checkSendForm(form("1.1234567", evm))).toEqual({
      ok: false,
      reason: "TooManyDecimals",
      params: { symbol: "TKN", decimals: 6 }
    })
    expect(checkSendForm(form("10.000001", evm))).toEqual({ ok: false, reason: "InsufficientBalance" })
    expect(checkSendForm(form("10", evm))).toEqual({ ok: true, baseUnits: 10_000_000n, decimals: 6 })
  })

  it("any amount up to the balance is accepted, any above refused (property)", () => {
    fc.assert(
      fc.property(amountWithin(6), amountWithin(6), (balance, amount) => {
        fc.pre(amount.units > 0n)
        const check = checkSendForm(form(amount.text, evm, token(6, balance.text)))
        if (amount.units <= balance.units) expect(check).toEqual({ ok: true, baseUnits: amount.units, decimals: 6 })
        else expect(check).toEqual({ ok: false, reason: "InsufficientBalance" })
      })
    )
  })

  it("then the receiver: an address of the namespace, or a name (property over random strings)", () => {
    expect(checkSendForm(form("1", "0x1234"))).toEqual({ ok: false, reason: "InvalidAddress" })
    expect(checkSendForm(form("1", sol))).toEqual({ ok: false, reason: "InvalidAddress" })
    expect(checkSendForm({ ...form("1", sol), namespace: "solana" }).ok).toBe(true)
    expect(checkSendForm({ ...form("1", evm), namespace: "solana" })).toEqual({ ok: false, reason: "InvalidAddress" })
    expect(checkSendForm(form("1", "ada.airlock.id")).ok).toBe(true)
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (receiver) => {
        const check = checkSendForm(form("1", receiver))
        if (check.ok) expect(/^0x[0-9a-fA-F]{40}$/.test(receiver.trim()) || isReceiverName(receiver.trim())).toBe(true)
      })
    )
  })
})

describe("the USD value", () => {
  it("is the amount times the price to the cent, half-up, without float drift", () => {
    expect(sendValueInUsd("0.1", 0.2)).toBe("$0.02")
    expect(sendValueInUsd("0.5", 2500)).toBe("$1,250.00")
    expect(sendValueInUsd("3", 0.335)).toBe("$1.01")
    expect(sendValueInUsd("123456789.123456789", 1)).toBe("$123,456,789.12")
    expect(sendValueInUsd("1", 1e-7)).toBe("$0.00")
    expect(sendValueInUsd("1", undefined)).toBeUndefined()
    expect(sendValueInUsd("lots", 1)).toBeUndefined()
  })
})
