/**
 * The Sandbox Solana Wallet's key: one Ed25519 key held as a WebCrypto key pair (through kit), which signs raw
 * messages and wire transactions (legacy and v0). Shared by the browser wallet (`solana.ts`) and the Sandbox Mobile
 * Wallet (`mobile.ts`, in Node): both have WebCrypto's Ed25519.
 */
import {
  type Address,
  type CompiledTransactionMessageWithLifetime,
  createKeyPairFromPrivateKeyBytes,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase16Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type LegacyCompiledTransactionMessage,
  type SignatureBytes,
  signBytes,
  type Transaction,
  type V0CompiledTransactionMessage
} from "@solana/kit"
import { invalidParams, unauthorized } from "./errors.ts"

/** The transaction versions the wallet signs (Wallet Standard's `supportedTransactionVersions`). */
export const supportedTransactionVersions = ["legacy", 0] as const

/** A wire transaction taken apart: the signatures map and message bytes, and the compiled message they hold. */
export interface DecodedSolanaTransaction {
  readonly transaction: Transaction
  readonly message: (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) &
    CompiledTransactionMessageWithLifetime
}

/** A transaction after the wallet signed it. */
export interface SignedSolanaTransaction {
  /** The transaction with the wallet's signature in its slot. */
  readonly transaction: Transaction
  /** The same, in wire format. */
  readonly bytes: Uint8Array
  /** The wallet's signature (the transaction's id when the wallet is the fee payer). */
  readonly signature: SignatureBytes
}

/** A loaded key. */
export interface SolanaKey {
  /** The key's address (its public key in base58). */
  readonly address: Address
  /** The 32 public key bytes. */
  readonly publicKey: Uint8Array
  /** Ed25519 signature of the bytes as given. */
  readonly signMessage: (message: Uint8Array) => Promise<SignatureBytes>
  /** Signs the message bytes and puts the signature in the wallet's slot; 4100 when the wallet is not a signer. */
  readonly signTransaction: (decoded: DecodedSolanaTransaction) => Promise<SignedSolanaTransaction>
}

/**
 * Loads a key from its 32-byte seed as `0x` + 64 hex.
 *
 * @example
 * ```ts
 * // The sandbox's Solana account 0 (`defaultSolanaPrivateKey` in sandbox/wallet/config.ts)
 * const key = await loadSolanaKey("0x45871d1901b6e747ff4b2117b34d0c9bc36d300fc899f059acce1ad1dff03f00")
 * key.address // "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"
 * ```
 */
export const loadSolanaKey = async (privateKey: `0x${string}`): Promise<SolanaKey> => {
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey))
    throw new TypeError("A Solana private key is 0x and 64 hex digits (a 32-byte Ed25519 seed).")
  const keys = await createKeyPairFromPrivateKeyBytes(getBase16Encoder().encode(privateKey.slice(2).toLowerCase()))
  const address = await getAddressFromPublicKey(keys.publicKey)
  return {
    address,
    publicKey: new Uint8Array(getAddressEncoder().encode(address)),
    signMessage: (message) => signBytes(keys.privateKey, message),
    signTransaction: async ({ transaction }) => {
      if (!(address in transaction.signatures)) {
        const signers = Object.keys(transaction.signatures).join(", ")
        throw unauthorized(`The transaction does not ask ${address} to sign it (its signers: ${signers}).`)
      }
      const signature = await signBytes(keys.privateKey, transaction.messageBytes)
      // the map keeps its key order (the message's signer order) when an existing key is set again
      const signed: Transaction = { ...transaction, signatures: { ...transaction.signatures, [address]: signature } }
      return { transaction: signed, bytes: new Uint8Array(getTransactionEncoder().encode(signed)), signature }
    }
  }
}

/**
 * Decodes a wire transaction, refusing what the wallet cannot sign (bad bytes, a version other than legacy and 0)
 * with a -32602 error.
 *
 * @example
 * ```ts
 * declare const wireBytes: Uint8Array
 * const { message } = decodeSolanaTransaction(wireBytes)
 * message.version // "legacy" or 0
 * ```
 */
export const decodeSolanaTransaction = (wire: Uint8Array): DecodedSolanaTransaction => {
  let transaction: Transaction
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>
  try {
    transaction = getTransactionDecoder().decode(wire)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch {
    throw invalidParams("the transaction is not a Solana wire transaction (signatures and message bytes).")
  }
  if (message.version !== "legacy" && message.version !== 0)
    throw invalidParams(`the Sandbox Solana Wallet signs legacy and v0 transactions, not version ${message.version}.`)
  return { transaction, message }
}
