import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  formatUnits,
  type Hex,
  http,
  parseEther
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TokenBalance } from "../../../core/schema/token.ts"
import type { Transaction } from "../../../core/schema/transaction.ts"
import { type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { call, demo, post, removeDir, startTestApi } from "./fixture.ts"

let chains: Chains
let api: Awaited<ReturnType<typeof startTestApi>>
const pageSize = 3

beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }, { chainId: 8453 }] })
  api = await startTestApi({ chains, historyPageSize: pageSize })
}, 30_000)

afterAll(async () => {
  await api?.stop()
  await chains?.stop()
  if (api) removeDir(api.dir)
})

const rpcOf = (chainId: number) => chains.chains.find((c) => c.chainId === chainId)!.rpcUrl
const reader = (chainId: number) => createPublicClient({ transport: http(rpcOf(chainId)) })
const signer = (index: number) => privateKeyToAccount(chains.accounts[index]!.privateKey)
const address = (index: number): Address => chains.accounts[index]!.address

/** Sends a transaction from default account `index` on `chainId` and waits until it is mined. */
const send = async (chainId: number, index: number, tx: { to: Address; value?: bigint; data?: Hex; gas?: bigint }) => {
  const wallet = createWalletClient({ account: signer(index), transport: http(rpcOf(chainId)) })
  const hash = await wallet.sendTransaction({ ...tx, chain: null })
  const receipt = await reader(chainId).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return { hash, receipt }
}

const history = async (who: Address, chainId: number, cursor?: string) => {
  const answer = await call(
    api,
    `/v1/account/${who}/history?${demo}&chainId=eip155:${chainId}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`
  )
  expect(answer.status, answer.text).toBe(200)
  return answer.body as { data: ReadonlyArray<Transaction>; next: string | null }
}

const balances = async (who: Address, chainId: number) => {
  const answer = await call(api, `/v1/account/${who}/balance?${demo}&currency=usd&chainId=eip155:${chainId}`)
  expect(answer.status, answer.text).toBe(200)
  return (answer.body as { balances: ReadonlyArray<TokenBalance> }).balances
}

describe("sandbox API answers from the real chains", () => {
  it("reports the same native and USDC balances as the chain itself", async () => {
    for (const chainId of [1, 8453]) {
      const owner = address(0)
      const usdc = chains.contracts[chainId]!.usdc
      const [wei, units] = await Promise.all([
        reader(chainId).getBalance({ address: owner }),
        reader(chainId).readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
      ])
      const list = await balances(owner, chainId)
      const eth = list.find((b) => b.symbol === "ETH")!
      const usd = list.find((b) => b.symbol === "USDC")!
      expect(eth).toMatchObject({
        chainId: `eip155:${chainId}`,
        quantity: { decimals: "18", numeric: formatUnits(wei, 18) }
      })
      expect(eth.address).toBeUndefined()
      expect(usd).toMatchObject({
        address: `eip155:${chainId}:${usdc}`,
        price: 1,
        quantity: { decimals: "6", numeric: formatUnits(units, 6) },
        value: Number(formatUnits(units, 6))
      })
    }
  })

  it("shows a native transfer made in the test as a send for one side and a receive for the other", async () => {
    const { hash } = await send(8453, 5, { to: address(6), value: parseEther("0.25") })
    const [sent] = (await history(address(5), 8453)).data
    const [received] = (await history(address(6), 8453)).data
    expect(sent).toMatchObject({
      id: `eip155:8453:${hash}`,
      metadata: { hash, operationType: "send", status: "confirmed", chain: "eip155:8453", sentTo: address(6) },
      transfers: [{ direction: "out", quantity: { numeric: "0.25" }, fungible_info: { symbol: "ETH" } }]
    })
    expect(received).toMatchObject({
      metadata: { hash, operationType: "receive", sentFrom: address(5) },
      transfers: [{ direction: "in", quantity: { numeric: "0.25" }, value: 625 }]
    })
  })

  it("shows a USDC transfer with its amount, and the new balance", async () => {
    const usdc = chains.contracts[8453]!.usdc
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [address(7), 12_500_000n] })
    const { hash } = await send(8453, 0, { to: usdc, data })
    const [entry] = (await history(address(7), 8453)).data
    expect(entry).toMatchObject({
      metadata: { hash, operationType: "receive", sentFrom: address(0), sentTo: usdc },
      transfers: [
        { direction: "in", quantity: { numeric: "12.5" }, fungible_info: { symbol: "USDC", name: "USD Coin" } }
      ]
    })
    expect((await balances(address(7), 8453)).find((b) => b.symbol === "USDC")?.quantity.numeric).toBe("12.5")
  })

  it("shows an NFT transfer with its nft_info and a preview image the API serves", async () => {
    const nft = chains.contracts[1]!.nft
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: "transferFrom",
      args: [address(0), address(8), 1n]
    })
    await send(1, 0, { to: nft, data })
    const [entry] = (await history(address(8), 1)).data
    const transfer = entry!.transfers[0]!
    expect(transfer).toMatchObject({
      direction: "in",
      quantity: { numeric: "1" },
      nft_info: { name: "Airlock Punks #1", flags: { is_spam: false } }
    })
    const preview = transfer.nft_info!.content!.preview!.url!
    expect(preview.startsWith(api.url)).toBe(true)
    const image = await fetch(preview)
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/svg+xml"])
  })

  it("lists the NFTs an address owns on the chain now (Airlock's NFTs endpoint): a transfer moves one, pages by cursor", async () => {
    const nfts = async (who: Address, cursor?: string) => {
      const query = `${demo}&chainId=eip155:1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`
      const answer = await call(api, `/v1/account/${who}/nfts?${query}`)
      expect(answer.status, answer.text).toBe(200)
      return answer.body as {
        data: ReadonlyArray<{ tokenId: string; name: string; collection: { name: string } }>
        next: string | null
      }
    }
    const owned = async (who: Address) => {
      const ids: Array<string> = []
      let cursor: string | undefined
      do {
        const page = await nfts(who, cursor)
        expect(page.data.length).toBeLessThanOrEqual(pageSize)
        ids.push(...page.data.map((n) => n.tokenId))
        cursor = page.next ?? undefined
      } while (cursor !== undefined)
      return ids
    }
    const nft = chains.contracts[1]!.nft
    const ownerOf = (id: bigint) =>
      reader(1).readContract({ address: nft, abi: erc721Abi, functionName: "ownerOf", args: [id] })
    const truth = async (who: Address) => {
      const ids: Array<string> = []
      for (let id = 1n; id <= 5n; id++)
        if ((await ownerOf(id)).toLowerCase() === who.toLowerCase()) ids.push(String(id))
      return ids
    }
    expect(await owned(address(1))).toEqual(await truth(address(1)))
    expect((await owned(address(1))).length).toBeGreaterThan(pageSize - 1)
    const [first] = (await nfts(address(1))).data
    expect(first).toMatchObject({ name: `Airlock Punk #${first?.tokenId}`, collection: { name: "Airlock Punks" } })
    const moved = BigInt((await truth(address(1)))[0]!)
    await send(1, 1, {
      to: nft,
      data: encodeFunctionData({ abi: erc721Abi, functionName: "transferFrom", args: [address(1), address(9), moved] })
    })
    expect(await owned(address(9))).toEqual([String(moved)])
    expect(await owned(address(1))).not.toContain(String(moved))
    expect((await call(api, `/v1/account/${address(1)}/nfts?${demo}&chainId=eip155:1&cursor=nope`)).status).toBe(400)
  })

  it("marks a reverted transaction as failed, with no transfers", async () => {
    const usdc = chains.contracts[1]!.usdc
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [address(0), 1n] })
    const { hash, receipt } = await send(1, 9, { to: usdc, data, gas: 100_000n })
    expect(receipt.status).toBe("reverted")
    const [entry] = (await history(address(9), 1)).data
    expect(entry).toMatchObject({ metadata: { hash, status: "failed" }, transfers: [] })
  })

  it("pages history with cursor/next: every entry once, newest first, stable when new blocks arrive", async () => {
    const owner = address(0)
    const first = await history(owner, 1)
    expect(first.data).toHaveLength(pageSize)
    expect(first.next).not.toBeNull()
    // A transaction mined mid-walk lands on top and must not shift the pages after the cursor.
    const { hash } = await send(1, 0, { to: address(4), value: 1n })
    const ids = first.data.map((t) => t.id)
    let next = first.next
    while (next !== null) {
      const pageOf = await history(owner, 1, next)
      expect(pageOf.data.length).toBeGreaterThan(0)
      ids.push(...pageOf.data.map((t) => t.id))
      next = pageOf.next
    }
    // A second server with one big page is the reference: the walk is that list minus the transaction mined mid-walk.
    const whole = await startTestApi({ chains, historyPageSize: 1000 })
    try {
      const reference = await call(whole, `/v1/account/${owner}/history?${demo}&chainId=eip155:1`)
      const all = (reference.body as { data: Array<Transaction>; next: string | null }).data
      expect(all.map((t) => t.id)).toEqual([`eip155:1:${hash}`, ...ids])
      const times = all.map((t) => Date.parse(t.metadata.minedAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      expect(all.length).toBeGreaterThan(pageSize * 3)
    } finally {
      await whole.stop()
      removeDir(whole.dir)
    }
  })

  it("merges every supported chain when no chainId is given", async () => {
    const ids = new Set<string>()
    let cursor: string | null | undefined
    do {
      const answer = await call(
        api,
        `/v1/account/${address(1)}/history?${demo}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`
      )
      const body = answer.body as { data: Array<Transaction>; next: string | null }
      for (const t of body.data) ids.add(t.metadata.chain ?? "")
      cursor = body.next
    } while (cursor !== null)
    expect([...ids].sort()).toEqual(["eip155:1", "eip155:8453"])
  })
})

describe("sandbox API sessions", () => {
  it("revokes a session only with the account's signature over its pci", async () => {
    const owner = address(5)
    await post(api, "/sandbox/sessions", {
      projectId: "airlock-demo",
      address: owner,
      pci: "pci-truth",
      chainId: "eip155:1"
    })
    const listed = await call(api, `/v1/sessions/eip155:1:${owner}?${demo}`)
    expect(listed.body).toMatchObject({ pcis: [{ pci: "pci-truth", project: { id: "airlock-demo" } }] })
    expect((listed.body as { pcis: Array<object> }).pcis[0]).not.toHaveProperty("revokedAt")

    const forged = await signer(6).signMessage({ message: "pci-truth" })
    const refused = await post(api, `/v1/sessions/${owner}/revoke?${demo}`, { pci: "pci-truth", signature: forged })
    expect(refused.status).toBe(403)

    const signature = await signer(5).signMessage({ message: "pci-truth" })
    const revoked = await post(api, `/v1/sessions/${owner}/revoke?${demo}`, { pci: "pci-truth", signature })
    expect(revoked).toMatchObject({ status: 200, body: { success: true } })
    const after = await call(api, `/v1/sessions/${owner}?${demo}`)
    expect((after.body as { pcis: Array<{ revokedAt?: number }> }).pcis[0]?.revokedAt).toBeTypeOf("number")
  })

  it("keeps each project's sessions to itself", async () => {
    const owner = address(3)
    await post(api, "/sandbox/sessions", { projectId: "sandbox-analytics-off", address: owner, pci: "other-project" })
    expect((await call(api, `/v1/sessions/${owner}?${demo}`)).body).toEqual({ pcis: [] })
  })
})
