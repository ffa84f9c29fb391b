import { Result } from "effect"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import type { TokenBalance } from "../../../core/schema/index.ts"
import { SendInput, validateSend } from "../../../core/schema/validators.ts"

const usdc: TokenBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
  price: 1,
  quantity: { decimals: "6", numeric: "25" }
}

describe("send form validation", () => {
  it("asks for amount and receiver when either is missing", () => {
    expect(validateSend({})).toBe("An amount and receiver address are required")
    expect(validateSend({ token: usdc, sendTokenAmount: 1 })).toBe("An amount and receiver address are required")
    expect(validateSend({ token: usdc, receiverAddress: "0xabc" })).toBe("An amount and receiver address are required")
    expect(validateSend({ token: usdc, sendTokenAmount: 0, receiverAddress: "0xabc" })).toBe(
      "An amount and receiver address are required"
    )
  })

  it("asks for a token once amount and receiver are set", () => {
    expect(validateSend({ sendTokenAmount: 1, receiverAddress: "0xabc" })).toBe("A token is required")
  })

  it("passes a complete form", () => {
    expect(validateSend({ token: usdc, sendTokenAmount: 1, receiverAddress: "0xabc" })).toBeUndefined()
  })

  it("decoding an incomplete form fails with the same text", () => {
    const result = Schema.decodeUnknownResult(SendInput)({ sendTokenAmount: 1, receiverAddress: "0xabc" })
    expect(Result.isFailure(result) && result.failure.message).toBe("A token is required")
    expect(Schema.is(SendInput)({ token: usdc, sendTokenAmount: 2, receiverAddress: "0xabc" })).toBe(true)
  })
})
