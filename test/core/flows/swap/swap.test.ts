import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import type { AirlockAdapter } from "../../../../core/adapter/AirlockAdapter.ts"
import {
  approveSwap,
  editSwap,
  executeSwap,
  flipSwap,
  previewSwap,
  setSwapAmount,
  setSwapTokens,
  startSwap,
  swapMax
} from "../../../../core/client/swapActions.ts"
import { minimumOut } from "../../../../core/flows/swap/derive.ts"
import { messageText } from "../../../../core/i18n/catalogue.ts"
import { en } from "../../../../core/i18n/en/index.ts"
import { base, mainnet, solana } from "../../../../core/networks/index.ts"
import type { SwapQuoteQuery, SwapToken } from "../../../../core/schema/api/convert.ts"
import type { TokenBalance } from "../../../../core/schema/token.ts"
import type { AnalyticsPayload } from "../../../../core/services/Analytics.ts"
import type { BlockchainApiSeed } from "../../../../core/services/BlockchainApi.ts"
import type { AirlockState } from "../../../../core/state/AirlockState.ts"
import { selectSwap } from "../../../../core/state/swap.ts"
import { createTestAirlock, fakeAccount, fakeAdapter, type TestAirlockClient } from "../../../../core/testing/index.ts"

// Swap (core/flows/swap) through the real client on a TestClock: a wallet connected through fakeAdapter, the
// blockchain API's memory layer answering the convert calls (quotes as a function of the amount).

const native = "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
const usdcAddress = "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
const daiAddress = "eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f"
const swapTokens: ReadonlyArray<SwapToken> = [
  { name: "Ether", symbol: "ETH", address: native, decimals: 18 },
  { name: "USD Coin", symbol: "USDC", address: usdcAddress, decimals: 6 },
  { name: "Dai", symbol: "DAI", address: daiAddress, decimals: 18 }
]
const eth: TokenBalance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 2000,
  value: 2000,
  quantity: { decimals: "18", numeric: "1" }
}
const usdc: TokenBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: usdcAddress,
  price: 1,
  value: 100,
  quantity: { decimals: "6", numeric: "100" }
}
const hash = `0x${"cd".repeat(32)}`

/** 1 ETH = 2000 USDC; USDC -> ETH at the inverse; anything else 1:1 in base units. */
const priced = (query: SwapQuoteQuery) => {
  const amount = BigInt(query.amount)
  const out =
    query.from === native && query.to === usdcAddress
      ? (amount * 2000n) / 10n ** 12n
      : query.from === usdcAddress && query.to === native
        ? (amount * 10n ** 12n) / 2000n
        : amount
  return {
    quotes: [
      { fromAmount: query.amount, fromAccount: query.userAddress, toAmount: String(out), toAccount: query.userAddress }
    ]
  }
}

const until = (airlock: TestAirlockClient, ready: (state: AirlockState) => boolean) =>
  new Promise<void>((resolve) => {
    if (ready(airlock.getState())) return resolve()
    const stop = airlock.subscribe((state) => {
      if (!ready(state)) return
      stop()
      resolve()
    })
  })

const setup = async (
  seed: Partial<BlockchainApiSeed> = {},
  options: { readonly adapter?: (adapter: AirlockAdapter) => AirlockAdapter; readonly chainId?: number } = {}
) => {
  const { adapter, wallet } = fakeAdapter(options.chainId === undefined ? {} : { chainId: options.chainId })
  const analyticsSent: Array<AnalyticsPayload> = []
  const airlock = createTestAirlock({
    clock: "test",
    networks: [mainnet, base, solana],
    adapters: [options.adapter?.(adapter) ?? adapter],
    analyticsSent,
    blockchainApi: {
      balances: { [fakeAccount]: [eth, usdc] },
      swapTokens,
      prices: { [daiAddress]: { name: "Dai", symbol: "DAI", price: 1 } },
      swapQuote: priced,
      ...seed
    }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  await airlock.open()
  airlock.push("Swap")
  await startSwap(airlock)
  return { airlock, wallet, analyticsSent }
}

const view = (airlock: TestAirlockClient) => selectSwap(airlock.getState())
const errorText = (airlock: TestAirlockClient) => {
  const error = view(airlock).error
  return error === undefined ? undefined : messageText(en, error.message)
}
/** Types an amount and waits out the quote's debounce. */
const quoted = async (airlock: TestAirlockClient, amount: string) => {
  await setSwapAmount(airlock, amount)
  await airlock.clock.adjust("300 millis")
  await until(airlock, (s) => s.swap?.quoteStatus !== "pending")
}
const sent = (requests: ReadonlyArray<{ readonly method: string; readonly params?: unknown }>) =>
  requests.filter((r) => r.method === "eth_sendTransaction").map((r) => (r.params as ReadonlyArray<unknown>)[0])

describe("Swap: the form", () => {
  it("starts from the native coin to the list's first other token, holdings first, with balances and prices", async () => {
    const { airlock } = await setup()
    const swap = view(airlock)
    expect(swap).toMatchObject({ status: "ready", step: "form", caipNetworkId: "eip155:1", problem: "enterAmount" })
    expect(swap.from).toMatchObject({ symbol: "ETH", native: true, balance: "1", price: 2000 })
    expect(swap.to).toMatchObject({ symbol: "USDC", balance: "100", price: 1 })
    expect(swap.tokens.map((t) => t.symbol)).toEqual(["ETH", "USDC", "DAI"])
    expect(swap.tokens[2]).toMatchObject({ balance: "0", price: 1 })
  })

  it("takes the Swap view's params: tokens by symbol or address, and the amount", async () => {
    const { airlock } = await setup()
    await startSwap(airlock, { fromToken: "usdc", toToken: daiAddress, amount: "5" })
    expect(view(airlock)).toMatchObject({ from: { symbol: "USDC" }, to: { symbol: "DAI" }, amount: "5" })
  })

  it("asks the quote once the amount stayed 300 ms, then shows what it gives, its USD values, rate and minimum", async () => {
    const { airlock } = await setup()
    await setSwapAmount(airlock, "0.5")
    // Applied in the call's own tick: a controlled input reads it back at once.
    expect(view(airlock)).toMatchObject({ amount: "0.5", quoteStatus: "pending", toAmount: undefined })
    await airlock.clock.adjust("299 millis")
    expect(view(airlock).quoteStatus).toBe("pending")
    await airlock.clock.adjust("1 millis")
    await until(airlock, (s) => s.swap?.quoteStatus === "success")
    expect(view(airlock)).toMatchObject({
      toAmount: "1000",
      fromValueUsd: "$1,000.00",
      toValueUsd: "$1,000.00",
      rate: "2000",
      priceImpact: 0,
      minimumReceived: "990",
      problem: undefined,
      canPreview: true
    })
  })

  it("debounces typing: one quote, for the last amount", async () => {
    const asked: Array<string> = []
    const { airlock } = await setup({
      swapQuote: (q) => {
        asked.push(q.amount)
        return priced(q)
      }
    })
    for (const amount of ["0", "0.", "0.2", "0.25"]) {
      await setSwapAmount(airlock, amount)
      await airlock.clock.adjust("100 millis")
    }
    await airlock.clock.adjust("300 millis")
    await until(airlock, (s) => s.swap?.quoteStatus === "success")
    expect(asked).toEqual(["250000000000000000"])
    expect(view(airlock).toAmount).toBe("500")
  })

  it("never lets a slow old quote overwrite a newer one", async () => {
    const { airlock } = await setup({
      // The quote for 0.1 takes 5 s; any other answers at once.
      swapQuote: (q) =>
        q.amount === "100000000000000000" ? Effect.as(Effect.sleep("5 seconds"), priced(q)) : priced(q)
    })
    await quotedSlow(airlock)
    await quoted(airlock, "0.2")
    expect(view(airlock).toAmount).toBe("400")
    await airlock.clock.adjust("5 seconds")
    expect(view(airlock)).toMatchObject({ amount: "0.2", toAmount: "400", quoteStatus: "success" })
  })

  it("clears the quote for an empty or zero amount", async () => {
    const { airlock } = await setup()
    await quoted(airlock, "0.5")
    await setSwapAmount(airlock, "")
    expect(view(airlock)).toMatchObject({ quoteStatus: "idle", toAmount: undefined, problem: "enterAmount" })
    await setSwapAmount(airlock, "0.000")
    expect(view(airlock)).toMatchObject({ quoteStatus: "idle", toAmount: undefined, problem: "enterAmount" })
  })

  it("says 'Insufficient balance' above the balance, 'Insufficient liquidity' without a route", async () => {
    const { airlock } = await setup({
      swapQuote: (q) => (q.amount === "2000000000000000000" ? { quotes: [] } : priced(q))
    })
    await quoted(airlock, "1.5")
    expect(view(airlock)).toMatchObject({ problem: "insufficientBalance", canPreview: false })
    await setSwapTokens(airlock, { from: usdcAddress, to: daiAddress })
    await quoted(airlock, "2000000000000")
    expect(view(airlock).problem).toBe("insufficientBalance")
    await setSwapTokens(airlock, { from: native, to: usdcAddress })
    await quoted(airlock, "0.9")
    expect(view(airlock).problem).toBeUndefined()
    const { airlock: dry } = await setup({
      balances: { [fakeAccount]: [{ ...eth, quantity: { decimals: "18", numeric: "3" } }] },
      swapQuote: () => ({ quotes: [] })
    })
    await quoted(dry, "2")
    expect(view(dry)).toMatchObject({ problem: "insufficientLiquidity", canPreview: false, toAmount: undefined })
  })

  it("shows 'Network not supported for Gas Price' when the gas price fails", async () => {
    const { airlock } = await setup({ failGasPrice: true })
    await quoted(airlock, "0.5")
    expect(view(airlock)).toMatchObject({ quoteStatus: "error", canPreview: false })
    expect(errorText(airlock)).toBe("Network not supported for Gas Price")
  })

  it("is 'Network not supported for Swaps' off SPEC §9's networks and off the API's", async () => {
    const { airlock } = await setup({}, { chainId: 11155111 })
    expect(view(airlock).status).toBe("unsupported")
    expect(errorText(airlock)).toBe("Network not supported for Swaps")
    const { airlock: unserved } = await setup({ supportedChains: ["eip155:8453"] })
    expect(view(unserved).status).toBe("unsupported")
    expect(errorText(unserved)).toBe("Network not supported for Swaps")
  })

  it("flips the tokens, the quote's amount becoming the amount; choosing the other side's token swaps them", async () => {
    const { airlock } = await setup()
    await quoted(airlock, "0.5")
    await flipSwap(airlock)
    expect(view(airlock)).toMatchObject({ from: { symbol: "USDC" }, to: { symbol: "ETH" }, amount: "1000" })
    await setSwapTokens(airlock, { to: usdcAddress })
    expect(view(airlock)).toMatchObject({ from: { symbol: "ETH" }, to: { symbol: "USDC" } })
  })

  it("Max: an ERC-20's whole balance; the native coin keeps back 300,000 gas at the standard price", async () => {
    const { airlock } = await setup()
    await swapMax(airlock)
    // 1 ETH - 300,000 × 1 gwei.
    expect(view(airlock).amount).toBe("0.9997")
    await setSwapTokens(airlock, { from: usdcAddress, to: native })
    await swapMax(airlock)
    expect(view(airlock).amount).toBe("100")
  })

  it("keeps the minimum received exact in base units (no floats)", () => {
    expect(minimumOut(1000n)).toBe(990n)
    expect(minimumOut(999n)).toBe(989n)
    expect(minimumOut(123456789012345678901234567890n)).toBe(122222221122222222112222222211n)
  })
})

describe("Swap: preview and execution", () => {
  it("approves then swaps an ERC-20 whose allowance is short, through the wallet, then goes back to Account", async () => {
    const { airlock, wallet, analyticsSent } = await setup()
    await setSwapTokens(airlock, { from: usdcAddress, to: native })
    await quoted(airlock, "10")
    await previewSwap(airlock)
    // The swap is built without its estimate until the approval is final: the fee is the approval's, then the swap's.
    expect(view(airlock)).toMatchObject({ step: "preview", needsApproval: true, fee: "0.00005", feeSymbol: "ETH" })
    await executeSwap(airlock)
    expect(sent(wallet.requests)).toEqual([])
    wallet.answerNext(hash)
    await approveSwap(airlock)
    expect(sent(wallet.requests)).toEqual([
      expect.objectContaining({ from: fakeAccount, to: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", value: "0x0" })
    ])
    expect((sent(wallet.requests)[0] as { data: string }).data.startsWith("0x095ea7b3")).toBe(true)
    expect(view(airlock)).toMatchObject({ step: "preview", needsApproval: false, fee: "0.00015" })
    wallet.answerNext(hash)
    await executeSwap(airlock)
    expect(sent(wallet.requests)[1]).toEqual({
      from: fakeAccount,
      to: "0x1111111254eeb25477b68fb85ed929f73a960582",
      data: "0x12aa3caf",
      value: "0x0",
      gas: "0x249f0"
    })
    await until(airlock, (s) => s.snack !== undefined)
    const state = airlock.getState()
    expect(state.snack?.message).toEqual({
      id: "swap.swapped",
      params: { fromAmount: "10", fromSymbol: "USDC", toAmount: "0.005", toSymbol: "ETH" }
    })
    expect(state.modal).toMatchObject({ open: true, view: "Account" })
    expect(state.swap).toBeUndefined()
    const events = analyticsSent.map((p) => (p as { props?: { event?: string } }).props?.event)
    expect(events).toEqual(expect.arrayContaining(["SWAP_APPROVE_SUCCESS", "INITIATE_SWAP", "SWAP_SUCCESS"]))
  })

  it("swaps the native coin without an approval, its amount as the value", async () => {
    const { airlock, wallet } = await setup()
    await quoted(airlock, "0.5")
    await previewSwap(airlock)
    expect(view(airlock)).toMatchObject({ step: "preview", needsApproval: false, minimumReceived: "990" })
    wallet.answerNext(hash)
    await executeSwap(airlock)
    expect(sent(wallet.requests)).toEqual([expect.objectContaining({ value: "0x6f05b59d3b20000" })])
  })

  it("shows the preview again with 'Transaction rejected in the wallet', the form kept", async () => {
    const { airlock, wallet } = await setup()
    await quoted(airlock, "0.5")
    await previewSwap(airlock)
    wallet.rejectNextRequest()
    await executeSwap(airlock)
    expect(view(airlock)).toMatchObject({ step: "preview", amount: "0.5", toAmount: "1000" })
    expect(errorText(airlock)).toBe("Transaction rejected in the wallet")
    await editSwap(airlock)
    expect(view(airlock)).toMatchObject({ step: "form", amount: "0.5", error: undefined })
  })

  it("shows a reverted swap's words, and a refused approval", async () => {
    const reverting = (adapter: AirlockAdapter): AirlockAdapter => ({
      ...adapter,
      load: async (context) => {
        const implementation = await (adapter.load as NonNullable<AirlockAdapter["load"]>)(context)
        return {
          ...implementation,
          confirmTransfer: async () => {
            throw new Error("The transaction failed on chain")
          }
        }
      }
    })
    const { airlock, wallet } = await setup({}, { adapter: reverting })
    await quoted(airlock, "0.5")
    await previewSwap(airlock)
    wallet.answerNext(hash)
    await executeSwap(airlock)
    expect(view(airlock).step).toBe("preview")
    expect(errorText(airlock)).toBe("The transaction failed on chain")
    const { airlock: refusing, wallet: refuser } = await setup()
    await setSwapTokens(refusing, { from: usdcAddress, to: native })
    await quoted(refusing, "10")
    await previewSwap(refusing)
    refuser.rejectNextRequest()
    await approveSwap(refusing)
    expect(view(refusing)).toMatchObject({ step: "preview", needsApproval: true })
    expect(errorText(refusing)).toBe("Transaction rejected in the wallet")
  })

  it("forgets the swap when the modal leaves Swap", async () => {
    const { airlock } = await setup()
    await quoted(airlock, "0.5")
    airlock.goBack()
    expect(airlock.getState().swap).toBeUndefined()
    expect(view(airlock).status).toBe("idle")
  })
})

/** Types 0.1 (whose quote is slow) and lets its debounce pass, so its request is on its way. */
const quotedSlow = async (airlock: TestAirlockClient) => {
  await setSwapAmount(airlock, "0.1")
  await airlock.clock.adjust("300 millis")
}
