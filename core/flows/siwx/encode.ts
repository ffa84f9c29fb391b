/**
 * The two encodings a sign-in request needs, written out (a few lines) so the sign-in flows carry neither viem nor
 * `@solana/kit`: `personal_sign` takes the text as 0x hex of its UTF-8 bytes, `solana_signMessage` as base58.
 * @module
 */

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

/**
 * The 0x hex of `text`'s UTF-8 bytes.
 * @example
 * ```ts
 * utf8Hex("hi") // "0x6869"
 * ```
 */
export const utf8Hex = (text: string): `0x${string}` =>
  `0x${Array.from(utf8(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`

const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

/**
 * `text`'s UTF-8 bytes in base58 (Bitcoin's alphabet, as Solana writes keys and signatures).
 * @example
 * ```ts
 * utf8Base58("hello") // "Cn8eVZg"
 * ```
 */
export const utf8Base58 = (text: string): string => {
  const bytes = utf8(text)
  const digits: Array<number> = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] as number) << 8
      digits[i] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let zeros = ""
  for (const byte of bytes) {
    if (byte !== 0) break
    zeros += "1"
  }
  return (
    zeros +
    digits
      .reverse()
      .map((d) => alphabet[d])
      .join("")
  )
}
