import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { base, mainnet } from "../../../core/networks/index.ts"
import { fetchResource } from "../../../core/resources/fetch.ts"
import { replaceEqualDeep, resourceKey } from "../../../core/resources/resource.ts"
import { selectTokens, watchTokens } from "../../../core/resources/tokens.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"

// The shared resource model (TanStack Query's core, in small): lifetimes on the client's clock (a TestClock here),
// one request per key at a time, the retry block after a failure, structural sharing on refetch.

const token = (symbol: string, numeric: string, value: number, extra: Partial<TokenBalance> = {}): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: "eip155:1",
  price: numeric === "0" ? 0 : value / Number(numeric),
  value,
  quantity: { decimals: symbol === "USDC" ? "6" : "18", numeric },
  ...extra
})

describe("replaceEqualDeep", () => {
  it("keeps the previous object of every part that did not change, and a new one where something did", () => {
    const before = [token("ETH", "1", 2500), token("USDC", "5", 5)]
    const after = replaceEqualDeep(before, [token("ETH", "1", 2500), token("USDC", "6", 6)])
    expect(after[0]).toBe(before[0])
    expect(after[1]).not.toBe(before[1])
    expect(after[1]?.quantity.numeric).toBe("6")
    expect(after).not.toBe(before)
  })

  it("returns the previous value itself when nothing changed, and the next one when shapes differ", () => {
    const before = { a: [1, 2], b: { c: "x" } }
    expect(replaceEqualDeep(before, { a: [1, 2], b: { c: "x" } })).toBe(before)
    expect(replaceEqualDeep(before, { a: [1, 2, 3], b: { c: "x" } }).b).toBe(before.b)
    const date = new Date(0)
    expect(replaceEqualDeep({ d: new Date(0) }, { d: date }).d).toBe(date)
    expect(replaceEqualDeep([1], { 0: 1 })).toEqual({ 0: 1 })
  })
})

describe("fetchResource on the client's clock", () => {
  const setup = () => {
    const airlock = createTestAirlock({ clock: "test" })
    let calls = 0
    let answer: ReadonlyArray<TokenBalance> = [token("ETH", "1", 2500), token("USDC", "5", 5)]
    let fail = false
    const load = Effect.suspend(() => {
      calls++
      return fail ? Effect.fail(new Error("API down")) : Effect.succeed(answer)
    })
    const fetch = (options: { force?: boolean } = {}) =>
      airlock.runtime.runPromise(
        fetchResource({ key: "tokens|eip155:1|0xabc", lifetime: 30_000, retryAfter: 30_000, load, ...options })
      )
    return {
      airlock,
      fetch,
      calls: () => calls,
      answer: (next: ReadonlyArray<TokenBalance>) => {
        answer = next
      },
      failing: (on: boolean) => {
        fail = on
      }
    }
  }

  it("answers from the state within the lifetime, and asks again once it passed", async () => {
    const t = setup()
    await t.airlock.ready
    const first = await t.fetch()
    expect(first).toMatchObject({ status: "success", fetching: false })
    expect(await t.fetch()).toBe(first)
    await t.airlock.clock.adjust("29999 millis")
    await t.fetch()
    expect(t.calls()).toBe(1)
    await t.airlock.clock.adjust("1 millis")
    await t.fetch()
    expect(t.calls()).toBe(2)
  })

  it("a refetch keeps the unchanged rows' objects (structural sharing)", async () => {
    const t = setup()
    await t.airlock.ready
    const first = await t.fetch()
    t.answer([token("ETH", "1", 2500), token("USDC", "7", 7)])
    const second = await t.fetch({ force: true })
    const [eth, usdc] = second?.data ?? []
    expect(eth).toBe(first?.data?.[0])
    expect(usdc).not.toBe(first?.data?.[1])
  })

  it("a failure keeps the older data, and no request is made for the retry delay", async () => {
    const t = setup()
    await t.airlock.ready
    await t.fetch()
    await t.airlock.clock.adjust("30 seconds")
    t.failing(true)
    const failed = await t.fetch()
    expect(failed).toMatchObject({ status: "error", error: { name: "Error", message: "API down" } })
    expect(failed?.data).toHaveLength(2)
    await t.airlock.clock.adjust("29 seconds")
    await t.fetch()
    expect(t.calls()).toBe(2)
    t.failing(false)
    await t.airlock.clock.adjust("1 second")
    expect(await t.fetch()).toMatchObject({ status: "success" })
    expect(t.calls()).toBe(3)
  })

  it("callers asking while a request is on its way share it", async () => {
    const t = setup()
    await t.airlock.ready
    const [a, b, c] = await Promise.all([t.fetch(), t.fetch(), t.fetch()])
    expect(t.calls()).toBe(1)
    expect(a).toBe(b)
    expect(b).toBe(c)
  })
})

describe("tokens of a connected account", () => {
  const setup = () => {
    const { adapter } = fakeAdapter()
    return createTestAirlock({
      clock: "test",
      networks: [mainnet, base],
      adapters: [adapter],
      blockchainApi: {
        balances: {
          [fakeAccount]: [
            token("USDC", "120.5", 120.5, { address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" }),
            token("ETH", "1.25", 3125),
            // An NFT-like token (0 decimals) is not a token to list (SPEC §5).
            {
              ...token("PUNK", "3", 0, { address: "eip155:1:0x1111111111111111111111111111111111111111" }),
              quantity: { decimals: "0", numeric: "3" }
            },
            token("ETH", "9", 22500, { chainId: "eip155:8453" })
          ]
        }
      }
    })
  }

  it("lists the network's tokens, most valuable first, without 0-decimal ones, with their total", async () => {
    const airlock = setup()
    await airlock.ready
    expect(selectTokens(airlock.getState()).status).toBe("idle")
    await airlock.connect("test.wallet")
    await expect.poll(() => selectTokens(airlock.getState()).status).toBe("success")
    const view = selectTokens(airlock.getState())
    expect(view.tokens.map((t) => t.symbol)).toEqual(["ETH", "USDC"])
    expect(view.totalValue).toBe(3245.5)
    expect(selectTokens(airlock.getState())).toBe(view)
    expect(airlock.getState().accounts.eip155.balance).toBe("1.25")
  })

  it("refresh() within the lifetime makes no request; after it, or forced, it fetches again; watchTokens follows", async () => {
    const airlock = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    await expect.poll(() => selectTokens(airlock.getState()).status).toBe("success")
    const seen: Array<string> = []
    const stop = watchTokens(airlock, (view) => seen.push(`${view.status}${view.fetching ? " fetching" : ""}`))
    const fetchedAt = selectTokens(airlock.getState()).updatedAt
    await airlock.refresh()
    expect(selectTokens(airlock.getState()).updatedAt).toBe(fetchedAt)
    expect(seen).toEqual([])
    await airlock.clock.adjust("30 seconds")
    await airlock.refresh()
    expect(selectTokens(airlock.getState()).updatedAt).toBe((fetchedAt ?? 0) + 30_000)
    await airlock.refresh("eip155", { force: true })
    expect(seen).toEqual(["success fetching", "success", "success fetching", "success"])
    stop()
    expect(airlock.getState().resources[resourceKey("tokens", "eip155:1", fakeAccount)]).toBeDefined()
  })

  it("a failing API is 'Token Balance Unavailable' in the view; the native balance comes from the chain", async () => {
    const { adapter } = fakeAdapter({ rpcBalance: "2.5" })
    const airlock = createTestAirlock({
      networks: [mainnet],
      adapters: [adapter],
      blockchainApi: { failAccountData: true }
    })
    await airlock.ready
    await airlock.connect("test.wallet")
    await expect.poll(() => selectTokens(airlock.getState()).status).toBe("error")
    expect(selectTokens(airlock.getState()).error?.message).toBe("Token Balance Unavailable")
    await expect.poll(() => airlock.getState().accounts.eip155.balance).toBe("2.5")
  })
})
