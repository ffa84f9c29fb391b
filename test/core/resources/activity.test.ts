import { describe, expect, it } from "vitest"
import { messageText } from "../../../core/i18n/catalogue.ts"
import { en } from "../../../core/i18n/en/index.ts"
import { mainnet } from "../../../core/networks/index.ts"
import { selectActivity, watchActivity } from "../../../core/resources/activity.ts"
import type { Transaction } from "../../../core/schema/transaction.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { snackText } from "../../fixtures/englishText.ts"

// The activity resource through the real client: loadActivity fills it from the blockchain API (memory layer), with
// the 15 s lifetime on the client's clock, cursor paging, and SPEC §8's failure (snack, empty history).

const tx = (i: number, chain = "eip155:1"): Transaction => ({
  id: `tx-${i}`,
  metadata: {
    operationType: i % 2 === 0 ? "receive" : "send",
    hash: `0x${String(i).padStart(64, "0")}`,
    minedAt: new Date(Date.UTC(2026, 10, 20, 12, 0) - i * 60_000).toISOString(),
    sentFrom: "0x1",
    sentTo: "0x2",
    status: "confirmed",
    chain
  },
  transfers: [{ quantity: { numeric: `${i}.25` }, fungible_info: { symbol: "ETH" }, direction: i % 2 ? "out" : "in" }]
})

const setup = async (options: { transactions?: Array<Transaction>; fail?: boolean; pageSize?: number } = {}) => {
  const { adapter } = fakeAdapter()
  const transactions = options.transactions ?? [tx(1), tx(2), tx(3, "eip155:8453")]
  const airlock = createTestAirlock({
    clock: "test",
    networks: [mainnet],
    adapters: [adapter],
    blockchainApi: {
      transactions: { [fakeAccount]: transactions },
      ...(options.pageSize === undefined ? {} : { historyPageSize: options.pageSize }),
      ...(options.fail ? { failAccountData: true } : {})
    }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  return { airlock, transactions }
}

const ids = (airlock: Parameters<typeof selectActivity>[0]) =>
  selectActivity(airlock).groups.flatMap((g) => g.rows.map((r) => r.id))

describe("the activity resource", () => {
  it("is idle before a load, then the active chain's transactions with their signs", async () => {
    const { airlock } = await setup()
    expect(selectActivity(airlock.getState()).status).toBe("idle")
    await airlock.loadActivity()
    const view = selectActivity(airlock.getState())
    expect(view.status).toBe("success")
    expect(ids(airlock.getState())).toEqual(["tx-1", "tx-2"])
    expect(view.groups[0]?.rows.map((r) => r.description && messageText(en, r.description))).toEqual([
      "-1.25 ETH",
      "+2.25 ETH"
    ])
    expect(view.hasMore).toBe(false)
    expect(selectActivity(airlock.getState())).toBe(view)
  })

  it("within 15 s answers from the state (the same data, not refetched); after it, or forced, fetches again", async () => {
    const { airlock, transactions } = await setup()
    await airlock.loadActivity()
    const first = selectActivity(airlock.getState()).updatedAt
    transactions.unshift(tx(0))
    await airlock.clock.adjust("14 seconds")
    await airlock.loadActivity()
    expect(selectActivity(airlock.getState()).updatedAt).toBe(first)
    expect(ids(airlock.getState())).toEqual(["tx-1", "tx-2"])
    await airlock.clock.adjust("1 second")
    await airlock.loadActivity()
    expect(ids(airlock.getState())).toEqual(["tx-0", "tx-1", "tx-2"])
    transactions.unshift(tx(4))
    await airlock.loadActivity("eip155", { force: true })
    expect(ids(airlock.getState())).toContain("tx-4")
  })

  it("pages by cursor: 'more' appends the next page until the last, keeping the rows already shown", async () => {
    const all = Array.from({ length: 5 }, (_, i) => tx(i + 1))
    const { airlock } = await setup({ transactions: all, pageSize: 2 })
    await airlock.loadActivity()
    expect(ids(airlock.getState())).toEqual(["tx-1", "tx-2"])
    const firstRow = selectActivity(airlock.getState()).groups[0]?.rows[0]
    expect(selectActivity(airlock.getState()).hasMore).toBe(true)
    await airlock.loadActivity("eip155", { more: true })
    await airlock.loadActivity("eip155", { more: true })
    expect(ids(airlock.getState())).toEqual(["tx-1", "tx-2", "tx-3", "tx-4", "tx-5"])
    expect(selectActivity(airlock.getState()).hasMore).toBe(false)
    // Structural sharing: the row objects of the first page are the ones drawn before.
    const resource = Object.values(airlock.getState().resources).find((e) => e.data && "items" in (e.data as object))
    expect((resource?.data as { items: Array<Transaction> } | undefined)?.items[0]).toBe(all[0])
    expect(firstRow?.id).toBe("tx-1")
    await airlock.loadActivity("eip155", { more: true })
    expect(ids(airlock.getState())).toHaveLength(5)
  })

  it("a failure shows 'Failed to fetch transactions' and an empty history; watchActivity follows", async () => {
    const { airlock } = await setup({ fail: true })
    // The same failing API left the balance's snack up; the history's failure replaces it.
    await expect.poll(() => snackText(airlock.getState())).toBe("Token Balance Unavailable")
    const seen: Array<string> = []
    const stop = watchActivity(airlock, (view) => seen.push(`${view.status}${view.fetching ? " fetching" : ""}`))
    await airlock.loadActivity()
    stop()
    expect(seen).toEqual(["pending fetching", "error"])
    const view = selectActivity(airlock.getState())
    expect(view.groups).toEqual([])
    expect(view.error?.message).toBe("Failed to fetch transactions")
    await airlock.clock.adjust("150 millis")
    await expect.poll(() => snackText(airlock.getState())).toBe("Failed to fetch transactions")
  })
})
