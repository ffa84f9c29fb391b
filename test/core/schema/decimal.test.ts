import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  compareDecimal,
  DecimalError,
  floorDecimal,
  formatBalance,
  formatQuantity,
  isDecimal,
  maxDecimalExponent,
  parseDecimal,
  roundHalfUp
} from "../../../core/schema/index.ts"

// Each of these froze the page before the bounds: the test timeouts below are the bound, not a timed assertion.
const hostile = [
  "1e-50000000",
  "1e2000000",
  "-1e2000000",
  "9".repeat(2_000_000),
  `0.${"1".repeat(2_000_000)}`,
  `1e${"9".repeat(2_000_000)}`,
  `${"1".repeat(100)}e400`,
  " ".repeat(2_000_000),
  `${"-".repeat(1_000_000)}1`,
  "1e+99999999999999999999"
]

const numericText = fc.oneof(
  fc.stringMatching(/^[+-]?\d{0,40}(\.\d{0,40})?([eE][+-]?\d{1,12})?$/),
  fc.string({ maxLength: 60 }),
  fc.constantFrom(...hostile)
)

describe("decimal bounds", () => {
  it("refuses a huge exponent with a typed reason instead of freezing", { timeout: 2000 }, () => {
    const refused = parseDecimal("1e2000000")
    expect(refused).toBeInstanceOf(DecimalError)
    expect(refused?.reason).toBe("ExponentOutOfRange")
    expect(parseDecimal("1e-50000000")?.reason).toBe("ExponentOutOfRange")
    expect(parseDecimal(`1e${maxDecimalExponent + 1}`)?.reason).toBe("ExponentOutOfRange")
    expect(parseDecimal(`1e${maxDecimalExponent}`)).toBeUndefined()
  })

  it("refuses a 2 MB numeric string as too long", { timeout: 2000 }, () => {
    expect(parseDecimal("9".repeat(2_000_000))?.reason).toBe("TooLong")
    expect(isDecimal("9".repeat(2_000_000))).toBe(false)
  })

  it("says garbage is not a number", () => {
    expect(parseDecimal("1.2.3")?.reason).toBe("NotANumber")
    expect(parseDecimal("0x10")?.reason).toBe("NotANumber")
    expect(parseDecimal("")?.reason).toBe("NotANumber")
  })

  it("still formats real amounts exactly", () => {
    expect(
      formatBalance("115792089237316195423570985008687907853269984665640564039457.584007913129639935", "ETH")
    ).toBe("115792089237316195423570985008687907853269984665640564039457.584 ETH")
    expect(formatQuantity("1e-7")).toBe("0")
    expect(formatQuantity("1.2345e2")).toBe("123.45")
  })

  it("formatters answer 0 for refused values (the documented fallback)", { timeout: 2000 }, () => {
    expect(formatQuantity("1e-50000000")).toBe("0")
    expect(formatBalance("1e2000000", "ETH")).toBe("0 ETH")
  })

  it("every hostile string returns promptly from every function", { timeout: 5000 }, () => {
    fc.assert(
      fc.property(numericText, numericText, (a, b) => {
        expect(typeof formatBalance(a)).toBe("string")
        expect(typeof formatQuantity(a)).toBe("string")
        floorDecimal(a, 3)
        roundHalfUp(a)
        compareDecimal(a, b)
        const refused = parseDecimal(a)
        expect(refused === undefined || refused instanceof DecimalError).toBe(true)
        expect(isDecimal(a)).toBe(refused === undefined)
      }),
      { numRuns: 300 }
    )
  })
})
