/**
 * The kit codecs the signer needs (wire transactions as base64, signatures and messages as base58), in a chunk of
 * their own: an app that imports `getSolanaSigner` fetches them on its first signature.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import {
  assertIsTransactionWithinSizeLimit,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionLifetimeConstraintFromCompiledTransactionMessage,
  type SignatureBytes,
  type Transaction,
  type TransactionWithinSizeLimit,
  type TransactionWithLifetime
} from "@solana/kit"

/** A transaction as the base64 wire string WalletConnect's Solana methods carry. */
export const toWire = (transaction: Transaction): string => getBase64EncodedWireTransaction(transaction)

const sameBytes = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.prototype.every.call(a, (byte: number, i: number) => byte === b[i])

/**
 * A signed wire transaction back as a kit transaction, with its lifetime: the original's when the wallet signed the
 * message as it was, else read from the message the wallet returned (a wallet may add a priority fee).
 */
export const fromWire = async (
  wire: string,
  original: Transaction | (Transaction & TransactionWithLifetime)
): Promise<Transaction & TransactionWithinSizeLimit & TransactionWithLifetime> => {
  const signed = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
  assertIsTransactionWithinSizeLimit(signed)
  if ("lifetimeConstraint" in original && sameBytes(signed.messageBytes, original.messageBytes)) {
    return { ...signed, lifetimeConstraint: original.lifetimeConstraint }
  }
  const compiled = getCompiledTransactionMessageDecoder().decode(signed.messageBytes)
  const lifetimeConstraint = await getTransactionLifetimeConstraintFromCompiledTransactionMessage(
    compiled as Parameters<typeof getTransactionLifetimeConstraintFromCompiledTransactionMessage>[0]
  )
  return { ...signed, lifetimeConstraint }
}

/** A base58 signature as kit's signature bytes (64 of them). */
export const signatureBytes = (signature: string): SignatureBytes => {
  const bytes = new Uint8Array(getBase58Encoder().encode(signature))
  if (bytes.length !== 64) throw new Error("The wallet returned a signature that is not 64 bytes")
  return bytes as SignatureBytes
}

/** Bytes as base58 text. */
export const base58Of = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)
