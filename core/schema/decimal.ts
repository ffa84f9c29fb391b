import * as Data from "effect/Data"

// Exact decimal arithmetic on strings via BigInt: float math would show 0.30000000000000004 to a user.
// Inputs come from APIs, so they are bounded before any BigInt work: `10n ** hugeExponent` froze the page
// ("1e2000000" never finished), and a megabyte of digits is never a real amount.

interface Decimal {
  readonly negative: boolean
  /** The value is `digits / 10^scale`. */
  readonly digits: bigint
  readonly scale: number
}

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Significant places of decimal math (SPEC §9). */
export const decimalPlaces = 20

/**
 * Longest numeric string accepted, in characters: a uint256 (78 digits) with 18 decimals and room to spare.
 * Longer strings are refused without being parsed.
 */
export const maxDecimalLength = 256

/** Largest exponent accepted, either sign: `1e400` and `1e-400` parse, `1e401` does not. */
export const maxDecimalExponent = 400

/**
 * Why a string is not an accepted decimal: not a number at all, too long, or an exponent beyond
 * {@link maxDecimalExponent}.
 * @example
 * ```ts
 * const refused = parseDecimal("1e2000000")
 * refused?.reason // "ExponentOutOfRange"
 * ```
 */
// A Data error, not a Schema one: the formatters that return it are on the first load (the buttons), and
// `effect/Schema` must stay off it.
export class DecimalError extends Data.TaggedError("DecimalError")<{
  readonly reason: "NotANumber" | "TooLong" | "ExponentOutOfRange"
}> {}

const parse = (value: string | number): Decimal | DecimalError => {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value
  // Length first: trimming or matching a 2 MB string is already work the page should not do.
  if (text.length > maxDecimalLength) return new DecimalError({ reason: "TooLong" })
  const match = decimalPattern.exec(text.trim())
  if (!match) return new DecimalError({ reason: "NotANumber" })
  const [, sign, int = "", frac = "", exp = "0"] = match
  if (int.length === 0 && frac.length === 0) return new DecimalError({ reason: "NotANumber" })
  const exponent = Number(exp)
  if (Math.abs(exponent) > maxDecimalExponent) return new DecimalError({ reason: "ExponentOutOfRange" })
  const scale = frac.length - exponent
  const raw = BigInt(`${int}${frac}` || "0")
  return scale >= 0
    ? { negative: sign === "-", digits: raw, scale }
    : { negative: sign === "-", digits: raw * 10n ** BigInt(-scale), scale: 0 }
}

const parsed = (value: string | number): Decimal | undefined => {
  const result = parse(value)
  return result instanceof DecimalError ? undefined : result
}

/**
 * Checks a numeric string against the bounds: the error says why it is refused, `undefined` means it is accepted.
 * @example
 * ```ts
 * parseDecimal("1.5") // undefined
 * parseDecimal("x")?.reason // "NotANumber"
 * ```
 */
export const parseDecimal = (value: string | number): DecimalError | undefined => {
  const result = parse(value)
  return result instanceof DecimalError ? result : undefined
}

const render = (negative: boolean, digits: bigint, places: number): string => {
  const padded = digits.toString().padStart(places + 1, "0")
  const int = padded.slice(0, padded.length - places)
  const frac = padded.slice(padded.length - places)
  const body = places > 0 ? `${int}.${frac}` : int
  return negative && digits !== 0n ? `-${body}` : body
}

const rescale = (value: Decimal, places: number, mode: "floor" | "halfUp"): string => {
  if (value.scale <= places) return render(value.negative, value.digits * 10n ** BigInt(places - value.scale), places)
  const divisor = 10n ** BigInt(value.scale - places)
  let quotient = value.digits / divisor
  const remainder = value.digits % divisor
  if (mode === "halfUp" && remainder * 2n >= divisor) quotient += 1n
  if (mode === "floor" && value.negative && remainder !== 0n) quotient += 1n
  return render(value.negative, quotient, places)
}

/**
 * True when the value is a finite decimal number written as a string or number (e.g. "1.5", "-2", "1e-7").
 * @example
 * ```ts
 * isDecimal("1.2.3") // false
 * ```
 */
export const isDecimal = (value: string | number): boolean => parsed(value) !== undefined

/**
 * Floors a decimal to `places` decimals, exactly, with trailing zeros kept; undefined when not a number.
 * @example
 * ```ts
 * floorDecimal("1.23999", 3) // "1.239"
 * ```
 */
export const floorDecimal = (value: string | number, places: number): string | undefined => {
  const decimal = parsed(value)
  return decimal && rescale(decimal, places, "floor")
}

/**
 * Rounds a decimal half-up (ties away from zero) to `places` decimals, exactly; undefined when not a number.
 * @example
 * ```ts
 * roundHalfUp("2.0005", 3) // "2.001"
 * ```
 */
export const roundHalfUp = (value: string | number, places: number = decimalPlaces): string | undefined => {
  const decimal = parsed(value)
  return decimal && rescale(decimal, places, "halfUp")
}

/**
 * Drops trailing fraction zeros (and a bare dot) from a decimal string.
 * @example
 * ```ts
 * trimTrailingZeros("1.500") // "1.5"
 * ```
 */
export const trimTrailingZeros = (value: string): string =>
  value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value

/**
 * Compares two decimals exactly: -1, 0 or 1; undefined when either is not a number.
 * @example
 * ```ts
 * compareDecimal("0.1", "0.10") // 0
 * ```
 */
export const compareDecimal = (a: string | number, b: string | number): -1 | 0 | 1 | undefined => {
  const x = parsed(a)
  const y = parsed(b)
  if (!x || !y) return undefined
  const scale = Math.max(x.scale, y.scale)
  const sx = (x.negative ? -1n : 1n) * x.digits * 10n ** BigInt(scale - x.scale)
  const sy = (y.negative ? -1n : 1n) * y.digits * 10n ** BigInt(scale - y.scale)
  return sx < sy ? -1 : sx > sy ? 1 : 0
}
