// Exact decimal arithmetic on strings via BigInt: float math would show 0.30000000000000004 to a user.

interface Decimal {
  readonly negative: boolean
  /** The value is `digits / 10^scale`. */
  readonly digits: bigint
  readonly scale: number
}

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Significant places of decimal math (SPEC §9). */
export const decimalPlaces = 20

const parse = (value: string | number): Decimal | undefined => {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim()
  const match = decimalPattern.exec(text)
  if (!match) return undefined
  const [, sign, int = "", frac = "", exp = "0"] = match
  if (int.length === 0 && frac.length === 0) return undefined
  const scale = frac.length - Number(exp)
  const raw = BigInt(`${int}${frac}` || "0")
  return scale >= 0
    ? { negative: sign === "-", digits: raw, scale }
    : { negative: sign === "-", digits: raw * 10n ** BigInt(-scale), scale: 0 }
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
export const isDecimal = (value: string | number): boolean => parse(value) !== undefined

/**
 * Floors a decimal to `places` decimals, exactly, with trailing zeros kept; undefined when not a number.
 * @example
 * ```ts
 * floorDecimal("1.23999", 3) // "1.239"
 * ```
 */
export const floorDecimal = (value: string | number, places: number): string | undefined => {
  const parsed = parse(value)
  return parsed && rescale(parsed, places, "floor")
}

/**
 * Rounds a decimal half-up (ties away from zero) to `places` decimals, exactly; undefined when not a number.
 * @example
 * ```ts
 * roundHalfUp("2.0005", 3) // "2.001"
 * ```
 */
export const roundHalfUp = (value: string | number, places: number = decimalPlaces): string | undefined => {
  const parsed = parse(value)
  return parsed && rescale(parsed, places, "halfUp")
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
  const x = parse(a)
  const y = parse(b)
  if (!x || !y) return undefined
  const scale = Math.max(x.scale, y.scale)
  const sx = (x.negative ? -1n : 1n) * x.digits * 10n ** BigInt(scale - x.scale)
  const sy = (y.negative ? -1n : 1n) * y.digits * 10n ** BigInt(scale - y.scale)
  return sx < sy ? -1 : sx > sy ? 1 : 0
}
