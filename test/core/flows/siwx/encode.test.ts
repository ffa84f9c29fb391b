import { getBase58Decoder } from "@solana/kit"
import { stringToHex } from "viem"
import { describe, expect, it } from "vitest"
import { utf8Base58, utf8Hex } from "../../../../core/flows/siwx/encode.ts"

// The sign-in flow's own encoders give what a wallet decodes: the same text as viem's hex and kit's base58.
describe("sign-in text encodings", () => {
  const texts = ["", "hello", "\u0000\u0000leading zeros", "ünïcödé ✓ 署名", "x".repeat(2000), "a\nmulti\nline"]
  it("utf8Hex matches viem's stringToHex", () => {
    for (const text of texts) expect(utf8Hex(text)).toBe(stringToHex(text))
  })
  it("utf8Base58 matches @solana/kit's base58", () => {
    for (const text of texts) expect(utf8Base58(text)).toBe(getBase58Decoder().decode(new TextEncoder().encode(text)))
  })
})
