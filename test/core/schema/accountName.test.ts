import { Result } from "effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { AccountName, isAccountName, isNameChainId, NameChainId } from "../../../core/schema/accountName.ts"

const nameChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")

describe("account name", () => {
  it("accepts 4 or more letters, digits and hyphens", () => {
    fc.assert(fc.property(fc.string({ unit: nameChar, minLength: 4, maxLength: 40 }), isAccountName))
  })

  it("rejects names shorter than 4 characters", () => {
    fc.assert(fc.property(fc.string({ unit: nameChar, minLength: 0, maxLength: 3 }), (s) => !isAccountName(s)))
  })

  it("rejects any other character", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: nameChar, minLength: 4, maxLength: 20 }),
        fc.constantFrom("_", ".", " ", "@", "é", "!"),
        (s, bad) => !isAccountName(`${s}${bad}`)
      )
    )
  })

  it("explains why a name is refused", () => {
    const result = Schema.decodeUnknownResult(AccountName)("ab")
    expect(Result.isFailure(result) && result.failure.message).toBe("Name must have at least 4 characters")
  })
})

describe("chain id for name registration", () => {
  it("accepts integers below 2147483648", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2147483647 }), isNameChainId))
  })

  it("fails with 'Invalid chainId' from 2147483648 up", () => {
    fc.assert(fc.property(fc.integer({ min: 2147483648, max: Number.MAX_SAFE_INTEGER }), (n) => !isNameChainId(n)))
    const result = Schema.decodeUnknownResult(NameChainId)(2147483648)
    expect(Result.isFailure(result) && result.failure.message).toBe("Invalid chainId")
  })

  it("fails with 'Invalid chainId' for fractions and negatives", () => {
    for (const bad of [1.5, -1]) {
      const result = Schema.decodeUnknownResult(NameChainId)(bad)
      expect(Result.isFailure(result) && result.failure.message).toBe("Invalid chainId")
    }
  })
})
