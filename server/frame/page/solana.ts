/**
 * The embedded wallet's Solana side (SPEC §6: the Solana account is an EOA): an Ed25519 key derived inside the frame
 * from the user's EVM key, so each user has one Solana account that, like the EVM key, never leaves the frame. It
 * answers SPEC §7's Solana sign and send requests in WalletConnect's Solana JSON-RPC form (the Sandbox Mobile
 * Wallet's code), after the app asked the user in ApproveTransaction. Free of the DOM (WebCrypto only).
 */
import type { Hex } from "viem"
import { loadSolanaKey, type SolanaKey } from "../../wallet/solanaKey.ts"
import { answerSolanaRequest } from "../../wallet/solanaRequests.ts"

/** Domain separation of the derivation: the Solana seed is SHA-256 of this label and the EVM key's 32 bytes. */
const derivationLabel = "airlock-embedded-wallet/solana/v1:"

const hexBytes = (hex: Hex): Uint8Array => {
  const body = hex.slice(2)
  const bytes = new Uint8Array(body.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(body.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/**
 * The user's Solana key, derived from the EVM key (the same user always gets the same Solana address).
 * @example
 * ```ts
 * const key = await solanaKeyOf("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
 * key.address // a base58 address
 * ```
 */
export const solanaKeyOf = async (evmKey: Hex): Promise<SolanaKey> => {
  const label = new TextEncoder().encode(derivationLabel)
  const input = new Uint8Array(label.length + 32)
  input.set(label)
  input.set(hexBytes(evmKey), label.length)
  const seed = new Uint8Array(await crypto.subtle.digest("SHA-256", input))
  return loadSolanaKey(`0x${Array.from(seed, (b) => b.toString(16).padStart(2, "0")).join("")}`)
}

/** The Solana methods the frame serves (SPEC §7: Solana sign and send). */
export const frameSolanaMethods: ReadonlySet<string> = new Set([
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction"
])

/**
 * Runs one Solana request with the user's key; sends go to `rpcUrl` (the app's Solana network's RPC).
 * @example
 * ```ts
 * import type { SolanaKey } from "../../wallet/solanaKey.ts"
 * declare const key: SolanaKey
 * const network = { rpcUrl: "http://127.0.0.1:8899", chainId: "Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5" }
 * const answer = await solanaRequest(key, network, "solana_signMessage", { message: "3yZe7d", pubkey: key.address })
 * ```
 */
export const solanaRequest = (
  key: SolanaKey,
  network: { readonly rpcUrl: string; readonly chainId: string },
  method: string,
  params: unknown
): Promise<unknown> => {
  if (!frameSolanaMethods.has(method)) return Promise.reject(new Error(`Unsupported method: ${method}`))
  return answerSolanaRequest(
    // The app asked the user in its ApproveTransaction before the request reached the frame.
    { key, solana: { rpcUrl: network.rpcUrl, chain: `solana:${network.chainId}` }, consent: async () => {} },
    method,
    params
  )
}
