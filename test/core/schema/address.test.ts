import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isEvmAddress, isSignedMessage, isSolanaAddress, isTransactionHash } from "../../../core/schema/address.ts"

const hex = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: min, maxLength: max })
const base58 = fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
const nonHex = fc.constantFrom(..."ghijklmnopqrstuvwxyzGXZ_- !")

describe("EVM address", () => {
  it("accepts 40 hex digits with or without 0x", () => {
    fc.assert(fc.property(hex(40, 40), fc.boolean(), (body, prefixed) => isEvmAddress(prefixed ? `0x${body}` : body)))
  })

  it("rejects an address with one digit too many or too few", () => {
    fc.assert(fc.property(hex(41, 60), (body) => !isEvmAddress(`0x${body}`)))
    fc.assert(fc.property(hex(0, 39), (body) => !isEvmAddress(`0x${body}`)))
  })

  it("rejects an address with a non-hex character", () => {
    fc.assert(
      fc.property(
        hex(40, 40),
        fc.nat(39),
        nonHex,
        (body, at, bad) => !isEvmAddress(`0x${body.slice(0, at)}${bad}${body.slice(at + 1)}`)
      )
    )
  })
})

describe("Solana address", () => {
  it("accepts 32 to 44 base58 characters", () => {
    fc.assert(fc.property(fc.string({ unit: base58, minLength: 32, maxLength: 44 }), isSolanaAddress))
    expect(isSolanaAddress("11111111111111111111111111111111")).toBe(true)
    expect(isSolanaAddress("5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d")).toBe(true)
  })

  it("rejects lengths outside 32 to 44", () => {
    fc.assert(fc.property(fc.string({ unit: base58, minLength: 0, maxLength: 31 }), (s) => !isSolanaAddress(s)))
    fc.assert(fc.property(fc.string({ unit: base58, minLength: 45, maxLength: 80 }), (s) => !isSolanaAddress(s)))
  })

  it("rejects the characters base58 leaves out (0, O, I, l)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: base58, minLength: 32, maxLength: 44 }),
        fc.constantFrom("0", "O", "I", "l"),
        (s, bad) => !isSolanaAddress(`${bad}${s.slice(1)}`)
      )
    )
  })
})

describe("transaction hash", () => {
  it("accepts 0x and exactly 64 hex digits", () => {
    fc.assert(fc.property(hex(64, 64), (body) => isTransactionHash(`0x${body}`)))
  })

  it("rejects a missing prefix or a wrong length", () => {
    fc.assert(fc.property(hex(64, 64), (body) => !isTransactionHash(body)))
    fc.assert(fc.property(hex(0, 63), (body) => !isTransactionHash(`0x${body}`)))
    fc.assert(fc.property(hex(65, 100), (body) => !isTransactionHash(`0x${body}`)))
  })
})

describe("signed message", () => {
  it("accepts 0x and 62 or more hex digits", () => {
    fc.assert(fc.property(hex(62, 200), (body) => isSignedMessage(`0x${body}`)))
  })

  it("rejects fewer than 62 digits, no prefix, or a non-hex character", () => {
    fc.assert(fc.property(hex(0, 61), (body) => !isSignedMessage(`0x${body}`)))
    fc.assert(fc.property(hex(62, 130), (body) => !isSignedMessage(body)))
    fc.assert(fc.property(hex(62, 130), nonHex, (body, bad) => !isSignedMessage(`0x${body}${bad}`)))
  })
})
