import {
  type Address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TokenBalance } from "../../../core/schema/token.ts"
import type { Transaction } from "../../../core/schema/transaction.ts"
import { solanaSigner } from "../../../sandbox/solana/accounts.ts"
import { type SolanaChain, solanaSeeded, startSolana } from "../../../sandbox/solana/index.ts"
import { call, demo, removeDir, startTestApi } from "../../server/api/fixture.ts"

let chain: SolanaChain
let api: Awaited<ReturnType<typeof startTestApi>>
const pageSize = 4

beforeAll(async () => {
  chain = await startSolana()
  api = await startTestApi({ solana: chain, historyPageSize: pageSize })
})

afterAll(async () => {
  await api?.stop()
  await chain?.stop()
  if (api) removeDir(api.dir)
})

const address = (index: number): Address => chain.accounts[index]!.address

const balances = async (who: string, chainId: string | undefined = chain.caipNetworkId) => {
  const query = chainId === undefined ? "" : `&chainId=${chainId}`
  const answer = await call(api, `/v1/account/${who}/balance?${demo}&currency=usd${query}`)
  expect(answer.status, answer.text).toBe(200)
  return (answer.body as { balances: ReadonlyArray<TokenBalance> }).balances
}

const history = async (who: string, cursor?: string) => {
  const after = cursor === undefined ? "" : `&cursor=${encodeURIComponent(cursor)}`
  const answer = await call(api, `/v1/account/${who}/history?${demo}&chainId=${chain.caipNetworkId}${after}`)
  expect(answer.status, answer.text).toBe(200)
  return answer.body as { data: ReadonlyArray<Transaction>; next: string | null }
}

const allHistory = async (who: string) => {
  const entries: Array<Transaction> = []
  let cursor: string | undefined
  do {
    const page = await history(who, cursor)
    entries.push(...page.data)
    cursor = page.next ?? undefined
  } while (cursor !== undefined)
  return entries
}

describe("the sandbox API serves the local Solana chain", () => {
  it("lists the Solana chain among the supported chains", async () => {
    const answer = await call(api, `/v1/supported-chains?${demo}`)
    expect((answer.body as { http: ReadonlyArray<string> }).http).toContain(chain.caipNetworkId)
  })

  it("answers SOL (9 decimals) and USDC (6 decimals) balances as the chain holds them, priced from the local table", async () => {
    const rpc = createSolanaRpc(chain.rpcUrl)
    const lamportsHeld = (await rpc.getBalance(address(0)).send()).value
    const list = await balances(address(0))
    // SOL, USDC, and the sandbox NFT: a 0-decimal token a portfolio API lists too (the client drops it, SPEC §5).
    expect(list).toHaveLength(3)
    const [sol, usdc] = [list.find((b) => b.symbol === "SOL"), list.find((b) => b.symbol === "USDC")]
    expect(list.find((b) => b.symbol === "SPUNK")).toMatchObject({ quantity: { decimals: "0", numeric: "1" } })
    expect(sol).toMatchObject({
      name: "Solana",
      symbol: "SOL",
      chainId: chain.caipNetworkId,
      price: 150,
      quantity: { decimals: "9", numeric: String(Number(lamportsHeld) / 1e9) }
    })
    expect(sol!.address).toBeUndefined()
    expect(usdc).toEqual({
      name: "USD Coin",
      symbol: "USDC",
      chainId: chain.caipNetworkId,
      address: `${chain.caipNetworkId}:${chain.usdcMint}`,
      value: 980,
      price: 1,
      quantity: { decimals: "6", numeric: "980" },
      iconUrl: expect.stringContaining("/public/getTokenImage/USDC")
    })
    expect(await balances(`${chain.caipNetworkId}:${address(1)}`)).toContainEqual(
      expect.objectContaining({ symbol: "USDC", quantity: { decimals: "6", numeric: "120" } })
    )
  })

  it("serves a Solana address with no chainId from the Solana chain, and gives it nothing on an EVM chain", async () => {
    expect((await balances(address(2), undefined)).map((b) => b.symbol)).toEqual(["SOL"])
    expect(await balances(address(2), "eip155:1")).toEqual([])
    const answer = await call(api, `/v1/account/${address(0)}/history?${demo}&chainId=eip155:1`)
    expect(answer.body).toEqual({ data: [], next: null })
  })

  it("shows the seed's history newest first, each entry as the account saw it", async () => {
    const bob = await allHistory(address(1))
    // every seed transaction concerns account 1; the first only made its token account (no amount of its own moved)
    expect(bob).toHaveLength(solanaSeeded.transactionCount)
    const [usdcBack, solBack, usdcIn, solIn, minted, created] = bob
    expect(created).toMatchObject({ metadata: { operationType: "execute", sentFrom: address(0) }, transfers: [] })
    expect(usdcBack!.metadata).toMatchObject({ operationType: "send", sentFrom: address(1), sentTo: address(0) })
    expect(usdcBack!.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: "USDC" }),
        direction: "out",
        quantity: { numeric: "5" }
      })
    ])
    expect(solBack!.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: "SOL" }),
        direction: "out",
        quantity: { numeric: "0.25" },
        value: 37.5
      })
    ])
    expect(usdcIn!.metadata).toMatchObject({ operationType: "receive", sentFrom: address(0), sentTo: address(1) })
    expect(usdcIn!.transfers).toEqual([expect.objectContaining({ direction: "in", quantity: { numeric: "25" } })])
    expect(solIn!.transfers).toEqual([expect.objectContaining({ direction: "in", quantity: { numeric: "1" } })])
    expect(minted!.metadata.operationType).toBe("receive")
    expect(minted!.transfers).toEqual([expect.objectContaining({ direction: "in", quantity: { numeric: "100" } })])
    for (const entry of bob) {
      expect(entry.id).toBe(`${chain.caipNetworkId}:${entry.metadata.hash}`)
      expect(entry.metadata).toMatchObject({ status: "confirmed", chain: chain.caipNetworkId })
      expect(Number.isNaN(Date.parse(entry.metadata.minedAt))).toBe(false)
    }
  })

  it("lists the NFT account 0 holds on the chain (Airlock's NFTs endpoint), and none for an account without one", async () => {
    const nfts = async (who: string) => {
      const answer = await call(api, `/v1/account/${who}/nfts?${demo}&chainId=${chain.caipNetworkId}`)
      expect(answer.status, answer.text).toBe(200)
      return (answer.body as { data: ReadonlyArray<Record<string, unknown>> }).data
    }
    expect(await nfts(address(0))).toEqual([
      expect.objectContaining({
        contract: `${chain.caipNetworkId}:${chain.nftMint}`,
        name: solanaSeeded.nft.name,
        collection: { name: solanaSeeded.nft.collection, symbol: solanaSeeded.nft.symbol },
        standard: "spl"
      })
    ])
    // The chain says so too: one token of a 0-decimal mint whose mint authority is gone.
    const { value } = await createSolanaRpc(chain.rpcUrl).getTokenSupply(chain.nftMint).send()
    expect([value.amount, value.decimals]).toEqual(["1", 0])
    expect(await nfts(address(2))).toEqual([])
  })

  it("pages with the cursor and refuses a cursor it never gave", async () => {
    const first = await history(address(0))
    expect(first.data).toHaveLength(pageSize)
    expect(first.next).toBe(first.data[pageSize - 1]!.id)
    const second = await history(address(0), first.next!)
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id)
    const bad = await call(api, `/v1/account/${address(0)}/history?${demo}&chainId=${chain.caipNetworkId}&cursor=nope`)
    expect(bad.status).toBe(400)
  })

  it("shows a transfer sent through the chain right away, on both sides", async () => {
    const rpc = createSolanaRpc(chain.rpcUrl)
    const rpcSubscriptions = createSolanaRpcSubscriptions(chain.wsUrl)
    const source = await solanaSigner(chain.accounts[2]!.privateKey)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(source, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source, destination: address(3), amount: lamports(1_500_000_000n) })],
            m
          )
      )
    )
    assertIsTransactionWithBlockhashLifetime(transaction)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: "confirmed" })
    const hash = getSignatureFromTransaction(transaction)
    const [sent] = (await history(address(2))).data
    const [received] = (await history(address(3))).data
    expect(sent).toMatchObject({ metadata: { hash, operationType: "send", sentFrom: address(2), sentTo: address(3) } })
    expect(sent!.transfers).toEqual([expect.objectContaining({ direction: "out", quantity: { numeric: "1.5" } })])
    expect(received).toMatchObject({ metadata: { hash, operationType: "receive" } })
    expect(received!.transfers).toEqual([expect.objectContaining({ direction: "in", quantity: { numeric: "1.5" } })])
  })

  it("still names no identity and no session for a Solana address", async () => {
    const identity = await call(api, `/v1/identity/${address(0)}?${demo}`)
    expect(identity.body).toEqual({ name: null, avatar: null })
    expect((await call(api, `/v1/account/not-base58-0OIl/balance?${demo}&currency=usd`)).status).toBe(400)
  })
})
