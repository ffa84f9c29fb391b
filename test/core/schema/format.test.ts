import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  compareDecimal,
  floorDecimal,
  formatBalance,
  formatQuantity,
  formatUsd,
  localizeDecimal,
  operationSign,
  roundHalfUp,
  shortenEmail,
  trimDiscordUsername,
  trimTrailingZeros,
  truncateAddress
} from "../../../core/schema/index.ts"

describe("email display", () => {
  it("keeps emails of up to 30 characters as they are", () => {
    expect(shortenEmail("ada@example.com")).toBe("ada@example.com")
    const thirty = `${"a".repeat(18)}@example.com`
    expect(thirty).toHaveLength(30)
    expect(shortenEmail(thirty)).toBe(thirty)
  })

  it("shortens longer emails to 30 characters and keeps the domain", () => {
    expect(shortenEmail("ada.lovelace.analytical.engine@example.com")).toBe("ada.lovelace.an...@example.com")
  })

  it("never shows more than 30 characters", () => {
    fc.assert(fc.property(fc.string({ minLength: 31, maxLength: 200 }), (s) => shortenEmail(s).length <= 30))
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,40}@[a-z]{20,60}\.com$/), (email) => shortenEmail(email).length <= 30)
    )
  })
})

describe("discord username", () => {
  it("drops the trailing 0 of a migrated username", () => {
    expect(trimDiscordUsername("ada0")).toBe("ada")
    expect(trimDiscordUsername("ada#0")).toBe("ada")
    expect(trimDiscordUsername("ada")).toBe("ada")
  })
})

describe("address truncation", () => {
  it("keeps the first 4 and the last 6 characters", () => {
    expect(truncateAddress("0x52908400098527886E0F7030069857D2E4169EE7")).toBe("0x52...169EE7")
    fc.assert(
      fc.property(fc.string({ minLength: 14, maxLength: 80 }), (s) => {
        const t = truncateAddress(s)
        return t === `${s.slice(0, 4)}...${s.slice(-6)}`
      })
    )
  })

  it("leaves short strings whole", () => {
    expect(truncateAddress("0xabc")).toBe("0xabc")
  })
})

describe("balance formatting", () => {
  it("floors to 3 decimals, never rounding up", () => {
    expect(formatBalance("1.23999", "ETH")).toBe("1.239 ETH")
    expect(formatBalance("0.0009999", "ETH")).toBe("0 ETH")
    expect(formatBalance("12", "SOL")).toBe("12 SOL")
    expect(formatBalance(0.1 + 0.2)).toBe("0.3")
  })

  it("reads a missing or non-numeric balance as 0", () => {
    expect(formatBalance(undefined, "ETH")).toBe("0 ETH")
    expect(formatBalance("abc")).toBe("0")
  })

  it("is never above the balance and less than 0.001 below it", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (n) => {
        const shown = Number(formatBalance(n))
        return shown <= n && n - shown < 0.001 + 1e-6
      })
    )
  })
})

describe("numbers in the locale's writing", () => {
  it("writes a balance with the locale's decimal separator and digits; the floor is the same exact math", () => {
    expect(formatBalance("1234.56789", "ETH", "de")).toBe("1234,567 ETH")
    expect(formatBalance("1234.56789", "ETH", "fr")).toBe("1234,567 ETH")
    expect(formatBalance("1234.56789", "ETH", "ja")).toBe("1234.567 ETH")
    // Egyptian Arabic writes Arabic-Indic digits and its own decimal separator.
    expect(formatBalance("1234.56789", "ETH", "ar-EG")).toBe("١٢٣٤٫٥٦٧ ETH")
    expect(formatQuantity("-0.12349", "de")).toBe("-0,123")
    expect(formatQuantity("0.1235", "ar-EG")).toBe("٠٫١٢٤")
    // Beyond a float's range and precision: every digit is the decimal string's own.
    const max = "115792089237316195423570985008687907853269984665640564039457.584007913129639935"
    expect(formatBalance(max, "ETH", "de")).toBe("115792089237316195423570985008687907853269984665640564039457,584 ETH")
  })

  it("English output is what it always was (no grouping, '.'), for any amount", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true }), fc.stringMatching(/^-?\d{1,90}(\.\d{0,30})?$/)), (n) => {
        const before = trimTrailingZeros(floorDecimal(n, 3) ?? "0")
        return formatBalance(n, "ETH") === `${before} ETH` && formatBalance(n, "ETH", "en") === `${before} ETH`
      })
    )
    expect(formatBalance("1234.5", "USDC")).toBe("1234.5 USDC")
  })

  it("changes only the symbols: a German amount read back with '.' is the English one, digit for digit", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,60}(\.\d{1,30})?$/), (n) => {
        return formatQuantity(n, "de").replace(",", ".") === formatQuantity(n)
      })
    )
  })

  it("signs, the bidi marks some locales write with them, and strings that are not plain decimals", () => {
    expect(localizeDecimal("0.013", "en", { sign: "always" })).toBe("+0.013")
    expect(localizeDecimal("-1.5", "ar-EG")).toBe("\u061c-١٫٥")
    expect(localizeDecimal("-1.5", "sv")).toBe("\u22121,5")
    expect(localizeDecimal("1e5", "de")).toBe("1e5")
    // A tag Intl refuses writes English rather than throwing in a render.
    expect(localizeDecimal("1.5", "not_a_tag")).toBe("1.5")
  })

  it("writes US dollars as the locale writes money: grouping, separator and the symbol's place", () => {
    expect(formatUsd(1234.5)).toBe("$1,234.50")
    expect(formatUsd(1234.5, "de")).toBe("1.234,50\u00a0$")
    expect(formatUsd(1234.5, "ja")).toBe("$1,234.50")
    expect(formatUsd(Number.NaN)).toBe("$0.00")
    expect(formatUsd(undefined, "de")).toBe("0,00\u00a0$")
  })
})

describe("decimal helpers", () => {
  it("round half-up exactly, away from zero on ties", () => {
    expect(roundHalfUp("2.0005", 3)).toBe("2.001")
    expect(roundHalfUp("-2.0005", 3)).toBe("-2.001")
    expect(roundHalfUp("2.0004999", 3)).toBe("2.000")
    expect(roundHalfUp("1e-21")).toBe("0.00000000000000000000")
  })

  it("floor toward minus infinity", () => {
    expect(floorDecimal("-1.2341", 3)).toBe("-1.235")
    expect(floorDecimal("1e3", 2)).toBe("1000.00")
    expect(floorDecimal("x", 2)).toBeUndefined()
  })

  it("compare exactly", () => {
    expect(compareDecimal("0.1", "0.10")).toBe(0)
    expect(compareDecimal("0.30000000000000000001", "0.3")).toBe(1)
  })

  it("transaction quantities show 3 decimals", () => {
    expect(formatQuantity("0.12349")).toBe("0.123")
    expect(formatQuantity("0.1235")).toBe("0.124")
    expect(formatQuantity("5")).toBe("5")
  })
})

describe("transaction sign", () => {
  it("shows + for receive, deposit, borrow, claim and - for withdraw, repay, burn", () => {
    for (const op of ["receive", "deposit", "borrow", "claim"]) expect(operationSign(op)).toBe("+")
    for (const op of ["withdraw", "repay", "burn"]) expect(operationSign(op)).toBe("-")
    expect(operationSign("approve")).toBe("")
  })
})
