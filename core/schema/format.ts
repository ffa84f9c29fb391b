import { floorDecimal, type parseDecimal, roundHalfUp, trimTrailingZeros } from "./decimal.ts"

/** How many characters an address keeps at each end when truncated (SPEC §9). */
export const addressTruncation = { leading: 4, trailing: 6 } as const

/**
 * Truncates an address to its first 4 and last 6 characters with "..." between; short strings are kept.
 * @example
 * ```ts
 * truncateAddress("0x52908400098527886E0F7030069857D2E4169EE7") // "0x52...169EE7"
 * ```
 */
export const truncateAddress = (address: string): string => {
  const { leading, trailing } = addressTruncation
  if (address.length <= leading + trailing + 3) return address
  return `${address.slice(0, leading)}...${address.slice(address.length - trailing)}`
}

/** How a locale writes a signed decimal: its ten digits, its decimal separator, and what comes before and after. */
interface NumberSymbols {
  readonly digits: ReadonlyArray<string>
  readonly decimal: string
  readonly negative: readonly [prefix: string, suffix: string]
  readonly positive: readonly [prefix: string, suffix: string]
}

const symbolsByLocale = new Map<string, NumberSymbols>()

/** The parts around the number in `parts` (a sign, and the bidi marks some locales put with it). */
const around = (parts: ReadonlyArray<Intl.NumberFormatPart>): readonly [string, string] => {
  const first = parts.findIndex((part) => part.type === "integer")
  const last = parts.findLastIndex((part) => part.type === "integer" || part.type === "fraction")
  const join = (list: ReadonlyArray<Intl.NumberFormatPart>) => list.map((part) => part.value).join("")
  return [join(parts.slice(0, first)), join(parts.slice(last + 1))]
}

/** A locale's number symbols, read once from `Intl.NumberFormat`; a tag Intl refuses reads as English. */
const symbolsOf = (locale: string): NumberSymbols => {
  const known = symbolsByLocale.get(locale)
  if (known !== undefined) return known
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(locale, { useGrouping: false, signDisplay: "always", minimumFractionDigits: 1 })
  } catch {
    format = new Intl.NumberFormat("en", { useGrouping: false, signDisplay: "always", minimumFractionDigits: 1 })
  }
  const symbols: NumberSymbols = {
    digits: Array.from(
      { length: 10 },
      (_, digit) => format.formatToParts(digit).find((part) => part.type === "integer")?.value ?? String(digit)
    ),
    decimal: format.formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".",
    negative: around(format.formatToParts(-1.5)),
    positive: around(format.formatToParts(1.5))
  }
  symbolsByLocale.set(locale, symbols)
  return symbols
}

/**
 * Writes an exact decimal string ("-1234.5", as the decimal math gives it) the way `locale` writes numbers: its digits,
 * decimal separator and minus sign (with `sign: "always"`, a plus sign too), without grouping, as Airlock writes amounts
 * in English. Only the symbols change: the digits are the string's own, never a float's, so SPEC §9's floors and
 * roundings stay exact at any length. A string that is not a plain decimal is returned as it is.
 * @example
 * ```ts
 * localizeDecimal("-1234.5", "de") // "-1234,5"
 * localizeDecimal("0.013", "en", { sign: "always" }) // "+0.013"
 * ```
 */
export const localizeDecimal = (
  decimal: string,
  locale: string,
  options: { readonly sign?: "auto" | "always" | undefined } = {}
): string => {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal)
  if (match === null) return decimal
  const [, minus, int = "", frac] = match
  const symbols = symbolsOf(locale)
  const digits = (text: string) => text.replace(/\d/g, (digit) => symbols.digits[Number(digit)] ?? digit)
  const body = frac === undefined ? digits(int) : `${digits(int)}${symbols.decimal}${digits(frac)}`
  const [prefix, suffix] =
    minus !== undefined ? symbols.negative : options.sign === "always" ? symbols.positive : ["", ""]
  return `${prefix}${body}${suffix}`
}

/**
 * Formats a balance floored to 3 decimals (SPEC §9) without trailing zeros, with the symbol when given, written for
 * `locale` ({@link localizeDecimal}: its digits and decimal separator; the floor is exact decimal math). An absent
 * or non-numeric balance reads as 0, and so does one {@link parseDecimal} refuses (over 256 characters or an exponent
 * beyond ±400): a formatter must return a string, and "0" never freezes the page nor shows a fabricated amount.
 * @example
 * ```ts
 * formatBalance("1.23999", "ETH") // "1.239 ETH"
 * formatBalance("1234.56789", "ETH", "de") // "1234,567 ETH"
 * ```
 */
export const formatBalance = (balance: string | number | undefined, symbol?: string, locale = "en"): string => {
  const floored = balance === undefined ? undefined : floorDecimal(balance, 3)
  const amount = localizeDecimal(trimTrailingZeros(floored ?? "0"), locale)
  return symbol ? `${amount} ${symbol}` : amount
}

/**
 * Formats a transaction quantity rounded half-up to 3 decimals (SPEC §9), without trailing zeros, written for
 * `locale`; a non-numeric quantity, or one {@link parseDecimal} refuses, reads as 0.
 * @example
 * ```ts
 * formatQuantity("0.12349") // "0.123"
 * formatQuantity("0.12349", "de") // "0,123"
 * ```
 */
export const formatQuantity = (numeric: string | number, locale = "en"): string =>
  localizeDecimal(trimTrailingZeros(roundHalfUp(numeric, 3) ?? "0"), locale)

const usdByLocale = new Map<string, Intl.NumberFormat>()

/** `locale`'s way of writing dollars, made once per locale (English for a tag the engine does not know). */
export const usdFormat = (locale: string): Intl.NumberFormat => {
  let format = usdByLocale.get(locale)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" })
    } catch {
      format = new Intl.NumberFormat("en", { style: "currency", currency: "USD" })
    }
    usdByLocale.set(locale, format)
  }
  return format
}

/**
 * A value in US dollars as `locale` writes money ("$1,234.50", "1.234,50 $"): `Intl.NumberFormat` with currency USD,
 * so the grouping, separator and the symbol's place are the locale's. An unknown or non-finite value reads as 0.
 * @example
 * ```ts
 * formatUsd(1234.5) // "$1,234.50"
 * formatUsd(1234.5, "de") // "1.234,50 $"
 * ```
 */
export const formatUsd = (value: number | undefined, locale = "en"): string =>
  usdFormat(locale).format(value !== undefined && Number.isFinite(value) ? value : 0)

/** Transaction operations shown with a '+' (SPEC §9). */
export const incomingOperations = ["receive", "deposit", "borrow", "claim"] as const
/** Transaction operations shown with a '-' (SPEC §9). */
export const outgoingOperations = ["withdraw", "repay", "burn"] as const

/**
 * The sign shown before a transaction's amount: '+' for incoming operations, '-' for outgoing ones, else ''.
 * @example
 * ```ts
 * operationSign("claim") // "+"
 * ```
 */
export const operationSign = (operationType: string): "+" | "-" | "" => {
  if ((incomingOperations as ReadonlyArray<string>).includes(operationType)) return "+"
  if ((outgoingOperations as ReadonlyArray<string>).includes(operationType)) return "-"
  return ""
}
