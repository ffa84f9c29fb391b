import { floorDecimal, type parseDecimal, roundHalfUp, trimTrailingZeros } from "./decimal.ts"

/** Emails longer than this are shortened for display (SPEC §5). */
export const maxEmailDisplayLength = 30

/**
 * Shortens an email above 30 characters to at most 30, keeping the domain visible when it fits.
 * @example
 * ```ts
 * shortenEmail("ada.lovelace.analytical.engine@example.com") // "ada.lovelace.an...@example.com"
 * ```
 */
export const shortenEmail = (email: string): string => {
  if (email.length <= maxEmailDisplayLength) return email
  const at = email.lastIndexOf("@")
  const domain = at >= 0 ? email.slice(at + 1) : ""
  const localRoom = maxEmailDisplayLength - "...@".length - domain.length
  if (at > 0 && localRoom >= 4) return `${email.slice(0, localRoom)}...@${domain}`
  const head = Math.ceil((maxEmailDisplayLength - 3) / 2)
  return `${email.slice(0, head)}...${email.slice(email.length - (maxEmailDisplayLength - 3 - head))}`
}

/**
 * Removes the trailing `0` that Discord adds to migrated usernames (its old `#0` discriminator), `#` included.
 * @example
 * ```ts
 * trimDiscordUsername("ada#0") // "ada"
 * ```
 */
export const trimDiscordUsername = (username: string): string => {
  if (username.endsWith("#0")) return username.slice(0, -2)
  return username.endsWith("0") ? username.slice(0, -1) : username
}

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
