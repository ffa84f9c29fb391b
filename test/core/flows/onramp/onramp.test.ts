import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { base, mainnet } from "../../../../core/networks/index.ts"
import {
  buyWithProvider,
  continueOnramp,
  resetOnramp,
  retryOnramp,
  setOnrampForm,
  startOnramp
} from "../../../../core/onramp/actions.ts"
import { selectTokens } from "../../../../core/resources/tokens.ts"
import type { OnrampOrder, OnrampQuoteBody } from "../../../../core/schema/api/onramp.ts"
import type { TokenBalance } from "../../../../core/schema/token.ts"
import type { BlockchainApiSeed } from "../../../../core/services/BlockchainApi.ts"
import type { AirlockState } from "../../../../core/state/AirlockState.ts"
import { selectOnramp } from "../../../../core/state/onramp.ts"
import { createTestAirlock, fakeAccount, fakeAdapter, type TestAirlockClient } from "../../../../core/testing/index.ts"

// The onramp (core/flows/onramp) through the real client on a TestClock: a wallet connected through fakeAdapter, the
// blockchain API's memory layer answering the onramp calls (SPEC §7) and the order extension.

const usdc = (numeric: string): TokenBalance => ({
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
  price: 1,
  value: Number(numeric),
  quantity: { decimals: "6", numeric }
})

/** A quote like the sandbox ramp's: 1.5 % and 0.10 off, the rest bought 1:1. */
const quoted = (body: OnrampQuoteBody) => {
  const total = Number(body.amount)
  const subtotal = (total - total * 0.015 - 0.1).toFixed(2)
  const fiat = (amount: string) => ({ amount, currency: body.paymentCurrency.id })
  return {
    networkFee: fiat("0.10"),
    paymentSubtotal: fiat(subtotal),
    paymentTotal: fiat(total.toFixed(2)),
    purchaseAmount: { amount: subtotal, currency: body.purchaseCurrency.id },
    quoteId: "q"
  }
}

/** A window the click opened: its location, whether it is closed. */
const fakePopup = () => {
  const popup = {
    closed: false,
    location: { href: "" },
    close: () => {
      popup.closed = true
    }
  }
  return popup
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

const setup = async (seed: Partial<BlockchainApiSeed> = {}) => {
  const { adapter } = fakeAdapter()
  const balances: Record<string, ReadonlyArray<TokenBalance>> = { [fakeAccount]: [usdc("100")] }
  const opened: Array<unknown> = []
  const airlock = createTestAirlock({
    clock: "test",
    networks: [mainnet, base],
    adapters: [adapter],
    blockchainApi: { balances, onrampQuote: quoted, ...seed }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  await airlock.open()
  airlock.push("Onramp")
  await startOnramp(airlock)
  return { airlock, balances, opened }
}

const view = (airlock: TestAirlockClient) => selectOnramp(airlock.getState())
const typed = async (airlock: TestAirlockClient, amount: string) => {
  await setOnrampForm(airlock, { amount })
  await airlock.clock.adjust("300 millis")
  await until(airlock, (s) => s.onramp?.quoteStatus !== "pending")
}
const usdcHeld = (airlock: TestAirlockClient) =>
  selectTokens(airlock.getState(), "eip155").tokens.find((t) => t.symbol === "USDC")?.quantity.numeric

describe("Onramp: the form", () => {
  it("starts on USDC and USD (SPEC §4), with what is sold on the active network and the providers", async () => {
    const { airlock } = await setup()
    expect(view(airlock)).toMatchObject({
      status: "ready",
      step: "form",
      caipNetworkId: "eip155:1",
      purchaseCurrency: { id: "USDC" },
      paymentCurrency: { id: "USD" },
      paymentMethod: "card",
      problem: "enterAmount",
      providers: [{ id: "meld", name: "Meld" }]
    })
    expect(view(airlock).purchaseCurrencies.map((c) => c.id)).toEqual(["USDC", "ETH"])
    expect(view(airlock).paymentMethods).toEqual([
      { id: "card", min: "10.00", max: "7500.00" },
      { id: "ach_bank_account", min: "10.00", max: "25000.00" }
    ])
  })

  it("quotes the amount once it stayed 300 ms", async () => {
    const { airlock } = await setup()
    await setOnrampForm(airlock, { amount: "50" })
    expect(view(airlock)).toMatchObject({ amount: "50", quoteStatus: "pending", canContinue: false })
    await airlock.clock.adjust("300 millis")
    await until(airlock, (s) => s.onramp?.quoteStatus === "success")
    expect(view(airlock)).toMatchObject({
      quote: { purchaseAmount: { amount: "49.15", currency: "USDC" }, paymentTotal: { amount: "50.00" } },
      fees: "0.85",
      problem: undefined,
      canContinue: true
    })
  })

  it("shows a placeholder equal to the input when the quote fails (SPEC §7)", async () => {
    const { airlock } = await setup({ onrampQuote: () => Effect.fail("down") })
    await typed(airlock, "50")
    expect(view(airlock).quote?.purchaseAmount).toEqual({ amount: 50, currency: "USD" })
  })

  it("refuses 5 USD and 8,000 USD by card before the provider opens (SPEC §9's limits)", async () => {
    const calls: Array<string> = []
    const { airlock } = await setup({
      onrampOrder: (id) => {
        calls.push(id)
        return { orderId: id, status: "created" }
      }
    })
    await typed(airlock, "5")
    expect(view(airlock)).toMatchObject({
      problem: "belowMinimum",
      problemLimit: { amount: "10.00", currency: "USD" },
      canContinue: false
    })
    await continueOnramp(airlock)
    expect(airlock.getState().modal.view).toBe("Onramp")
    const popup = fakePopup()
    await buyWithProvider(airlock, "meld", popup as unknown as Window)
    expect(popup).toMatchObject({ closed: true, location: { href: "" } })

    await typed(airlock, "8000")
    expect(view(airlock)).toMatchObject({ problem: "aboveMaximum", problemLimit: { amount: "7500.00" } })
    await buyWithProvider(airlock, "meld", fakePopup() as unknown as Window)
    expect(view(airlock).step).toBe("form")
    // a bank account takes up to 25,000
    await setOnrampForm(airlock, { paymentMethod: "ach_bank_account" })
    expect(view(airlock)).toMatchObject({ problem: undefined, canContinue: true })
    expect(calls).toEqual([])
  })

  it("resets to USDC and USD when the modal leaves the onramp views (SPEC §4)", async () => {
    const { airlock } = await setup()
    await setOnrampForm(airlock, { purchaseCurrency: "ETH" })
    await typed(airlock, "20")
    expect(view(airlock).purchaseCurrency?.id).toBe("ETH")
    airlock.goBack()
    expect(view(airlock).status).toBe("idle")
    airlock.push("Onramp")
    await startOnramp(airlock)
    expect(view(airlock)).toMatchObject({
      purchaseCurrency: { id: "USDC" },
      paymentCurrency: { id: "USD" },
      amount: ""
    })
    await setOnrampForm(airlock, { purchaseCurrency: "ETH" })
    await resetOnramp(airlock)
    expect(view(airlock)).toMatchObject({ purchaseCurrency: { id: "USDC" }, amount: "" })
  })

  it("is unsupported with no account connected", async () => {
    const { airlock } = await setup()
    await airlock.disconnect()
    await airlock.open()
    airlock.push("Onramp")
    await startOnramp(airlock)
    expect(view(airlock).status).toBe("unsupported")
  })
})

describe("Onramp: buying", () => {
  const buy = async (onrampOrder: (id: string, poll: number) => OnrampOrder) => {
    const setupResult = await setup({ onrampOrder })
    const { airlock } = setupResult
    await typed(airlock, "50")
    await continueOnramp(airlock)
    expect(airlock.getState().modal.view).toBe("OnrampProviders")
    const popup = fakePopup()
    await buyWithProvider(airlock, "meld", popup as unknown as Window)
    return { ...setupResult, popup }
  }

  it("opens the provider's page in the popup, follows the order to success, then refetches the balances", async () => {
    // The memory API reads its balances at each call: the purchase arrives with the order's success.
    const arrived: { balances?: Record<string, ReadonlyArray<TokenBalance>> } = {}
    const { airlock, popup, balances } = await buy((orderId, poll) => {
      if (poll < 2) return { orderId, status: poll === 0 ? "created" : "processing" }
      if (arrived.balances !== undefined) arrived.balances[fakeAccount] = [usdc("149.15")]
      return { orderId, status: "success", purchaseAmount: { amount: "49.15", currency: "USDC" } }
    })
    arrived.balances = balances
    expect(popup.location.href).toMatch(/^http:\/\/127\.0\.0\.1\/onramp\?.*order=order-1/)
    expect(airlock.getState().modal.view).toBe("OnrampBuyInProgress")
    expect(view(airlock)).toMatchObject({ step: "following", order: { id: "order-1", provider: "meld" } })
    expect(usdcHeld(airlock)).toBe("100")
    // AppKit's onramp funnel: Buy Crypto opened, then the provider chosen.
    const tracked = airlock.getState().lastEvent
    expect(tracked?.data).toEqual({
      type: "track",
      event: "SELECT_BUY_PROVIDER",
      properties: { provider: "meld", isSmartAccount: false }
    })
    await airlock.clock.adjust("2 seconds")
    expect(view(airlock).order?.status).toBe("processing")
    await airlock.clock.adjust("1 second")
    await until(airlock, () => usdcHeld(airlock) === "149.15")
    expect(view(airlock)).toMatchObject({
      step: "success",
      order: { status: "success", purchaseAmount: { amount: "49.15", currency: "USDC" } }
    })
    expect(popup.closed).toBe(true)
  })

  it("a popup closed before paying cancels the purchase and changes nothing", async () => {
    const { airlock, popup } = await buy((orderId) => ({ orderId, status: "created" }))
    await airlock.clock.adjust("1 second")
    expect(view(airlock).step).toBe("following")
    popup.closed = true
    await airlock.clock.adjust("1 second")
    expect(view(airlock)).toMatchObject({ step: "cancelled", order: { status: "created" } })
    expect(usdcHeld(airlock)).toBe("100")
  })

  it("a failed order says so; Try again goes back to a fresh Buy Crypto form", async () => {
    const { airlock } = await buy((orderId) => ({ orderId, status: "failed", reason: "card declined" }))
    await airlock.clock.adjust("1 second")
    expect(view(airlock)).toMatchObject({ step: "failed", error: { id: "onramp.failed" } })
    await retryOnramp(airlock)
    expect(airlock.getState().modal.view).toBe("Onramp")
    expect(airlock.getState().modal.history.at(-1)).toBe("Onramp")
    expect(airlock.getState().modal.history).not.toContain("OnrampProviders")
    expect(view(airlock)).toMatchObject({
      step: "form",
      amount: "",
      purchaseCurrency: { id: "USDC" },
      order: undefined
    })
  })

  it("gives up after 15 minutes without an end", async () => {
    const { airlock } = await buy((orderId) => ({ orderId, status: "processing" }))
    await airlock.clock.adjust("15 minutes")
    await airlock.clock.adjust("1 second")
    expect(view(airlock).step).toBe("timeout")
  })

  it("stops following when the user leaves the view", async () => {
    const { airlock, popup } = await buy((orderId) => ({ orderId, status: "processing" }))
    await airlock.close()
    await airlock.clock.adjust("1 second")
    expect(view(airlock).status).toBe("idle")
    expect(popup.closed).toBe(true)
  })
})
