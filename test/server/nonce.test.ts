import { describe, expect, it } from "vitest"
import { createNonceStore, NonceStoreFullError } from "../../server/index.ts"

describe("createNonceStore", () => {
  it("issues distinct alphanumeric nonces of 24 characters (EIP-4361 and CAIP-122 accept them)", () => {
    const store = createNonceStore()
    const issued = Array.from({ length: 500 }, () => store.issue())
    for (const nonce of issued) expect(nonce).toMatch(/^[A-Za-z0-9]{24}$/)
    expect(new Set(issued).size).toBe(issued.length)
  })

  it("consumes a nonce once; an unknown one, or any other value, never", () => {
    const store = createNonceStore()
    const nonce = store.issue()
    expect(store.consume("A".repeat(24))).toBe(false)
    expect(store.consume(undefined)).toBe(false)
    expect(store.consume({ toString: () => nonce })).toBe(false)
    expect(store.consume(nonce)).toBe(true)
    expect(store.consume(nonce)).toBe(false)
  })

  it("refuses a nonce once its ttl has passed", () => {
    let now = 1_000_000
    const store = createNonceStore({ ttlMs: 60_000, now: () => now })
    const early = store.issue()
    const late = store.issue()
    now += 59_999
    expect(store.consume(early)).toBe(true)
    now += 1
    expect(store.consume(late)).toBe(false)
  })

  it("when full, refuses to issue (NonceStoreFullError) and keeps every live nonce; expired ones make room", () => {
    let now = 0
    const store = createNonceStore({ ttlMs: 1000, max: 3, now: () => now })
    const live = [store.issue(), store.issue(), store.issue()]
    expect(() => store.issue()).toThrow(NonceStoreFullError)
    now = 500
    expect(() => store.issue()).toThrow("Nonce store full: 3 live nonces")
    expect(store.consume(live[0])).toBe(true)
    const fourth = store.issue() // the consumed one's place
    now = 1000 // the first three have expired: swept as the store is used
    expect(store.consume(live[1])).toBe(false)
    expect([store.issue(), store.issue()]).toHaveLength(2)
    expect(store.consume(fourth)).toBe(true)
  })
})
