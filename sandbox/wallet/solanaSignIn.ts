/**
 * The text the Sandbox Solana Wallet signs for Wallet Standard's `solana:signIn` (Sign-In With Solana): written by the
 * wallet from the app's fields, as Phantom, Solflare and Backpack write it, the CAIP-122 lines `airlock-kit` reads.
 */
import type { SolanaSignInInput } from "@solana/wallet-standard-features"
import { invalidParams } from "../../server/wallet/errors.ts"

/** The input with what the wallet fills in itself: the page's domain and the connected account. */
export type CompleteSignInInput = SolanaSignInInput & { readonly domain: string; readonly address: string }

/** The optional lines after the statement, in Sign-In With Solana's order. */
const fieldLines = [
  ["uri", "URI"],
  ["version", "Version"],
  ["chainId", "Chain ID"],
  ["nonce", "Nonce"],
  ["issuedAt", "Issued At"],
  ["expirationTime", "Expiration Time"],
  ["notBefore", "Not Before"],
  ["requestId", "Request ID"]
] as const

/** A field as one line of text, or -32602: a line break would let the app write lines the user does not expect. */
const line = (value: unknown, name: string): string => {
  if (typeof value !== "string") throw invalidParams(`signIn's ${name} must be a string.`)
  if (/[\r\n\u2028\u2029]/.test(value)) throw invalidParams(`signIn's ${name} must be one line.`)
  return value
}

/**
 * The Sign-In With Solana text of `input`: "{domain} wants you to sign in with your Solana account:", the address, the
 * statement, then the fields the app gave (an absent one leaves its line out) and the resources. Throws -32602 for a
 * field that is not a single line of text.
 *
 * @example
 * ```ts
 * signInText({ domain: "localhost:5173", address: "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ", nonce: "k7Qw2m9Zp4Rx" })
 * // "localhost:5173 wants you to sign in with your Solana account:\n8swV…PaMJ\n\nNonce: k7Qw2m9Zp4Rx"
 * ```
 */
export const signInText = (input: CompleteSignInInput): string => {
  const lines = [`${line(input.domain, "domain")} wants you to sign in with your Solana account:`]
  lines.push(line(input.address, "address"))
  if (input.statement !== undefined && input.statement !== "") lines.push("", line(input.statement, "statement"))
  const fields: Array<string> = []
  for (const [key, label] of fieldLines) {
    const value = input[key]
    if (value !== undefined) fields.push(`${label}: ${line(value, key)}`)
  }
  if (input.resources !== undefined) {
    if (!Array.isArray(input.resources)) throw invalidParams("signIn's resources must be a list.")
    if (input.resources.length > 0) {
      fields.push("Resources:")
      for (const resource of input.resources) fields.push(`- ${line(resource, "resources")}`)
    }
  }
  if (fields.length > 0) lines.push("", ...fields)
  return lines.join("\n")
}
