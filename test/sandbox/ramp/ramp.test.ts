import { createSolanaRpc } from "@solana/kit"
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { evmTreasury } from "../../../sandbox/ramp/payout.ts"
import { type RampServer, startRamp } from "../../../sandbox/ramp/server.ts"
import { type SolanaChain, startSolana } from "../../../sandbox/solana/index.ts"
import { type Answer, call, demo, post, removeDir, startTestApi } from "../../server/api/fixture.ts"

let chains: Chains
let solana: SolanaChain
let ramp: RampServer
let api: Awaited<ReturnType<typeof startTestApi>>

beforeAll(async () => {
  ;[chains, solana] = await Promise.all([
    startChains({ chains: [{ chainId: 1 }, { chainId: 31337, seed: false }] }),
    startSolana()
  ])
  ramp = await startRamp({
    evm: chains.chains.map((c) => ({
      caipNetworkId: c.caipNetworkId,
      rpcUrl: c.rpcUrl,
      usdc: chains.contracts[c.chainId]?.usdc
    })),
    solana: {
      caipNetworkId: solana.caipNetworkId,
      rpcUrl: solana.rpcUrl,
      usdcMint: solana.usdcMint,
      usdcAuthorityKey: solana.accounts[0]!.privateKey
    }
  })
  api = await startTestApi({ chains, solana, ramp: { open: ramp.open, get: ramp.orders.get } })
}, 60_000)

afterAll(async () => {
  await api?.stop()
  await ramp?.stop()
  await Promise.all([chains?.stop(), solana?.stop()])
  if (api) removeDir(api.dir)
})

const rpcUrl = () => chains.chains.find((c) => c.chainId === 1)!.rpcUrl
const usdcOf = (owner: Address) =>
  createPublicClient({ transport: http(rpcUrl()) }).readContract({
    address: chains.contracts[1]!.usdc,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner]
  })
const buyer = () => chains.accounts[3]!.address

/** The buy page's own call: same origin, JSON. */
const pagePost = (path: string, body: unknown, origin = ramp.url) =>
  call(ramp, path, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(body)
  })

const openOrder = async (body: Record<string, unknown>): Promise<{ url: string; orderId: string }> => {
  const answer = await post(api, `/v1/generators/onrampurl?${demo}`, {
    partnerUserId: "user",
    defaultExperience: "buy",
    ...body
  })
  expect(answer.status).toBe(200)
  return answer.body as { url: string; orderId: string }
}

const status = async (orderId: string) => (await call(api, `/v1/onramp/orders/${orderId}?${demo}`)).body

describe("sandbox ramp", () => {
  it("options list USD and EUR with SPEC's limits, and USDC, ETH and SOL on the sandbox chains", async () => {
    const answer = (await call(api, `/v1/onramp/options?${demo}`)).body as {
      paymentCurrencies: Array<{ id: string; payment_method_limits: unknown }>
      purchaseCurrencies: Array<{
        id: string
        networks: Array<{ name: string; chain_id: string; contract_address: string }>
      }>
    }
    expect(answer.paymentCurrencies.map((c) => c.id)).toEqual(["USD", "EUR"])
    expect(answer.paymentCurrencies[0]?.payment_method_limits).toEqual([
      { id: "card", min: "10.00", max: "7500.00" },
      { id: "ach_bank_account", min: "10.00", max: "25000.00" }
    ])
    const usdc = answer.purchaseCurrencies.find((c) => c.id === "USDC")!
    expect(usdc.networks.map((n) => n.chain_id)).toEqual(["1", solana.caipNetworkId.split(":")[1]])
    expect(usdc.networks[0]?.contract_address).toBe(chains.contracts[1]!.usdc)
    expect(answer.purchaseCurrencies.find((c) => c.id === "SOL")?.networks.map((n) => n.name)).toEqual(["solana"])
  })

  it("a quote takes a fee inside 1-2 % and a network fee off the amount paid", async () => {
    const answer = await post(api, `/v1/onramp/quote?${demo}`, {
      purchaseCurrency: { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [] },
      paymentCurrency: { id: "USD", payment_method_limits: [] },
      amount: 50,
      network: "ethereum"
    })
    const quote = answer.body as Record<string, { amount: string; currency: string }>
    expect(quote.paymentTotal).toEqual({ amount: "50.00", currency: "USD" })
    const fee = 50 - Number(quote.paymentSubtotal!.amount) - Number(quote.networkFee!.amount)
    expect(fee).toBeGreaterThanOrEqual(0.5)
    expect(fee).toBeLessThanOrEqual(1)
    expect(quote.purchaseAmount).toEqual({ amount: "49.150000", currency: "USDC" })
  })

  it("paying on the buy page sends the quoted USDC from the treasury to the wallet", async () => {
    const before = await usdcOf(buyer())
    const { url, orderId } = await openOrder({
      destinationWallets: [{ address: buyer(), blockchains: ["ethereum"], assets: ["USDC"] }],
      presetFiatAmount: 50
    })
    expect(new URL(url).origin).toBe(ramp.url)
    expect(await status(orderId)).toMatchObject({ orderId, status: "created" })
    const page = await call(ramp, new URL(url).pathname + new URL(url).search)
    expect(page.text).toContain('value="50"')
    const paid = await pagePost(`/orders/${orderId}/pay`, { amount: 50, fiat: "USD", method: "card" })
    expect(paid.body).toMatchObject({ status: "success", purchaseAmount: { amount: "49.150000", currency: "USDC" } })
    expect((await usdcOf(buyer())) - before).toBe(parseUnits("49.15", 6))
    expect(await status(orderId)).toMatchObject({ status: "success", network: "eip155:1" })
    expect(await usdcOf(evmTreasury)).toBe(0n)
  })

  it("refuses 5 and 8,000 USD by card, and a cancelled order pays nothing", async () => {
    const before = await usdcOf(buyer())
    const { orderId } = await openOrder({
      destinationWallets: [{ address: buyer(), blockchains: ["ethereum"], assets: ["USDC"] }]
    })
    for (const amount of [5, 8000]) {
      const refused = await pagePost(`/orders/${orderId}/pay`, { amount, fiat: "USD", method: "card" })
      expect(refused.status).toBe(400)
    }
    // 8,000 is within a bank account's limit, so only the card is refused
    const quoted = (
      await pagePost(`/orders/${orderId}/quote`, { amount: 8000, fiat: "USD", method: "ach_bank_account" })
    ).body as { message?: string }
    expect(quoted.message).toBeUndefined()
    expect((await pagePost(`/orders/${orderId}/cancel`, {})).body).toMatchObject({ status: "cancelled" })
    const late: Answer = await pagePost(`/orders/${orderId}/pay`, { amount: 50, fiat: "USD", method: "card" })
    expect(late.status).toBe(409)
    expect(await usdcOf(buyer())).toBe(before)
    expect(await status(orderId)).toMatchObject({ status: "cancelled" })
  })

  it("only the buy page itself may pay: another origin is refused", async () => {
    const { orderId } = await openOrder({
      destinationWallets: [{ address: buyer(), blockchains: ["ethereum"], assets: ["ETH"] }]
    })
    const forged = await pagePost(
      `/orders/${orderId}/pay`,
      { amount: 50, fiat: "USD", method: "card" },
      "http://evil.test"
    )
    expect(forged.status).toBe(403)
    expect(await status(orderId)).toMatchObject({ status: "created" })
  })

  it("the buy page escapes what it shows", async () => {
    const { url } = await openOrder({
      destinationWallets: [{ address: '<img src=x onerror="alert(1)">', blockchains: ["ethereum"], assets: ["USDC"] }]
    })
    const page = await call(ramp, new URL(url).pathname + new URL(url).search)
    expect(page.text).not.toContain("<img src=x")
    expect(page.text).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;")
  })

  it("SOL bought on the Solana chain arrives in the wallet", async () => {
    const to = solana.accounts[2]!.address
    const rpc = createSolanaRpc(solana.rpcUrl)
    const before = (await rpc.getBalance(to).send()).value
    const { orderId } = await openOrder({
      destinationWallets: [{ address: to, blockchains: ["solana"], assets: ["SOL"] }],
      presetFiatAmount: 100
    })
    const paid = (await pagePost(`/orders/${orderId}/pay`, { amount: 100, fiat: "USD", method: "card" })).body as {
      status: string
      purchaseAmount: { amount: string }
    }
    expect(paid.status).toBe("success")
    expect(paid.purchaseAmount.amount).toBe("0.656000")
    expect((await rpc.getBalance(to).send()).value - before).toBe(656_000_000n)
  })

  it("an order of another project is not found", async () => {
    const { orderId } = await openOrder({
      destinationWallets: [{ address: buyer(), blockchains: ["ethereum"], assets: ["USDC"] }]
    })
    expect((await call(api, `/v1/onramp/orders/${orderId}?projectId=nope`)).status).toBe(403)
    expect((await call(api, `/v1/onramp/orders/unknown?${demo}`)).status).toBe(404)
  })
})
