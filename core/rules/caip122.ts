/**
 * Solana sign-in messages (CAIP-122 text, as Sign-In-With-Solana writes it): format one from SPEC §3's message data,
 * and parse one back, strictly. Pure and dependency-free, so both the client (which builds the text for the wallet)
 * and a server (which checks what the wallet signed) read the same lines the same way.
 * @module
 */
import type { SIWXMessageData } from "../schema/siwx.ts"

/** The longest message text {@link parseCaip122Message} reads (16 KB); anything longer is refused unread. */
export const maxCaip122MessageLength = 16_384

const header = " wants you to sign in with your Solana account:"
// An RFC 3986 authority without scheme or path (`app.example`, `localhost:5173`).
const domainPattern = /^[^\s/?#]+$/
// The Solana address pattern of core/schema/checks.ts (SPEC §5), written here so this file needs nothing at runtime.
const addressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
// CAIP-2: the reference after `solana:`.
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/
// CAIP-122 / EIP-4361: at least 8 alphanumeric characters.
const noncePattern = /^[a-zA-Z0-9]{8,}$/
// RFC 3339 date-time, as EIP-4361 and CAIP-122 require.
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
// A single line of text (a statement, a URI, a request id).
const linePattern = /^[^\r\n]*$/

/**
 * Sign-In-With-Solana's cluster names, read as the CAIP-2 reference (the genesis hash's first 32 characters) of that
 * cluster, so a wallet that writes `Chain ID: mainnet` names the same chain as one that writes the reference.
 */
const clusterReferences: Readonly<Record<string, string>> = {
  mainnet: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  devnet: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  testnet: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"
}

const isDateTime = (value: string): boolean => dateTimePattern.test(value) && !Number.isNaN(Date.parse(value))
const isUri = (value: string): boolean => value.length > 0 && linePattern.test(value) && !/\s/.test(value)

/** The optional lines, in the order CAIP-122 writes them. */
const optionalLines = [
  ["issuedAt", "Issued At: "],
  ["expirationTime", "Expiration Time: "],
  ["notBefore", "Not Before: "],
  ["requestId", "Request ID: "]
] as const

const invalid = (field: string): never => {
  throw new TypeError(`Invalid Solana sign-in message field: ${field}`)
}

/**
 * The CAIP-122 text of a Solana sign-in message: "{domain} wants you to sign in with your Solana account:", the
 * address, the statement, then URI, Version, Chain ID (the CAIP-2 reference of `chainId`), Nonce and the optional
 * Issued At, Expiration Time, Not Before, Request ID and Resources lines. Absent optional fields (and an empty
 * statement or resource list) leave their line out. `serializedMessage` is not read. Throws a `TypeError` naming the
 * field when one cannot be written unambiguously (a line break in the statement, a `chainId` that is not `solana:`, a
 * nonce shorter than 8 alphanumerics, a date that is not RFC 3339, a version other than "1").
 * @example
 * ```ts
 * import type { SIWXMessageData } from "../schema/siwx.ts"
 * const text = formatCaip122Message({
 *   domain: "app.example", accountAddress: "83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri",
 *   chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", uri: "https://app.example", version: "1",
 *   nonce: "k7Qw2m9Zp4Rx8VtB", issuedAt: "2026-01-01T00:00:00.000Z", statement: "Sign in to App"
 * } as SIWXMessageData)
 * ```
 */
export const formatCaip122Message = (data: SIWXMessageData): string => {
  if (!domainPattern.test(data.domain)) invalid("domain")
  if (!addressPattern.test(data.accountAddress)) invalid("accountAddress")
  const [namespace, reference, ...rest] = data.chainId.split(":")
  if (namespace !== "solana" || reference === undefined || rest.length > 0 || !referencePattern.test(reference))
    invalid("chainId")
  if (!isUri(data.uri)) invalid("uri")
  if (data.version !== "1") invalid("version")
  if (!noncePattern.test(data.nonce)) invalid("nonce")
  const statement = data.statement ?? ""
  if (!linePattern.test(statement)) invalid("statement")
  const lines = [`${data.domain}${header}`, data.accountAddress, ""]
  if (statement !== "") lines.push(statement, "")
  lines.push(`URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${reference}`, `Nonce: ${data.nonce}`)
  for (const [key, label] of optionalLines) {
    const value = data[key]
    if (value === undefined) continue
    if (key === "requestId" ? !linePattern.test(value) : !isDateTime(value)) invalid(key)
    lines.push(`${label}${value}`)
  }
  const resources = data.resources ?? []
  if (resources.length > 0) {
    lines.push("Resources:")
    for (const resource of resources) {
      if (!isUri(resource)) invalid("resources")
      lines.push(`- ${resource}`)
    }
  }
  return lines.join("\n")
}

/**
 * Reads a CAIP-122 Solana sign-in message back into its data, or gives undefined for anything that is not exactly one:
 * a text over 16 KB (refused before it is read), a missing or reordered line, an unknown line, a carriage return, an
 * address that is not base58, a nonce under 8 alphanumerics, a date that is not RFC 3339, a version other than "1".
 * `chainId` is `solana:` plus the "Chain ID:" line's reference (Sign-In-With-Solana's `mainnet`, `devnet` and `testnet`
 * read as those clusters' references, a `solana:` prefix is dropped). Fields the text leaves out are absent.
 * @example
 * ```ts
 * const data = parseCaip122Message(
 *   "app.example wants you to sign in with your Solana account:\n83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri\n\n" +
 *     "URI: https://app.example\nVersion: 1\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\nNonce: k7Qw2m9Zp4Rx8VtB"
 * )
 * data?.chainId // "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
 * ```
 */
export const parseCaip122Message = (text: string): SIWXMessageData | undefined => {
  if (typeof text !== "string" || text.length > maxCaip122MessageLength || text.includes("\r")) return undefined
  const lines = text.split("\n")
  const first = lines[0] ?? ""
  if (!first.endsWith(header)) return undefined
  const domain = first.slice(0, -header.length)
  const accountAddress = lines[1] ?? ""
  if (!domainPattern.test(domain) || !addressPattern.test(accountAddress) || lines[2] !== "") return undefined
  // With a statement: address, "", statement, "", fields; without: address, "", fields (fields hold no blank line).
  const hasStatement = lines[4] === "" && lines.length > 5
  const statement = hasStatement ? (lines[3] ?? "") : undefined
  if (statement === "") return undefined
  let index = hasStatement ? 5 : 3
  const take = (label: string): string | undefined => {
    const line = lines[index]
    if (line === undefined || !line.startsWith(label)) return undefined
    index++
    return line.slice(label.length)
  }
  const uri = take("URI: ")
  const version = take("Version: ")
  const chain = take("Chain ID: ")
  const nonce = take("Nonce: ")
  if (uri === undefined || !isUri(uri) || version !== "1" || chain === undefined) return undefined
  if (nonce === undefined || !noncePattern.test(nonce)) return undefined
  const bare = chain.startsWith("solana:") ? chain.slice("solana:".length) : chain
  const reference = clusterReferences[bare] ?? bare
  if (!referencePattern.test(reference)) return undefined
  const data: { -readonly [K in keyof SIWXMessageData]: SIWXMessageData[K] } = {
    accountAddress,
    chainId: `solana:${reference}` as SIWXMessageData["chainId"],
    domain,
    uri,
    version,
    nonce,
    ...(statement === undefined ? {} : { statement })
  }
  for (const [key, label] of optionalLines) {
    const value = take(label)
    if (value === undefined) continue
    if (key !== "requestId" && !isDateTime(value)) return undefined
    data[key] = value
  }
  if (take("Resources:") === "") {
    const resources: Array<string> = []
    for (let resource = take("- "); resource !== undefined; resource = take("- ")) {
      if (!isUri(resource)) return undefined
      resources.push(resource)
    }
    if (resources.length === 0) return undefined
    data.resources = resources
  }
  return index === lines.length ? data : undefined
}

/** The fields two Solana sign-in messages must share to say the same thing (`serializedMessage` is not one). */
const meaningFields = [
  "accountAddress",
  "chainId",
  "domain",
  "uri",
  "version",
  "nonce",
  "issuedAt",
  "expirationTime",
  "notBefore",
  "requestId"
] as const

/**
 * Whether `text` is a Solana sign-in message saying exactly what `data` says: every field, the statement and the
 * resources in order (an empty statement or resource list counts as none, as the text leaves them out). The chain may be
 * written as its CAIP-2 reference or as a Sign-In-With-Solana cluster name (`Chain ID: mainnet`), so a text a wallet
 * wrote itself (Wallet Standard's `solana:signIn`) matches the data it was asked to sign.
 * @example
 * ```ts
 * import type { SIWXMessageData } from "../schema/siwx.ts"
 * declare const data: SIWXMessageData
 * isCaip122MessageOf(formatCaip122Message(data), data) // true
 * ```
 */
export const isCaip122MessageOf = (text: string, data: SIWXMessageData): boolean => {
  const signed = parseCaip122Message(text)
  if (signed === undefined) return false
  if (meaningFields.some((key) => signed[key] !== data[key])) return false
  if ((signed.statement ?? "") !== (data.statement ?? "")) return false
  if (data.resources !== undefined && !Array.isArray(data.resources)) return false
  const resources = data.resources ?? []
  const signedResources = signed.resources ?? []
  return resources.length === signedResources.length && resources.every((r, i) => r === signedResources[i])
}
