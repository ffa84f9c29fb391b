import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isPairingExpired, pairingExpiry } from "../../../core/schema/pairing.ts"

describe("pairing expiry", () => {
  it("a pairing lives 4 minutes", () => {
    expect(pairingExpiry(1_000)).toBe(241_000)
  })

  it("counts as expired when under 10 s remain", () => {
    expect(isPairingExpired(20_000, 10_000)).toBe(false)
    expect(isPairingExpired(20_000, 10_001)).toBe(true)
    fc.assert(
      fc.property(
        fc.nat(1e12),
        fc.integer({ min: -1e6, max: 1e6 }),
        (now, left) => isPairingExpired(now + left, now) === left < 10_000
      )
    )
  })

  it("a pairing without expiry is expired", () => {
    expect(isPairingExpired(undefined, 0)).toBe(true)
  })
})
