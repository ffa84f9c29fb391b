import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { defineNetwork, mainnet } from "../../../core/networks/index.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { NetworkButton } from "../../../renderers/react/index.ts"
import { renderAirlock, settled, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

/** Connect with the embedded wallet (so the social logins show) and the WalletConnect connector's row. */
const withSocialsAndWalletConnect = (state: AirlockState): AirlockState => ({
  ...state,
  connectors: [
    ...state.connectors,
    { id: "AUTH", type: "AUTH", name: "Email", chain: "eip155" },
    { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }
  ]
})

const openConnect = async (themeMode: "light" | "dark" = "light") => {
  const rendered = await renderAirlock({ themeMode, state: withSocialsAndWalletConnect })
  await userEvent.click(rendered.button)
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  return rendered
}

/** The logo drawn inside the button named `name`. */
const logoIn = (name: string) => page.getByRole("button", { name }).element().querySelector("svg")

describe("brand logos", () => {
  test("each social login button draws its own logo, hidden from assistive technology (Google's is not GitHub's)", async () => {
    await openConnect()
    const names = ["Google", "X", "Farcaster", "Discord", "Apple", "GitHub", "Facebook"]
    const logos = names.map((name) => logoIn(`Continue with ${name}`))
    for (const [i, logo] of logos.entries()) {
      expect(logo, names[i]).not.toBeNull()
      expect(logo?.closest("[aria-hidden=true]"), names[i]).not.toBeNull()
      expect(logo?.querySelectorAll("path").length, names[i]).toBeGreaterThan(0)
    }
    const drawn = logos.map((logo) => logo?.innerHTML)
    expect(new Set(drawn).size).toBe(names.length)
    expect(logoIn("Continue with Google")?.innerHTML).not.toBe(logoIn("Continue with GitHub")?.innerHTML)
    // The buttons keep their names: the logo adds no text.
    await expect.element(page.getByRole("button", { name: "Continue with GitHub" })).toBeVisible()
  })

  test("the WalletConnect row, whose connector has no image, draws WalletConnect's logo instead of a letter", async () => {
    await openConnect()
    const row = page.getByRole("button", { name: /^WalletConnect/ })
    const logo = row.element().querySelector("svg[data-brand=walletConnect]")
    expect(logo).not.toBeNull()
    expect(logo?.getAttribute("aria-hidden")).toBe("true")
    expect(row.element().querySelector("[data-part=wallet-image]")?.textContent ?? "").not.toBe("W")
  })

  test("a network without an image shows its logo; one Airlock has no logo for keeps its letter", async () => {
    const anvil = defineNetwork({
      id: 31337,
      name: "Anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } }
    })
    const { client } = await renderAirlock({ networks: [mainnet, anvil] }, <NetworkButton />)
    const button = page.getByRole("button", { name: "Ethereum" })
    // The network logos arrive as a chunk of their own; the letter shows meanwhile.
    await expect
      .poll(() => button.element().querySelector("svg.airlock-network-icon")?.getAttribute("data-brand"))
      .toBe("eip155:1")
    expect(button.element().querySelector("svg")?.getAttribute("aria-hidden")).toBe("true")
    await expect.element(button).toHaveAccessibleName("Ethereum")
    client.setState((state) => ({ ...state, activeNetworks: { ...state.activeNetworks, eip155: anvil } }))
    const other = page.getByRole("button", { name: "Anvil" })
    await expect.poll(() => other.element().querySelector(".airlock-network-icon")?.textContent).toBe("A")
    expect(other.element().querySelector("svg")).toBeNull()
  })

  for (const themeMode of ["light", "dark"] as const) {
    test(`the Connect view with its logos, in ${themeMode} (screenshot)`, async () => {
      await openConnect(themeMode)
      expect(logoIn("Continue with Apple")).not.toBeNull()
      await settled()
      await page.screenshot({ path: `../../../.vitest/brands/connect-${themeMode}.png` })
    })
  }
})
