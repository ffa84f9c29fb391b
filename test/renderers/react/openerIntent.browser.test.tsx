import { beforeEach, describe, expect, test, vi } from "vitest"
import { page, userEvent } from "vitest/browser"
import { render } from "vitest-browser-react"
import { AccountButton, AirlockProvider, ConnectButton, NetworkButton } from "../../../renderers/react/index.ts"
import { preloadModal } from "../../../renderers/react/modal/load.ts"
import { connectedTo, readyAirlock, skipAnimations } from "./setup.tsx"

// Counts the buttons' requests to fetch the modal early; the real loader still runs behind the spy.
vi.mock(import("../../../renderers/react/modal/load.ts"), async (original) => {
  const actual = await original()
  return { ...actual, preloadModal: vi.fn(actual.preloadModal) }
})

const address = "0x1234567890abcdef1234567890abcdef12345678"

beforeEach(async () => {
  skipAnimations()
  // The pointer rests where the last test left it; move it off any button before this one renders.
  await userEvent.unhover(document.body)
  vi.mocked(preloadModal).mockClear()
})

const renderButtons = async () => {
  const client = await readyAirlock()
  client.setState((state) => {
    const connected = connectedTo(address)(state)
    const eip155 = { ...connected.accounts.eip155, balance: "1.5", balanceSymbol: "ETH" }
    return { ...connected, accounts: { ...connected.accounts, eip155 } }
  })
  await render(
    // "interaction": no idle preload, so every call below comes from the button the user reached.
    <AirlockProvider client={client} preload="interaction">
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </AirlockProvider>
  )
  return client
}

// ConnectButton (connected: the address), AccountButton (balance and address), NetworkButton (the network's name).
const buttons = [
  ["ConnectButton", () => page.getByRole("button", { name: "0x12...345678", exact: true })],
  ["AccountButton", () => page.getByRole("button", { name: "1.5 ETH 0x12...345678" })],
  ["NetworkButton", () => page.getByRole("button", { name: "Ethereum" })]
] as const

describe("every opener button fetches the modal's code on the user's first sign of intent", () => {
  test.each(buttons)("%s: on hover", async (_name, locate) => {
    await renderButtons()
    await expect.element(locate()).toBeVisible()
    expect(preloadModal).not.toHaveBeenCalled()
    await userEvent.hover(locate())
    expect(preloadModal).toHaveBeenCalled()
  })

  test.each(buttons)("%s: on keyboard focus", async (_name, locate) => {
    await renderButtons()
    await expect.element(locate()).toBeVisible()
    expect(preloadModal).not.toHaveBeenCalled()
    ;(locate().element() as HTMLElement).focus()
    expect(preloadModal).toHaveBeenCalled()
  })
})
