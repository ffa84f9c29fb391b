import { Schema } from "effect"
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import { swapSlippageTolerance } from "../../../core/services/blockchainApiShape.ts"
import { ammContracts, type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { type Answer, call, demo, post, removeDir, startTestApi } from "./fixture.ts"

let chains: Chains
let api: Awaited<ReturnType<typeof startTestApi>>

beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }, { chainId: 31337, seed: false }] })
  api = await startTestApi({ chains })
}, 30_000)

afterAll(async () => {
  await api?.stop()
  await chains?.stop()
  if (api) removeDir(api.dir)
})

const routerAbi = parseAbi([
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)"
])

const rpcUrl = () => chains.chains.find((c) => c.chainId === 1)!.rpcUrl
const reader = () => createPublicClient({ transport: http(rpcUrl()) })
const account = (index: number) => privateKeyToAccount(chains.accounts[index]!.privateKey)
const usdc = () => chains.contracts[1]!.usdc
const eth = "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
const caip = (address: Address) => `eip155:1:${address}`
const user = (index: number) => caip(chains.accounts[index]!.address)

/** The tx of a build answer, sent from account `index` and mined; its receipt. */
const send = async (
  index: number,
  tx: { to: string; data: string; value?: string; eip155: { gas: string | number; gasPrice: string } }
) => {
  const wallet = createWalletClient({ account: account(index), transport: http(rpcUrl()) })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: tx.to.split(":").at(-1) as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? "0"),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice)
  })
  return reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

const ok = (answer: Answer) => {
  expect(answer.status, answer.text).toBe(200)
  return answer.body
}

const quoteQuery = (from: string, to: string, amount: string, index = 3) =>
  `/v1/convert/quotes?${demo}&amount=${amount}&userAddress=${user(index)}&from=${from}&to=${to}&gasPrice=1`

const getQuote = async (from: string, to: string, amount: bigint, index = 3) => {
  const body = ok(await call(api, quoteQuery(from, to, amount.toString(), index))) as {
    quotes: Array<{ toAmount: string; priceImpact: string }>
  }
  // what the client decodes
  Schema.decodeUnknownSync(endpoints.swapQuotes.response)(body)
  return body.quotes[0]!
}

const buildSwap = (from: string, to: string, amount: bigint, index: number, disableEstimate?: boolean) =>
  post(api, `/v1/convert/build-transaction?${demo}`, {
    amount: amount.toString(),
    eip155: { slippage: String(swapSlippageTolerance) },
    projectId: "airlock-demo",
    from,
    to,
    userAddress: user(index),
    ...(disableEstimate === undefined ? {} : { disableEstimate })
  })

type BuiltTx = { to: string; data: string; value: string; amount: string; eip155: { gas: string; gasPrice: string } }

const usdcOf = (who: Address) =>
  reader().readContract({ address: usdc(), abi: erc20Abi, functionName: "balanceOf", args: [who] })
const daiOf = (who: Address) =>
  reader().readContract({ address: ammContracts.dai, abi: erc20Abi, functionName: "balanceOf", args: [who] })

describe("swap tokens", () => {
  it("lists native ETH, USDC and DAI on a chain with pools, each with a logo the API serves", async () => {
    const body = ok(await call(api, `/v1/convert/tokens?${demo}&chainId=eip155:1`))
    const { tokens } = Schema.decodeUnknownSync(endpoints.swapTokens.response)(body, { onExcessProperty: "error" })
    expect(tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ["ETH", eth, 18],
      ["USDC", caip(usdc()), 6],
      ["DAI", caip(ammContracts.dai), 18]
    ])
    for (const token of tokens) {
      const logo = await fetch(token.logoUri!)
      expect(logo.headers.get("content-type")).toBe("image/svg+xml")
    }
  })
})

describe("swap quotes", () => {
  it("quotes exactly what the router's getAmountsOut says, native ETH through WETH, ETH -> DAI through USDC", async () => {
    const cases = [
      [eth, caip(usdc()), parseEther("1"), [ammContracts.weth, usdc()]],
      [caip(usdc()), eth, parseUnits("100", 6), [usdc(), ammContracts.weth]],
      [caip(usdc()), caip(ammContracts.dai), parseUnits("100", 6), [usdc(), ammContracts.dai]],
      [eth, caip(ammContracts.dai), parseEther("2"), [ammContracts.weth, usdc(), ammContracts.dai]]
    ] as const
    for (const [from, to, amount, path] of cases) {
      const amounts = await reader().readContract({
        address: ammContracts.router,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [amount, [...path]]
      })
      const quote = await getQuote(from, to, amount)
      expect(quote.toAmount, `${from} -> ${to}`).toBe(amounts.at(-1)!.toString())
    }
  })

  it("prices 1 ETH near the sandbox's 2,500 USD, and says how far a big trade moves the price", async () => {
    const small = await getQuote(eth, caip(usdc()), parseEther("1"))
    expect(Number(small.toAmount) / 1e6).toBeGreaterThan(2_480)
    expect(Number(small.toAmount) / 1e6).toBeLessThan(2_500)
    expect(small.priceImpact).toBe("0.39") // the 0.3 % fee plus 0.1 % of a 1,000 ETH pool
    expect((await getQuote(eth, caip(usdc()), parseEther("100"))).priceImpact).toBe("9.33")
  })
})

describe("swapping with the built transactions", () => {
  it("ETH -> USDC: the sent swap moves exactly the quoted USDC, with value and a 1 % minimum", async () => {
    const who = chains.accounts[3]!.address
    const amount = parseEther("2")
    const quote = await getQuote(eth, caip(usdc()), amount)
    const { tx } = ok(await buildSwap(eth, caip(usdc()), amount, 3)) as { tx: BuiltTx }
    Schema.decodeUnknownSync(endpoints.buildTransaction.response)({ tx })
    expect(tx.to).toBe(ammContracts.router)
    expect(tx.value).toBe(amount.toString())
    const { functionName, args } = decodeFunctionData({ abi: routerAbi, data: tx.data as Hex })
    expect(functionName).toBe("swapExactETHForTokens")
    expect(args[0]).toBe((BigInt(quote.toAmount) * 99n) / 100n)
    expect(args[2]).toBe(who)

    const before = await usdcOf(who)
    const receipt = await send(3, tx)
    expect(receipt.status).toBe("success")
    expect((await usdcOf(who)) - before).toBe(BigInt(quote.toAmount))
  })

  it("refuses to fill below the minimum: a swap built before the price moved more than 1 % reverts", async () => {
    const amount = parseEther("1")
    const { tx } = ok(await buildSwap(eth, caip(usdc()), amount, 4)) as { tx: BuiltTx }
    // someone else sells 30 ETH into the pool first
    const { tx: front } = ok(await buildSwap(eth, caip(usdc()), parseEther("30"), 5)) as { tx: BuiltTx }
    expect((await send(5, front)).status).toBe("success")
    const before = await usdcOf(chains.accounts[4]!.address)
    const wallet = createWalletClient({ account: account(4), transport: http(rpcUrl()) })
    const hash = await wallet.sendTransaction({
      chain: null,
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas)
    })
    expect((await reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("reverted")
    expect(await usdcOf(chains.accounts[4]!.address)).toBe(before)
  })

  it("USDC -> ETH: needs the router's allowance; build-approve, send, the allowance reads it, then the swap pays the quote", async () => {
    const who = chains.accounts[3]!.address
    const amount = parseUnits("1000", 6)
    const allowance = async () =>
      (
        ok(await call(api, `/v1/convert/allowance?${demo}&tokenAddress=${caip(usdc())}&userAddress=${user(3)}`)) as {
          allowance: string
        }
      ).allowance
    expect(await allowance()).toBe("0")
    // before approval the swap would fail: the build says so, unless asked not to estimate
    const refused = await buildSwap(caip(usdc()), eth, amount, 3)
    expect(refused.status).toBe(400)
    expect((refused.body as { message: string }).message).toMatch(/^The swap would fail/)
    expect((await buildSwap(caip(usdc()), eth, amount, 3, true)).status).toBe(200)

    const approve = ok(
      await call(
        api,
        `/v1/convert/build-approve?${demo}&userAddress=${user(3)}&from=${caip(usdc())}&to=${eth}&amount=${amount}`
      )
    ) as { tx: BuiltTx }
    Schema.decodeUnknownSync(endpoints.buildApprove.response)(approve, { onExcessProperty: "error" })
    expect(approve.tx.to).toBe(usdc())
    expect((await send(3, approve.tx)).status).toBe("success")
    expect(await allowance()).toBe(amount.toString())

    const quote = await getQuote(caip(usdc()), eth, amount)
    const { tx } = ok(await buildSwap(caip(usdc()), eth, amount, 3)) as { tx: BuiltTx }
    expect(tx.value).toBe("0")
    expect(decodeFunctionData({ abi: routerAbi, data: tx.data as Hex }).functionName).toBe("swapExactTokensForETH")
    const [ethBefore, usdcBefore] = [await reader().getBalance({ address: who }), await usdcOf(who)]
    const receipt = await send(3, tx)
    expect(receipt.status).toBe("success")
    const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await reader().getBalance({ address: who })) - ethBefore + gasPaid).toBe(BigInt(quote.toAmount))
    expect(usdcBefore - (await usdcOf(who))).toBe(amount)
    expect(await allowance()).toBe("0")
  })

  it("USDC -> DAI: token to token, after an unlimited approval", async () => {
    const who = chains.accounts[3]!.address
    const amount = parseUnits("250", 6)
    const approve = ok(
      await call(
        api,
        `/v1/convert/build-approve?${demo}&userAddress=${user(3)}&from=${caip(usdc())}&to=${caip(ammContracts.dai)}`
      )
    ) as { tx: BuiltTx }
    expect((await send(3, approve.tx)).status).toBe("success")
    const allowance = ok(
      await call(api, `/v1/convert/allowance?${demo}&tokenAddress=${caip(usdc())}&userAddress=${user(3)}`)
    )
    expect(allowance).toEqual({ allowance: maxUint256.toString() })

    const quote = await getQuote(caip(usdc()), caip(ammContracts.dai), amount)
    const { tx } = ok(await buildSwap(caip(usdc()), caip(ammContracts.dai), amount, 3)) as { tx: BuiltTx }
    expect(decodeFunctionData({ abi: routerAbi, data: tx.data as Hex }).functionName).toBe("swapExactTokensForTokens")
    const before = await daiOf(who)
    expect((await send(3, tx)).status).toBe("success")
    expect((await daiOf(who)) - before).toBe(BigInt(quote.toAmount))
  })

  it("answers native ETH's allowance as unlimited: nothing to approve", async () => {
    const body = ok(await call(api, `/v1/convert/allowance?${demo}&tokenAddress=${eth}&userAddress=${user(3)}`))
    expect(body).toEqual({ allowance: maxUint256.toString() })
  })
})

describe("swap prices", () => {
  it("prices DAI from its USDC pool, and keeps ETH and USDC at the price table's values", async () => {
    const body = ok(
      await post(api, `/v1/fungible/price?${demo}`, {
        currency: "usd",
        projectId: "airlock-demo",
        addresses: [eth, caip(usdc()), caip(ammContracts.dai)]
      })
    ) as { fungibles: Array<{ symbol: string; price: number }> }
    const prices = Object.fromEntries(body.fungibles.map((f) => [f.symbol, f.price]))
    expect(prices.ETH).toBe(2500)
    expect(prices.USDC).toBe(1)
    // the earlier USDC -> DAI swap made DAI a little dearer than par
    expect(prices.DAI).toBeGreaterThan(1)
    expect(prices.DAI).toBeLessThan(1.001)
  })
})

describe("bad swap input", () => {
  it("answers each with 400 and its reason, and sends nothing", async () => {
    const blockBefore = await reader().getBlockNumber()
    const nonceBefore = await reader().getTransactionCount({ address: chains.accounts[6]!.address })
    const q = (params: Record<string, string>) => {
      const all = { amount: "1000", userAddress: user(6), from: eth, to: caip(usdc()), gasPrice: "1", ...params }
      return `/v1/convert/quotes?${demo}&${new URLSearchParams(all)}`
    }
    const stranger = caip("0x000000000000000000000000000000000000dEaD")
    const bad: ReadonlyArray<readonly [string, RegExp]> = [
      [q({ to: stranger }), /^Unknown to token/],
      [q({ from: "eip155:1:0x1234" }), /^Invalid from/],
      [q({ amount: "0" }), /must be greater than 0/],
      [q({ amount: "-5" }), /^Invalid amount/],
      [q({ amount: "1.5" }), /^Invalid amount/],
      [q({ amount: "9".repeat(5_000) }), /^Invalid amount/],
      [q({ amount: (maxUint256 + 1n).toString() }), /larger than a uint256/],
      [q({ amount: maxUint256.toString() }), /cannot quote this amount/],
      [q({ userAddress: "not-an-address" }), /^Invalid userAddress/],
      [q({ userAddress: "eip155:8453:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" }), /not on eip155:1/],
      [q({ from: caip(usdc()), to: caip(usdc()) }), /same token/],
      [q({ gasPrice: "fast" }), /^Invalid gasPrice/],
      [
        q({ from: "eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" }),
        /^Swaps are not available on chain 'eip155:31337'/
      ],
      [`/v1/convert/tokens?${demo}&chainId=eip155:31337`, /^Swaps are not available/],
      [`/v1/convert/allowance?${demo}&tokenAddress=${stranger}&userAddress=${user(6)}`, /^Unknown tokenAddress token/],
      [`/v1/convert/build-approve?${demo}&userAddress=${user(6)}&from=${eth}&to=${caip(usdc())}`, /needs no approval/],
      [
        `/v1/convert/build-approve?${demo}&userAddress=${user(6)}&from=${caip(usdc())}&to=${eth}&amount=-1`,
        /^Invalid amount/
      ]
    ]
    for (const [path, reason] of bad) {
      const answer = await call(api, path)
      expect(answer.status, path.slice(0, 200)).toBe(400)
      expect((answer.body as { message: string }).message, path.slice(0, 200)).toMatch(reason)
    }

    const body = (patch: Record<string, unknown>) => ({
      amount: "1000",
      eip155: { slippage: "1" },
      projectId: "airlock-demo",
      from: eth,
      to: caip(usdc()),
      userAddress: user(6),
      ...patch
    })
    const badBodies: ReadonlyArray<readonly [Record<string, unknown>, RegExp]> = [
      [{ amount: "0" }, /must be greater than 0/],
      [{ amount: "1".repeat(900_000) }, /^Invalid amount/],
      [{ eip155: { slippage: "75" } }, /^Invalid slippage/],
      [{ eip155: { slippage: "-1" } }, /^Invalid slippage/],
      [{ to: stranger }, /^Unknown to token/],
      [{ userAddress: "0xnope" }, /^Invalid userAddress/],
      [{ from: "eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" }, /^Swaps are not available/],
      [{ amount: 5 }, /^Invalid body/]
    ]
    for (const [patch, reason] of badBodies) {
      const answer = await post(api, `/v1/convert/build-transaction?${demo}`, body(patch))
      expect(answer.status, JSON.stringify(patch).slice(0, 200)).toBe(400)
      expect((answer.body as { message: string }).message).toMatch(reason)
    }
    // 2 MB is past the API's body limit: refused before it is read
    expect(
      (await post(api, `/v1/convert/build-transaction?${demo}`, body({ amount: "1".repeat(2_000_000) }))).status
    ).toBe(413)

    expect(await reader().getBlockNumber()).toBe(blockBefore)
    expect(await reader().getTransactionCount({ address: chains.accounts[6]!.address })).toBe(nonceBefore)
  })
})
