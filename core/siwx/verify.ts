/**
 * Client-side checks of a sign-in session (`localSiwx`'s, convenience rather than security: a server must check
 * again): the text is the one the data describes, and the signature is the account's. eip155: an EOA's signature is
 * recovered locally; a smart account's (EIP-1271 deployed, EIP-6492 not yet) is checked on the network's RPC.
 * solana: ed25519 over the text with the address as the public key.
 * @module
 */
import {
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  address as solanaAddress,
  verifySignature
} from "@solana/kit"
import { createClient, type Hex, http, isHex, verifyMessage } from "viem"
import { verifyMessage as verifyOnChain } from "viem/actions"
import type { SIWXSession } from "../options/siwx.ts"
import { isCaip122MessageOf } from "../rules/caip122.ts"
import { siwxMessageText } from "../rules/siwxMessage.ts"
import { parseCaipNetworkId } from "../schema/network.ts"

/** Where each eip155 network's RPC is (for smart-account signatures). */
export type RpcUrlOf = (chainId: string) => string | undefined

const verifyEvm = async (session: SIWXSession, rpcUrlOf: RpcUrlOf): Promise<boolean> => {
  const { accountAddress, chainId } = session.data
  const signature = session.signature
  if (!isHex(signature) || !accountAddress.startsWith("0x")) return false
  const address = accountAddress as Hex
  const eoa = await verifyMessage({ address, message: session.message, signature }).catch(() => false)
  if (eoa) return true
  const url = rpcUrlOf(chainId)
  if (url === undefined) return false
  const client = createClient({ transport: http(url, { timeout: 10_000 }) })
  return verifyOnChain(client, { address, message: session.message, signature }).catch(() => false)
}

const verifySolana = async (session: SIWXSession): Promise<boolean> => {
  try {
    const key = await getPublicKeyFromAddress(solanaAddress(session.data.accountAddress))
    const signature = getBase58Encoder().encode(session.signature) as SignatureBytes
    if (signature.length !== 64) return false
    return await verifySignature(key, signature, new TextEncoder().encode(session.message))
  } catch {
    return false
  }
}

/**
 * Whether the session's text is the message its data describes: on solana, the same fields however the chain is
 * written (a wallet's own `solana:signIn` text may name the cluster, `Chain ID: mainnet`); elsewhere, the very text
 * Airlock's writer gives.
 */
const describes = (session: SIWXSession): boolean => {
  try {
    if (typeof session.message !== "string") return false
    if (parseCaipNetworkId(session.data.chainId).chainNamespace === "solana") {
      return isCaip122MessageOf(session.message, session.data)
    }
    return siwxMessageText(session.data) === session.message
  } catch {
    return false
  }
}

/**
 * Whether `session` is genuine: its text is the message its data describes (so the data cannot claim another
 * account, domain or time than what was signed) and the signature is the account's.
 * @example
 * ```ts
 * import type { SIWXSession } from "../options/siwx.ts"
 * declare const session: SIWXSession
 * await verifySession(session, () => "http://127.0.0.1:8545") // true or false
 * ```
 */
export const verifySession = async (session: SIWXSession, rpcUrlOf: RpcUrlOf): Promise<boolean> => {
  if (!describes(session)) return false
  const { chainNamespace } = parseCaipNetworkId(session.data.chainId)
  if (chainNamespace === "eip155") return verifyEvm(session, rpcUrlOf)
  if (chainNamespace === "solana") return verifySolana(session)
  return false
}
