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

/**
 * Formats a balance floored to 3 decimals (SPEC §9) without trailing zeros, with the symbol when given; an absent or
 * non-numeric balance reads as 0, and so does one {@link parseDecimal} refuses (over 256 characters or an exponent
 * beyond ±400): a formatter must return a string, and "0" never freezes the page nor shows a fabricated amount.
 * @example
 * ```ts
 * formatBalance("1.23999", "ETH") // "1.239 ETH"
 * ```
 */
export const formatBalance = (balance: string | number | undefined, symbol?: string): string => {
  const floored = balance === undefined ? undefined : floorDecimal(balance, 3)
  const amount = trimTrailingZeros(floored ?? "0")
  return symbol ? `${amount} ${symbol}` : amount
}

/**
 * Formats a transaction quantity rounded half-up to 3 decimals (SPEC §9), without trailing zeros; a non-numeric
 * quantity, or one {@link parseDecimal} refuses, reads as 0.
 * @example
 * ```ts
 * formatQuantity("0.12349") // "0.123"
 * ```
 */
export const formatQuantity = (numeric: string | number): string => trimTrailingZeros(roundHalfUp(numeric, 3) ?? "0")

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
