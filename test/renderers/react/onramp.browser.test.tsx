import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { de } from "../../../core/i18n/locales/de.ts"
import { mainnet } from "../../../core/networks/index.ts"
import type { OnrampQuoteBody } from "../../../core/schema/api/onramp.ts"
import { fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// The onramp views through the real flows: a wallet connects (fakeAdapter), the onramp's currencies and quotes come
// from the blockchain API's memory layer (SPEC §7's defaults), the form is filled as a user does.

beforeAll(() => skipAnimations())

/** The sandbox ramp's prices: 1.5 % and 0.10 off, the rest bought 1:1, six decimals. */
const onrampQuote = (body: OnrampQuoteBody) => {
  const total = Number(body.amount)
  const subtotal = (total - total * 0.015 - 0.1).toFixed(2)
  const fiat = (amount: string) => ({ amount, currency: body.paymentCurrency.id })
  return {
    networkFee: fiat("0.10"),
    paymentSubtotal: fiat(subtotal),
    paymentTotal: fiat(total.toFixed(2)),
    purchaseAmount: { amount: Number(subtotal).toFixed(6), currency: body.purchaseCurrency.id },
    quoteId: "q"
  }
}

const setup = async (options: { readonly themeMode?: "light" | "dark"; readonly locale?: typeof de } = {}) => {
  const { adapter } = fakeAdapter()
  const rendered = await renderAirlock({
    themeMode: options.themeMode ?? "light",
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    networks: [mainnet],
    adapters: [adapter],
    blockchainApi: { onrampQuote }
  })
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  return rendered
}

describe("Onramp", () => {
  test("the Account view offers Buy first, in SPEC's order (onramp, swaps, receive, send)", async () => {
    await setup()
    const account = page.getByRole("dialog", { name: "Account" })
    await expect.element(account.getByRole("button", { name: "Buy" })).toBeVisible()
    const features = [...account.element().querySelectorAll(".airlock-feature-button")].map((b) => b.textContent)
    expect(features[0]).toBe("Buy")
  })

  for (const themeMode of ["light", "dark"] as const) {
    test(`the form starts on USDC and USD, quotes the amount, and lists the providers (${themeMode}, axe)`, async () => {
      const { client } = await setup({ themeMode })
      await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Buy" }))
      const dialog = page.getByRole("dialog", { name: "Buy Crypto" })
      await expect.element(dialog.getByLabelText("You buy")).toHaveValue("USDC")
      await expect.element(dialog.getByLabelText("Pay with")).toHaveValue("USD")
      await expect.element(dialog.getByRole("button", { name: "Enter amount" })).toBeDisabled()
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
      await userEvent.fill(dialog.getByLabelText("You pay"), "50")
      await expect.element(dialog.getByTestId("onramp-quote-amount")).toHaveTextContent("You get 49.15 USDC")
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
      await userEvent.click(dialog.getByRole("button", { name: "Continue" }))
      const providers = page.getByRole("dialog", { name: "Choose Provider" })
      await expect.element(providers.getByRole("button", { name: /Meld/ })).toBeVisible()
      expect(client.getState().modal.view).toBe("OnrampProviders")
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
    })
  }

  test("names the card's limit under 10 and over 7,500, and keeps Continue off", async () => {
    await setup()
    await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Buy" }))
    const dialog = page.getByRole("dialog", { name: "Buy Crypto" })
    await userEvent.fill(dialog.getByLabelText("You pay"), "5")
    await expect.element(dialog.getByRole("alert")).toHaveTextContent("The minimum is 10.00 USD")
    await expect.element(dialog.getByTestId("onramp-continue")).toBeDisabled()
    await userEvent.fill(dialog.getByLabelText("You pay"), "8000")
    await expect.element(dialog.getByRole("alert")).toHaveTextContent("The maximum is 7500.00 USD")
    await userEvent.selectOptions(dialog.getByLabelText("Payment method"), "ach_bank_account")
    await expect.element(dialog.getByTestId("onramp-continue")).toBeEnabled()
  })

  test("speaks the visitor's language: every text comes from the catalogue", async () => {
    await setup({ locale: de })
    await userEvent.click(page.getByRole("dialog", { name: "Konto" }).getByRole("button", { name: "Kaufen" }))
    const dialog = page.getByRole("dialog", { name: de.messages["title.Onramp"] })
    await expect.element(dialog.getByLabelText("Sie zahlen")).toBeVisible()
    await expect.element(dialog.getByRole("button", { name: "Betrag eingeben" })).toBeDisabled()
  })
})
