/**
 * Encryption at rest for secrets a store keeps (the embedded wallet's user keys): AES-256-GCM under a 32-byte key from
 * the environment, a random 12-byte IV per value, and a context string (the row's owner) as additional data, so a
 * sealed value moved onto another row no longer opens.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto"

/** A key that is not 32 bytes of hex or base64. */
export class InvalidEncryptionKeyError extends Error {
  readonly _tag = "InvalidEncryptionKeyError"
  constructor() {
    super("The key encryption key must be 32 bytes, written as 64 hex characters or base64")
  }
}

/** A sealed value that does not open: another key, another row's value, or a damaged one. */
export class DecryptionError extends Error {
  readonly _tag = "DecryptionError"
  constructor(reason: string) {
    super(`Cannot decrypt a stored secret (${reason}): check AIRLOCK_KEY_ENCRYPTION_KEY`)
  }
}

/** A parsed encryption key (the raw bytes stay inside). */
export interface SealKey {
  readonly bytes: Buffer
}

/**
 * Reads a 32-byte key written as 64 hex characters or as base64 (standard or url-safe).
 * @example
 * ```ts
 * const key = parseSealKey(process.env.AIRLOCK_KEY_ENCRYPTION_KEY ?? "")
 * ```
 */
export const parseSealKey = (text: string): SealKey => {
  const trimmed = text.trim()
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed.replaceAll("-", "+").replaceAll("_", "/"), "base64")
      : undefined
  if (bytes?.length !== 32) throw new InvalidEncryptionKeyError()
  return { bytes }
}

const sealVersion = "v1"

/**
 * Encrypts `plain` for the row `context` names: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 * @example
 * ```ts
 * declare const key: SealKey
 * declare const user: { readonly id: string }
 * const stored = seal(key, "0x59c6…", user.id)
 * ```
 */
export const seal = (key: SealKey, plain: string, context: string): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv)
  cipher.setAAD(Buffer.from(context, "utf8"))
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  return [sealVersion, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".")
}

/**
 * Decrypts a {@link seal}ed value of the row `context` names; a wrong key, another row's value or a damaged one
 * throws {@link DecryptionError} (never a wrong plaintext).
 * @example
 * ```ts
 * declare const key: SealKey
 * declare const row: { readonly id: string; readonly private_key: string }
 * const privateKey = unseal(key, row.private_key, row.id)
 * ```
 */
export const unseal = (key: SealKey, sealed: string, context: string): string => {
  const [version, iv, tag, body, ...rest] = sealed.split(".")
  if (version !== sealVersion || iv === undefined || tag === undefined || body === undefined || rest.length > 0)
    throw new DecryptionError("not a sealed value")
  const ivBytes = Buffer.from(iv, "base64url")
  const tagBytes = Buffer.from(tag, "base64url")
  if (ivBytes.length !== 12 || tagBytes.length !== 16) throw new DecryptionError("not a sealed value")
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, ivBytes)
  decipher.setAAD(Buffer.from(context, "utf8"))
  decipher.setAuthTag(tagBytes)
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8")
  } catch {
    throw new DecryptionError("wrong key or another row's value")
  }
}
