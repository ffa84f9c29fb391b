/**
 * The sandbox's Solana accounts: fixed Ed25519 keys (test keys, public by design), so addresses stay the same from
 * one run to the next. Index 0 is the Sandbox Solana Wallet's, as anvil's first account is the EVM Sandbox Wallet's.
 */
import { createHash } from "node:crypto"
import { type Address, createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from "@solana/kit"

/** A funded sandbox account: its address and the 32-byte private key (seed) as hex. */
export interface SolanaSandboxAccount {
  readonly address: Address
  /** The Ed25519 private key (32-byte seed), `0x` + 64 hex; `createKeyPairSignerFromPrivateKeyBytes` takes its bytes. */
  readonly privateKey: `0x${string}`
}

/** How many accounts the sandbox funds. */
export const solanaAccountCount = 4

/** The private key of account `index`: sha256 of a fixed label (deterministic, never a real key). */
export const solanaPrivateKey = (index: number): `0x${string}` =>
  `0x${createHash("sha256").update(`airlock sandbox solana account ${index}`).digest("hex")}`

/** The bytes of a `0x…` private key. */
export const privateKeyBytes = (privateKey: `0x${string}`): Uint8Array =>
  Uint8Array.from(Buffer.from(privateKey.slice(2), "hex"))

/** A kit signer for a sandbox key. */
export const solanaSigner = (privateKey: `0x${string}`): Promise<KeyPairSigner> =>
  createKeyPairSignerFromPrivateKeyBytes(privateKeyBytes(privateKey))

/**
 * The sandbox's Solana accounts, in order.
 * @example
 * ```ts
 * const [wallet, receiver] = await solanaSandboxAccounts()
 * ```
 */
export const solanaSandboxAccounts = async (): Promise<ReadonlyArray<SolanaSandboxAccount>> =>
  Promise.all(
    Array.from({ length: solanaAccountCount }, async (_, index) => {
      const privateKey = solanaPrivateKey(index)
      return { address: (await solanaSigner(privateKey)).address, privateKey }
    })
  )
