/**
 * How an embedded-wallet login is shown (SPEC §5): a long email shortened, a Discord name trimmed. Apart from
 * `format.ts`, so the login views' helpers stay off the first load.
 * @module
 */

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
