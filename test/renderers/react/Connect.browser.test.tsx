import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { Connector } from "../../../core/schema/connector.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { connectedTo, renderAirlock, settled, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

const injected: Connector = { id: "io.metamask", type: "ANNOUNCED", name: "MetaMask", chain: "eip155" }
// Registry wallets show only with a WalletConnect connector, the only way to reach them.
const walletConnect: Connector = { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }
const withWallets = (state: AirlockState): AirlockState => ({
  ...state,
  connectors: [walletConnect, injected],
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
  // Laid out and still, as a user sees it: the tests measure boxes (the social row, the bottom sheet).
  await settled()
  return rendered
}

const texts = (selector: string) => [...document.querySelectorAll(selector)].map((el) => el.getAttribute("aria-label"))

describe("the Connect view", () => {
  test("lists wallet sections in the order WalletConnect, recent, installed, featured, recommended, then All Wallets", async () => {
    await openConnect(withWallets)
    expect(texts("dialog ul[data-part=wallet-list]")).toEqual([
      "WalletConnect",
      "Recent",
      "Installed",
      "Featured",
      "Recommended"
    ])
    const items = [...document.querySelectorAll("dialog .airlock-wallets > *")].map((el) => el.textContent)
    expect(items.at(-1)).toBe("All Wallets600")
  })

  test("a recent wallet's row carries a Recent tag, and only that row", async () => {
    await openConnect(withWallets)
    await expect.element(page.getByRole("button", { name: "Rainbow Recent" })).toBeVisible()
    const tagged = [...document.querySelectorAll("dialog .airlock-tag")].filter((tag) => tag.textContent === "Recent")
    expect(tagged).toHaveLength(1)
  })

  test("a browser wallet used lately shows once, as its Installed row tagged Recent too", async () => {
    await openConnect((state) => ({
      ...withWallets(state),
      wallets: { ...withWallets(state).wallets, recent: [{ id: "io.metamask", name: "MetaMask" }] }
    }))
    await expect.element(page.getByRole("button", { name: "MetaMask Recent Installed" })).toBeVisible()
    expect(texts("dialog ul[data-part=wallet-list]")).not.toContain("Recent")
  })

  test("without a WalletConnect connector there is no All Wallets row: its wallets could not be reached", async () => {
    await openConnect((state) => ({ ...withWallets(state), connectors: [injected] }))
    await expect.element(page.getByRole("button", { name: "MetaMask Installed" })).toBeVisible()
    expect(document.querySelector("dialog .airlock-wallets")?.textContent).not.toContain("All Wallets")
  })

  // Email and social login go through the embedded wallet: without its AUTH connector they are not offered.
  const withAuth = (state: AirlockState): AirlockState => ({
    ...state,
    connectors: [...state.connectors, { id: "AUTH", type: "AUTH", name: "Email", chain: "eip155" }]
  })

  /** The Connect view's parts in the order they show: email, social, wallets, and the "or" dividers between them. */
  const parts = () =>
    [...document.querySelectorAll("dialog .airlock-connect > *")].map((el) =>
      el.matches("form")
        ? "email"
        : el.matches("fieldset")
          ? "social"
          : el.matches(".airlock-wallets")
            ? "wallets"
            : el.matches(".airlock-or")
              ? el.textContent
              : el.className
    )

  test("offers only wallets while the embedded wallet's AUTH connector is absent", async () => {
    await openConnect(withWallets)
    expect(parts()).toEqual(["wallets"])
    expect(document.querySelector("dialog input[type=email]")).toBeNull()
  })

  test("shows the email field, the social logins, then the wallets, an 'or' between each, when no browser wallet is installed", async () => {
    await openConnect((state) => withAuth(withWallets(state)))
    expect(parts()).toEqual(["email", "or", "social", "or", "wallets"])
    const dialog = page.getByRole("dialog", { name: "Connect Wallet" })
    await expect
      .element(dialog.getByRole("textbox", { name: "Email" }))
      .toHaveAttribute("placeholder", "you@example.com")
    // Nothing to submit yet.
    await expect.element(dialog.getByRole("button", { name: "Continue", exact: true })).toBeDisabled()
  })

  test("puts the wallets first when a browser wallet is installed", async () => {
    await openConnect((state) => ({ ...withAuth(withWallets(state)), hasInjectedWallet: true }))
    expect(parts()).toEqual(["wallets", "or", "email", "or", "social"])
  })

  test("the social logins: Google wide with its name, the other six as named square icon buttons in one row, in the app's order", async () => {
    await openConnect((state) => withAuth(withWallets(state)))
    const socials = page.getByRole("group", { name: "Social login" })
    const buttons = [...socials.element().querySelectorAll("button")]
    expect(buttons.map((button) => button.getAttribute("aria-label") ?? button.textContent)).toEqual([
      "Continue with Google",
      ...["X", "Farcaster", "Discord", "Apple", "GitHub", "Facebook"].map((name) => `Continue with ${name}`)
    ])
    const squares = buttons.slice(1).map((button) => button.getBoundingClientRect())
    expect(new Set(squares.map((rect) => Math.round(rect.top))).size).toBe(1)
    for (const rect of squares) expect(Math.abs(rect.width - rect.height)).toBeLessThan(12)
    expect(buttons[0]!.getBoundingClientRect().width).toBeGreaterThan(squares[0]!.width * 4)
    // A square opens its login: Farcaster's is its own view.
    await userEvent.click(socials.getByRole("button", { name: "Continue with Farcaster" }))
    await expect.element(page.getByRole("dialog", { name: "Farcaster" })).toBeVisible()
  })

  test("at 390 × 800 (the bottom sheet), email, seven social logins and a few wallets show without scrolling", async () => {
    await page.viewport(390, 800)
    try {
      await openConnect((state) => withAuth(withWallets(state)))
      const view = document.querySelector("dialog .airlock-view") as HTMLElement
      const firstWallet = document.querySelector("dialog .airlock-wallets button") as HTMLElement
      const visible = view.getBoundingClientRect()
      expect(firstWallet.getBoundingClientRect().bottom).toBeLessThanOrEqual(Math.min(visible.bottom, 800))
      // Recent, Installed, Featured, Recommended and All Wallets: the whole view fits, nothing to scroll to.
      expect(view.scrollHeight).toBeLessThanOrEqual(view.clientHeight)
    } finally {
      await page.viewport(414, 896)
    }
  })

  test("on a 320 px wide phone the row ends in a More button that shows the other logins in place, the focus on the first", async () => {
    await page.viewport(320, 640)
    try {
      await openConnect((state) => withAuth(withWallets(state)))
      const socials = page.getByRole("group", { name: "Social login" })
      const more = socials.getByRole("button", { name: "More social logins" })
      await expect.element(more).toBeVisible()
      await settled()
      const row = () => [...socials.element().querySelectorAll("ul button")]
      // Every button of the row on one line, inside the card.
      const card = (document.querySelector("dialog") as HTMLElement).getBoundingClientRect()
      expect(new Set(row().map((button) => Math.round(button.getBoundingClientRect().top))).size).toBe(1)
      for (const button of row()) expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(card.right)
      const before = row().length - 1
      expect(before).toBeLessThan(6)
      await userEvent.click(more)
      await expect.element(socials.getByRole("button", { name: "Continue with Facebook" })).toBeVisible()
      expect(row().map((button) => button.getAttribute("aria-label"))).toEqual(
        ["X", "Farcaster", "Discord", "Apple", "GitHub", "Facebook"].map((name) => `Continue with ${name}`)
      )
      expect(document.activeElement).toBe(row()[before])
    } finally {
      await page.viewport(414, 896)
    }
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
