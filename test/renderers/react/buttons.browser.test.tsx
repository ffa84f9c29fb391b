import { beforeAll, describe, expect, test, vi } from "vitest"
import { page, userEvent } from "vitest/browser"
import { render } from "vitest-browser-react"
import { createAirlock } from "../../../core/client/createAirlock.ts"
import { mainnet } from "../../../core/networks/index.ts"
import { AccountButton, AirlockProvider, ConnectButton, NetworkButton } from "../../../renderers/react/index.ts"
import { connectedTo, readyAirlock, renderAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

const address = "0x1234567890abcdef1234567890abcdef12345678"

describe("ConnectButton", () => {
  test("reads Connect Wallet while disconnected", async () => {
    const { button } = await renderAirlock()
    expect(button.textContent).toBe("Connect Wallet")
    expect(button.dataset.state).toBe("disconnected")
  })

  test("shows the connected address as its first 4 and last 6 characters and opens Account", async () => {
    const { button, client } = await renderAirlock({ state: connectedTo(address) })
    expect(button.textContent).toBe("0x12...345678")
    await userEvent.click(button)
    await expect.element(page.getByRole("dialog", { name: "Account" })).toBeVisible()
    await expect.element(page.getByRole("dialog").getByText("0x12...345678")).toBeVisible()
    expect(client.getState().modal.view).toBe("Account")
  })

  test("follows a connection made while it is on screen", async () => {
    const { button, client } = await renderAirlock()
    client.setState(connectedTo(address))
    await expect.poll(() => button.textContent).toBe("0x12...345678")
  })

  test("Disconnect on Account disconnects and the button reads Connect Wallet again", async () => {
    const { button } = await renderAirlock({ state: connectedTo(address) })
    await userEvent.click(button)
    await userEvent.click(page.getByRole("button", { name: "Disconnect" }))
    await expect.poll(() => button.textContent).toBe("Connect Wallet")
  })
})

describe("AccountButton", () => {
  test("renders nothing until an account is connected, then its balance floored to 3 decimals and short address", async () => {
    const { client } = await renderAirlock({}, <AccountButton />)
    expect(document.querySelectorAll("button.airlock-button")).toHaveLength(1)
    client.setState((state) => {
      const connected = connectedTo(address)(state)
      return {
        ...connected,
        accounts: {
          ...connected.accounts,
          eip155: { ...connected.accounts.eip155, balance: "1.23999", balanceSymbol: "ETH" }
        }
      }
    })
    await expect.element(page.getByRole("button", { name: "1.239 ETH 0x12...345678" })).toBeVisible()
  })
})

describe("NetworkButton", () => {
  test("shows the network's icon when it has a safe one, else its logo", async () => {
    const { client } = await renderAirlock({}, <NetworkButton />)
    const button = page.getByRole("button", { name: "Ethereum" }).element()
    await expect
      .poll(() => button.querySelector("svg.airlock-network-icon")?.getAttribute("data-brand"))
      .toBe("eip155:1")
    const icon = "data:image/png;base64,iVBORw0KGgo="
    client.setState((state) => {
      const active = state.activeNetworks.eip155
      if (active === undefined) return state
      const withIcon = { ...active, assets: { imageUrl: icon } }
      return { ...state, activeNetworks: { ...state.activeNetworks, eip155: withIcon } }
    })
    await expect.poll(() => button.querySelector("img.airlock-network-icon")?.getAttribute("src")).toBe(icon)
    client.setState((state) => {
      const active = state.activeNetworks.eip155
      if (active === undefined) return state
      const hostile = { ...active, assets: { imageUrl: "javascript:alert(1)" } }
      return { ...state, activeNetworks: { ...state.activeNetworks, eip155: hostile } }
    })
    await expect.poll(() => button.querySelector("img")).toBeNull()
  })

  test("shows the active network and opens the network list", async () => {
    const { client } = await renderAirlock({}, <NetworkButton />)
    await userEvent.click(page.getByRole("button", { name: "Ethereum" }))
    await expect.element(page.getByRole("dialog", { name: "Choose Network" })).toBeVisible()
    expect(client.getState().modal.view).toBe("Networks")
  })
})

describe("a client that cannot work", () => {
  test("invalid options: the button is disabled, names the reason, and a click throws nothing", async () => {
    const errors: unknown[] = []
    const onError = (event: PromiseRejectionEvent) => errors.push(event.reason)
    window.addEventListener("unhandledrejection", onError)
    const warn = vi.spyOn(console, "error").mockImplementation(() => undefined)
    try {
      const client = createAirlock({
        networks: [mainnet],
        // A number where a string belongs: the options decode refuses it.
        projectId: 42 as unknown as string,
        endpoints: { walletApi: "http://127.0.0.1:9", blockchainApi: "http://127.0.0.1:9" }
      })
      await client.ready.catch(() => undefined)
      const screen = await render(
        <AirlockProvider client={client}>
          <ConnectButton />
        </AirlockProvider>
      )
      const button = page.getByRole("button", { name: "Connect Wallet" })
      await expect.element(button).toBeDisabled()
      const reason = client.getState().error?.message
      expect(reason).toBeTruthy()
      await expect.element(button).toHaveAccessibleDescription(reason as string)
      screen.container.querySelector("button")?.click()
      await new Promise((resolve) => requestAnimationFrame(resolve))
      expect(document.querySelector("dialog[open]")).toBeNull()
      expect(client.getState().modal.open).toBe(false)
      expect(errors).toEqual([])
      await client.destroy()
    } finally {
      window.removeEventListener("unhandledrejection", onError)
      warn.mockRestore()
    }
  })

  test("a destroyed client disables its buttons", async () => {
    const { client } = await renderAirlock()
    await client.destroy()
    await expect.element(page.getByRole("button", { name: "Connect Wallet" })).toBeDisabled()
  })
})

describe("the buttons' look", () => {
  test("use the theme's sans-serif font even on a serif page", async () => {
    document.body.style.fontFamily = "serif"
    try {
      const { button } = await renderAirlock()
      expect(getComputedStyle(button).fontFamily).toContain("system-ui")
    } finally {
      document.body.style.fontFamily = ""
    }
  })

  test("the dark theme's focus ring has at least 3:1 contrast with the dark background", async () => {
    const client = await readyAirlock({ themeMode: "dark" })
    await render(
      <AirlockProvider client={client}>
        <ConnectButton />
      </AirlockProvider>
    )
    const button = document.querySelector("button.airlock-button") as HTMLButtonElement
    await expect.poll(() => button.dataset.theme).toBe("dark")
    const style = getComputedStyle(button)
    const ring = style.getPropertyValue("--airlock-focus-ring").trim()
    const background = style.getPropertyValue("--airlock-color-bg").trim()
    expect(contrast(ring, background)).toBeGreaterThanOrEqual(3)
  })
})

/** WCAG contrast ratio of two #rrggbb colours. */
const contrast = (a: string, b: string): number => {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}

describe("the Account view", () => {
  test("shows the short address, the floored balance, the network, an explorer link, and copies the address", async () => {
    const write = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined)
    // Opening Account refreshes the account's data: the blockchain API answers with the balance the view shows.
    const { button } = await renderAirlock({
      blockchainApi: {
        balances: {
          [address]: [
            {
              name: "Ether",
              symbol: "ETH",
              chainId: "eip155:1",
              price: 0,
              quantity: { decimals: "18", numeric: "1.23999" }
            }
          ]
        }
      },
      state: connectedTo(address)
    })
    await userEvent.click(button)
    const account = page.getByRole("dialog", { name: "Account" })
    await expect.element(account.getByText("0x12...345678")).toBeVisible()
    await expect.element(account.getByText("1.239 ETH").first()).toBeVisible()
    await expect.element(account.getByRole("button", { name: "Ethereum" })).toBeVisible()
    const explorer = account.getByRole("link", { name: "Block Explorer" }).element() as HTMLAnchorElement
    expect(explorer.href).toBe(`https://etherscan.io/address/${address}`)
    expect(explorer.rel).toBe("noopener noreferrer")
    await userEvent.click(account.getByRole("button", { name: "Copy address" }))
    expect(write).toHaveBeenCalledWith(address)
    await expect.element(page.getByRole("status").filter({ hasText: "Address copied" })).toBeVisible()
    write.mockRestore()
  })

  test("the network entry opens the network list", async () => {
    const { button } = await renderAirlock({ state: connectedTo(address) })
    await userEvent.click(button)
    await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Ethereum" }))
    await expect.element(page.getByRole("dialog", { name: "Choose Network" })).toBeVisible()
    await expect
      .element(page.getByRole("list", { name: "Networks" }).getByRole("button", { name: /Ethereum/ }))
      .toHaveAttribute("aria-current", "true")
  })
})
