import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { Connector } from "../../../core/schema/connector.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { connectedTo, renderAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

const injected: Connector = { id: "io.metamask", type: "ANNOUNCED", name: "MetaMask", chain: "eip155" }
const withWallets = (state: AirlockState): AirlockState => ({
  ...state,
  connectors: [injected],
  wallets: {
    ...state.wallets,
    recent: [{ id: "rainbow", name: "Rainbow" }],
    featured: [{ id: "trust", name: "Trust Wallet" }],
    recommended: [{ id: "zerion", name: "Zerion" }],
    count: 600
  }
})

const openConnect = async (state: (state: AirlockState) => AirlockState) => {
  const rendered = await renderAirlock({ state })
  await userEvent.click(rendered.button)
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  return rendered
}

const texts = (selector: string) => [...document.querySelectorAll(selector)].map((el) => el.getAttribute("aria-label"))

describe("the Connect view", () => {
  test("lists wallet sections in the order recent, installed, featured, recommended, then All Wallets", async () => {
    await openConnect(withWallets)
    expect(texts("dialog ul[data-part=wallet-list]")).toEqual(["Recent", "Installed", "Featured", "Recommended"])
    const items = [...document.querySelectorAll("dialog .airlock-wallets > *")].map((el) => el.textContent)
    expect(items.at(-1)).toBe("All Wallets600")
  })

  test("a recent wallet's row carries a Recent tag, and only that row", async () => {
    await openConnect(withWallets)
    await expect.element(page.getByRole("button", { name: "Rainbow Recent" })).toBeVisible()
    const tagged = [...document.querySelectorAll("dialog .airlock-tag")].filter((tag) => tag.textContent === "Recent")
    expect(tagged).toHaveLength(1)
  })

  // Email and social login go through the embedded wallet: without its AUTH connector they are not offered.
  const withAuth = (state: AirlockState): AirlockState => ({
    ...state,
    connectors: [...state.connectors, { id: "AUTH", type: "AUTH", name: "Email", chain: "eip155" }]
  })

  test("offers only wallets while the embedded wallet's AUTH connector is absent", async () => {
    await openConnect(withWallets)
    const buttons = [...document.querySelectorAll("dialog .airlock-connect button")].map((el) => el.textContent)
    expect(buttons).not.toContain("Continue with Email")
    expect(buttons).not.toContain("Continue with Google")
  })

  test("shows email, social, then wallet when no browser wallet is installed", async () => {
    await openConnect((state) => withAuth(withWallets(state)))
    const buttons = [...document.querySelectorAll("dialog .airlock-connect button")].map((el) => el.textContent)
    expect(buttons[0]).toBe("Continue with Email")
    expect(buttons[1]).toBe("Continue with Google")
    expect(buttons.indexOf("Continue with Email")).toBeLessThan(buttons.indexOf("RRainbowRecent"))
  })

  test("puts the wallets first when a browser wallet is installed", async () => {
    await openConnect((state) => ({ ...withAuth(withWallets(state)), hasInjectedWallet: true }))
    const buttons = [...document.querySelectorAll("dialog .airlock-connect button")].map((el) => el.textContent)
    expect(buttons.indexOf("RRainbowRecent")).toBeLessThan(buttons.indexOf("Continue with Email"))
  })

  test("an installed wallet is marked Installed and opens its connecting view, titled with its name", async () => {
    const { client } = await openConnect(withWallets)
    await userEvent.click(page.getByRole("button", { name: "MetaMask Installed" }))
    expect(client.getState().modal.view).toBe("ConnectingExternal")
    await expect.element(page.getByRole("dialog", { name: "MetaMask" })).toBeVisible()
  })

  // All Wallets is proven through the real flow against the sandbox's registry: test/e2e/allWallets.test.ts.
})

describe("the Account view", () => {
  test("arrow keys move between the Tokens, NFTs and Activity tabs", async () => {
    const rendered = await renderAirlock({ state: connectedTo("0x1234567890abcdef1234567890abcdef12345678") })
    await userEvent.click(rendered.button)
    const tokens = page.getByRole("tab", { name: "Tokens" })
    await expect.element(tokens).toHaveAttribute("aria-selected", "true")
    await userEvent.click(tokens)
    await userEvent.keyboard("{ArrowRight}")
    await expect.element(page.getByRole("tab", { name: "NFTs" })).toHaveAttribute("aria-selected", "true")
    expect(document.activeElement?.textContent).toBe("NFTs")
    await expect.element(page.getByRole("tabpanel", { name: "NFTs" })).toHaveTextContent("No NFTs yet")
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}")
    await expect.element(page.getByRole("tab", { name: "Activity" })).toHaveAttribute("aria-selected", "true")
  })
})
