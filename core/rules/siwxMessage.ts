/**
 * The text a wallet signs to sign in (SPEC §3): EIP-4361 for eip155, written by `viem/siwe`, and CAIP-122 for solana
 * (`./caip122.ts`). Used by the configurations of `airlock-kit/siwx` and by the legacy `siweConfig`'s mapping; never on
 * the first load.
 * @module
 */
import { getAddress, isAddress } from "viem"
import { createSiweMessage } from "viem/siwe"
import { parseCaipNetworkId } from "../schema/network.ts"
import type { SIWXMessageData } from "../schema/siwx.ts"
import { formatCaip122Message } from "./caip122.ts"

const date = (iso: string | undefined): Date | undefined => (iso === undefined ? undefined : new Date(iso))

/**
 * The exact text to sign for `data`: an EIP-4361 message for an eip155 chain (the address checksummed, the chain id a
 * number), a CAIP-122 one for solana. Throws for another namespace or a field EIP-4361 refuses (a bad address,
 * domain, uri or nonce).
 * @example
 * ```ts
 * import type { CaipNetworkId } from "../schema/network.ts"
 * siwxMessageText({
 *   accountAddress: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", chainId: "eip155:1" as CaipNetworkId, domain: "app.example",
 *   uri: "https://app.example", version: "1", nonce: "k2j3h4g5k2j3", issuedAt: "2026-11-26T00:00:00.000Z"
 * }).split("\n")[0] // "app.example wants you to sign in with your Ethereum account:"
 * ```
 */
export const siwxMessageText = (data: SIWXMessageData): string => {
  const { chainNamespace, chainId } = parseCaipNetworkId(data.chainId)
  if (chainNamespace === "solana") return formatCaip122Message(data)
  if (chainNamespace !== "eip155") throw new Error(`Sign-in is not supported on ${data.chainId}`)
  if (!isAddress(data.accountAddress, { strict: false })) throw new Error("Invalid address")
  return createSiweMessage({
    address: getAddress(data.accountAddress),
    chainId: Number(chainId),
    domain: data.domain,
    uri: data.uri,
    version: "1",
    nonce: data.nonce,
    ...(data.statement === undefined ? {} : { statement: data.statement }),
    ...(data.requestId === undefined ? {} : { requestId: data.requestId }),
    ...(data.resources === undefined ? {} : { resources: [...data.resources] }),
    ...(data.issuedAt === undefined ? {} : { issuedAt: date(data.issuedAt) }),
    ...(data.expirationTime === undefined ? {} : { expirationTime: date(data.expirationTime) }),
    ...(data.notBefore === undefined ? {} : { notBefore: date(data.notBefore) })
  })
}

/**
 * A nonce for a message signed without a server (EIP-4361: at least 8 alphanumeric characters): 16, from the
 * platform's random source.
 * @example
 * ```ts
 * randomNonce().length // 16
 * ```
 */
export const randomNonce = (): string => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")
}
