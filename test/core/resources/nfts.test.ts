import { describe, expect, it } from "vitest"
import { base, mainnet } from "../../../core/networks/index.ts"
import { selectNfts, watchNfts } from "../../../core/resources/nfts.ts"
import type { Nft } from "../../../core/schema/api/nfts.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"

// The nfts resource through the real client: loadNfts fills it from the blockchain API (memory layer) with the 30 s
// lifetime on the client's clock, cursor paging, spam hidden, and a failure's snack.

const nft = (id: number, extra: Partial<Nft> = {}): Nft => ({
  id: `eip155:1:0xabc:${id}`,
  chainId: "eip155:1",
  contract: "eip155:1:0x0000000000000000000000000000000000000abc",
  tokenId: String(id),
  name: `Punk #${id}`,
  collection: { name: "Punks" },
  ...extra
})

const setup = async (
  options: { nfts?: Array<Nft>; fail?: boolean; pageSize?: number; supported?: Array<string> } = {}
) => {
  const { adapter } = fakeAdapter()
  const airlock = createTestAirlock({
    clock: "test",
    networks: [mainnet, base],
    adapters: [adapter],
    blockchainApi: {
      nfts: { [fakeAccount]: options.nfts ?? [nft(1), nft(2, { isSpam: true }), nft(3)] },
      ...(options.pageSize === undefined ? {} : { nftsPageSize: options.pageSize }),
      ...(options.supported === undefined ? {} : { supportedChains: options.supported }),
      ...(options.fail ? { failAccountData: true } : {})
    }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  return airlock
}

describe("the nfts resource", () => {
  it("lists the account's NFTs on its network without spam; the same object while unchanged", async () => {
    const airlock = await setup()
    expect(selectNfts(airlock.getState()).status).toBe("idle")
    await airlock.loadNfts()
    const view = selectNfts(airlock.getState())
    expect(view.nfts.map((n) => n.name)).toEqual(["Punk #1", "Punk #3"])
    expect(selectNfts(airlock.getState())).toBe(view)
  })

  it("within 30 s answers from the state; after it fetches again; 'more' appends pages, keeping loaded objects", async () => {
    const all = [nft(1), nft(2), nft(3)]
    const airlock = await setup({ nfts: all, pageSize: 2 })
    await airlock.loadNfts()
    const at = selectNfts(airlock.getState()).updatedAt
    const first = selectNfts(airlock.getState()).nfts[0]
    expect(selectNfts(airlock.getState()).hasMore).toBe(true)
    await airlock.clock.adjust("29 seconds")
    await airlock.loadNfts()
    expect(selectNfts(airlock.getState()).updatedAt).toBe(at)
    await airlock.loadNfts("eip155", { more: true })
    expect(selectNfts(airlock.getState()).nfts.map((n) => n.tokenId)).toEqual(["1", "2", "3"])
    expect(selectNfts(airlock.getState()).nfts[0]).toBe(first)
    expect(selectNfts(airlock.getState()).hasMore).toBe(false)
    // As in TanStack Query's infinite queries, a page appended is a fetch: the lifetime counts from it.
    expect(selectNfts(airlock.getState()).updatedAt).toBe((at ?? 0) + 29_000)
    await airlock.clock.adjust("30 seconds")
    await airlock.loadNfts()
    expect(selectNfts(airlock.getState()).updatedAt).toBe((at ?? 0) + 59_000)
    expect(selectNfts(airlock.getState()).nfts.map((n) => n.tokenId)).toEqual(["1", "2"])
  })

  it("a failure is the resource's error with 'Failed to fetch NFTs'; watchNfts follows", async () => {
    const airlock = await setup({ fail: true })
    const seen: Array<string> = []
    const stop = watchNfts(airlock, (view) => seen.push(`${view.status}${view.fetching ? " fetching" : ""}`))
    await airlock.loadNfts()
    stop()
    expect(seen).toEqual(["pending fetching", "error"])
    expect(selectNfts(airlock.getState()).error?.message).toBe("Failed to fetch NFTs")
  })

  it("on a network the API does not serve, asks nothing and shows none", async () => {
    const airlock = await setup({ supported: ["eip155:8453"] })
    await airlock.loadNfts()
    expect(selectNfts(airlock.getState())).toMatchObject({ status: "success", nfts: [] })
  })
})
