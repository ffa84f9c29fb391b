/**
 * The server's check of a sign-in: one function for EIP-4361 (eip155) and CAIP-122 (solana) messages that gives a
 * session or the first reason it refuses, checking (DESIGN.md §security) signature, domain, uri, chain, nonce and time
 * bounds.
 */
import { createPublicKey, verify as verifyEd25519 } from "node:crypto"
import { getAddressEncoder, getBase58Encoder, type Address as SolanaAddress } from "@solana/kit"
import {
  type Address,
  BaseError,
  getAddress,
  type Hex,
  HttpRequestError,
  isHex,
  type PublicClient,
  TimeoutError,
  verifyMessage
} from "viem"
import { parseSiweMessage, validateSiweMessage } from "viem/siwe"
import { parseCaip122Message } from "../core/rules/caip122.ts"

/** The longest message {@link verifySiwx} reads (16 KB); a longer one is `malformed` unread. */
export const maxSiwxMessageLength = 16_384
/** The longest signature {@link verifySiwx} reads (16 KB, room for an ERC-6492 wrapper); a longer one is `malformed`. */
export const maxSiwxSignatureLength = 16_384
/** How far in the future a message's `Issued At` may be (the signer's clock running ahead): 5 minutes. */
export const siwxClockSkewMs = 5 * 60_000

/** A verified sign-in: who signed, on which chain, for which site, and the signed text itself. */
export interface SiwxSession {
  /** The signer: a checksummed EVM address, or a Solana base58 public key. */
  readonly address: string
  /** CAIP-2 (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
  readonly chainId: string
  readonly domain: string
  readonly uri: string
  /** ISO 8601. */
  readonly issuedAt: string
  /** ISO 8601, when the message sets one. */
  readonly expirationTime?: string
  readonly message: string
  /** As given: 0x hex on eip155, base58 on solana. */
  readonly signature: string
}

/** Why {@link verifySiwx} refused. */
export type SiwxRefusal =
  /** Not a sign-in message (or a signature) it can read, or over the size limits. */
  | "malformed"
  /** The signature is not the address's over this text. */
  | "signature"
  /** The message's domain is not the host of an expected origin (or its scheme differs). */
  | "domain"
  /** The message's uri is not on the origin its domain names. */
  | "uri"
  /** The chain is not an expected one. */
  | "chain"
  /** `consumeNonce` refused the nonce: unknown, already used or expired. */
  | "nonce"
  /** `Expiration Time` has passed. */
  | "expired"
  /** `Not Before` (or `Issued At`, beyond {@link siwxClockSkewMs}) is still ahead. */
  | "not-yet-valid"
  /** The chain could not be asked (a smart account's check needs its RPC) or `consumeNonce` threw: try again. */
  | "unavailable"

/** What {@link verifySiwx} gives. */
export type VerifySiwxResult =
  | { readonly ok: true; readonly session: SiwxSession }
  | { readonly ok: false; readonly reason: SiwxRefusal }

/** Parameters of {@link verifySiwx}. */
export interface VerifySiwxParameters {
  /** The signed text, as the wallet signed it. */
  readonly message: unknown
  /** eip155: 0x hex (65-byte EOA, ERC-1271 or ERC-6492 wrapped); solana: the 64-byte ed25519 signature in base58. */
  readonly signature: unknown
  readonly expected: {
    /**
     * The page origins a sign-in may come from (`https://app.example`): the message's domain must be the host of one,
     * and its uri on that same origin.
     */
    readonly origins: ReadonlyArray<string>
    /** The CAIP-2 chains a sign-in may name (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
    readonly chains: ReadonlyArray<string>
  }
  /**
   * Consumes the message's nonce: true once for a nonce the server issued (a {@link createNonceStore}'s `consume`).
   * Called only after the signature verified, so a tampered message never burns a visitor's nonce.
   */
  readonly consumeNonce: (nonce: string) => boolean | Promise<boolean>
  /** The time the bounds are checked at. @default new Date() */
  readonly now?: Date
  /**
   * A viem public client for an eip155 chain, or undefined: with one, smart accounts verify (ERC-1271 deployed,
   * ERC-6492 counterfactual); without one, only EOAs (their signature is checked offline).
   */
  readonly client: (chainId: string) => PublicClient | undefined
}

const ethereumHeader = / wants you to sign in with your Ethereum account:\n/
const solanaHeader = / wants you to sign in with your Solana account:\n/

interface Claims {
  readonly address: string
  readonly chainId: string
  readonly domain: string
  readonly scheme: string | undefined
  readonly uri: string
  readonly nonce: string
  readonly issuedAt: Date
  readonly expirationTime: Date | undefined
  readonly notBefore: Date | undefined
}

const refuse = (reason: SiwxRefusal): VerifySiwxResult => ({ ok: false, reason })

const dateOf = (value: string | undefined): Date | undefined => (value === undefined ? undefined : new Date(value))
const isValidDate = (value: Date | undefined): boolean => value === undefined || !Number.isNaN(value.getTime())

/** The fields of an EIP-4361 message, read and validated by viem; undefined when it is not a complete one. */
const siweClaims = (message: string): Claims | undefined => {
  const parsed = parseSiweMessage(message)
  const { address, domain, uri, nonce, chainId, issuedAt, version } = parsed
  if (address === undefined || domain === undefined || uri === undefined || nonce === undefined) return undefined
  if (chainId === undefined || issuedAt === undefined || version !== "1") return undefined
  // viem's own validation of the fields (nonce form, version, address), the time bounds left to the checks below.
  const { expirationTime: _expirationTime, notBefore: _notBefore, ...untimed } = parsed
  if (!validateSiweMessage({ message: untimed })) return undefined
  return {
    address: getAddress(address),
    chainId: `eip155:${chainId}`,
    domain,
    scheme: parsed.scheme,
    uri,
    nonce,
    issuedAt,
    expirationTime: parsed.expirationTime,
    notBefore: parsed.notBefore
  }
}

/** The fields of a CAIP-122 Solana message; undefined when it is not a complete one. */
const caip122Claims = (message: string): Claims | undefined => {
  const data = parseCaip122Message(message)
  if (data === undefined || data.issuedAt === undefined) return undefined
  return {
    address: data.accountAddress,
    chainId: data.chainId,
    domain: data.domain,
    scheme: undefined,
    uri: data.uri,
    nonce: data.nonce,
    issuedAt: new Date(data.issuedAt),
    expirationTime: dateOf(data.expirationTime),
    notBefore: dateOf(data.notBefore)
  }
}

const urlOf = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** Domain, uri, chain and time bounds: the checks that cost nothing, in that order. */
const checkClaims = (
  claims: Claims,
  expected: VerifySiwxParameters["expected"],
  now: Date
): SiwxRefusal | undefined => {
  const origins = expected.origins.flatMap((origin) => {
    const url = urlOf(origin)
    return url === undefined || url.origin === "null" ? [] : [url]
  })
  const domain = claims.domain.toLowerCase()
  const scheme = claims.scheme?.toLowerCase()
  const matching = origins.filter((o) => o.host === domain && (scheme === undefined || o.protocol === `${scheme}:`))
  if (matching.length === 0) return "domain"
  const uri = urlOf(claims.uri)
  if (uri === undefined || !matching.some((o) => o.origin === uri.origin)) return "uri"
  if (!expected.chains.includes(claims.chainId)) return "chain"
  if (![claims.issuedAt, claims.expirationTime, claims.notBefore].every(isValidDate)) return "malformed"
  if (claims.expirationTime !== undefined && now.getTime() >= claims.expirationTime.getTime()) return "expired"
  if (claims.notBefore !== undefined && now.getTime() < claims.notBefore.getTime()) return "not-yet-valid"
  if (claims.issuedAt.getTime() > now.getTime() + siwxClockSkewMs) return "not-yet-valid"
  return undefined
}

/** Whether viem failed to reach the chain (as opposed to finding the signature wrong). */
const isUnreachable = (error: unknown): boolean =>
  error instanceof BaseError &&
  error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null

const checkEvmSignature = async (
  claims: Claims,
  message: string,
  signature: string,
  client: PublicClient | undefined
): Promise<SiwxRefusal | undefined> => {
  if (!isHex(signature, { strict: true }) || signature.length < 4 || signature.length % 2 !== 0) return "malformed"
  const parameters = { address: claims.address as Address, message, signature: signature as Hex }
  try {
    // `mode: "eoa"` recovers the signer locally first, so an EOA costs no RPC; a smart account falls back to the
    // chain (ERC-1271 when deployed, ERC-6492's deployless check before).
    const valid =
      client === undefined
        ? await verifyMessage(parameters)
        : await client.verifyMessage({ ...parameters, mode: "eoa" })
    if (valid) return undefined
    // viem reads a failed chain call as an invalid signature: ask the chain once whether it answers at all.
    if (client !== undefined) await client.getChainId()
    return "signature"
  } catch (error) {
    return isUnreachable(error) ? "unavailable" : "signature"
  }
}

const base58Pattern = /^[1-9A-HJ-NP-Za-km-z]+$/

const checkSolanaSignature = (claims: Claims, message: string, signature: string): SiwxRefusal | undefined => {
  if (!base58Pattern.test(signature) || signature.length > 100) return "malformed"
  let publicKey: Uint8Array
  let bytes: Uint8Array
  try {
    publicKey = new Uint8Array(getAddressEncoder().encode(claims.address as SolanaAddress))
    bytes = new Uint8Array(getBase58Encoder().encode(signature))
  } catch {
    return "malformed"
  }
  if (bytes.length !== 64) return "malformed"
  try {
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
      format: "jwk"
    })
    return verifyEd25519(null, Buffer.from(message, "utf8"), key, bytes) ? undefined : "signature"
  } catch {
    return "signature"
  }
}

/**
 * Verifies a sign-in message and its signature for a site's own server, offline but for a smart account's chain
 * call. Cheap checks run first (size, parse, domain, uri, chain, time bounds), then the signature (eip155: viem's
 * `verifyMessage`, so EOAs, deployed ERC-1271 accounts and counterfactual ERC-6492 ones; solana: ed25519 over the
 * UTF-8 text with `node:crypto`), and only then is the nonce consumed, so a forged or tampered message cannot spend a
 * visitor's nonce. eip155 messages are read and validated with `viem/siwe`, solana ones with `parseCaip122Message`.
 * Never throws: any input gives a result.
 * @example
 * ```ts
 * import { createPublicClient, http } from "viem"
 * import { mainnet } from "viem/chains"
 * import { createNonceStore } from "./nonce.ts"
 * const nonces = createNonceStore()
 * const ethereum = createPublicClient({ chain: mainnet, transport: http() })
 * const result = await verifySiwx({
 *   message: "…",
 *   signature: "0x…",
 *   expected: { origins: ["https://app.example"], chains: ["eip155:1"] },
 *   consumeNonce: nonces.consume,
 *   client: (chainId) => (chainId === "eip155:1" ? ethereum : undefined)
 * })
 * if (result.ok) console.log(`signed in as ${result.session.address}`)
 * else console.log(`refused: ${result.reason}`)
 * ```
 */
export const verifySiwx = async (parameters: VerifySiwxParameters): Promise<VerifySiwxResult> => {
  const { message, signature, expected } = parameters
  const now = parameters.now ?? new Date()
  if (typeof message !== "string" || message.length > maxSiwxMessageLength) return refuse("malformed")
  if (typeof signature !== "string" || signature.length > maxSiwxSignatureLength) return refuse("malformed")
  const firstLine = message.slice(0, message.indexOf("\n") + 1)
  const namespace = ethereumHeader.test(firstLine) ? "eip155" : solanaHeader.test(firstLine) ? "solana" : undefined
  if (namespace === undefined) return refuse("malformed")
  let claims: Claims | undefined
  try {
    claims = namespace === "eip155" ? siweClaims(message) : caip122Claims(message)
  } catch {
    claims = undefined
  }
  if (claims === undefined) return refuse("malformed")
  const refused = checkClaims(claims, expected, now)
  if (refused !== undefined) return refuse(refused)
  const bad =
    namespace === "eip155"
      ? await checkEvmSignature(claims, message, signature, parameters.client(claims.chainId))
      : checkSolanaSignature(claims, message, signature)
  if (bad !== undefined) return refuse(bad)
  try {
    if ((await parameters.consumeNonce(claims.nonce)) !== true) return refuse("nonce")
  } catch {
    return refuse("unavailable")
  }
  return {
    ok: true,
    session: {
      address: claims.address,
      chainId: claims.chainId,
      domain: claims.domain,
      uri: claims.uri,
      issuedAt: claims.issuedAt.toISOString(),
      ...(claims.expirationTime === undefined ? {} : { expirationTime: claims.expirationTime.toISOString() }),
      message,
      signature
    }
  }
}
