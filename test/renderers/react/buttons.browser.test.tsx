import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { AccountButton, NetworkButton } from "../../../renderers/react/index.ts"
import { connectedTo, renderAirlock, skipAnimations } from "./setup.tsx"

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
    expect(button.textContent).toBe("0x12…345678")
    await userEvent.click(button)
    await expect.element(page.getByRole("dialog", { name: "Account" })).toBeVisible()
    await expect.element(page.getByText(address)).toBeVisible()
    expect(client.getState().modal.view).toBe("Account")
  })

  test("follows a connection made while it is on screen", async () => {
    const { button, client } = await renderAirlock()
    client.setState(connectedTo(address))
    await expect.poll(() => button.textContent).toBe("0x12…345678")
  })

  test("Disconnect on Account disconnects and the button reads Connect Wallet again", async () => {
    const { button } = await renderAirlock({ state: connectedTo(address) })
    await userEvent.click(button)
    await userEvent.click(page.getByRole("button", { name: "Disconnect" }))
    await expect.poll(() => button.textContent).toBe("Connect Wallet")
  })
})

describe("AccountButton", () => {
  test("renders nothing until an account is connected, then its balance and short address", async () => {
    const { client } = await renderAirlock({}, <AccountButton />)
    expect(document.querySelectorAll("button.airlock-button")).toHaveLength(1)
    client.setState((state) => {
      const connected = connectedTo(address)(state)
      return {
        ...connected,
        accounts: {
          ...connected.accounts,
          eip155: { ...connected.accounts.eip155, balance: "1.5", balanceSymbol: "ETH" }
        }
      }
    })
    await expect.element(page.getByRole("button", { name: "1.5 ETH 0x12…345678" })).toBeVisible()
  })
})

describe("NetworkButton", () => {
  test("shows the active network and opens the network list", async () => {
    const { client } = await renderAirlock({}, <NetworkButton />)
    await userEvent.click(page.getByRole("button", { name: "Ethereum" }))
    await expect.element(page.getByRole("dialog", { name: "Choose Network" })).toBeVisible()
    expect(client.getState().modal.view).toBe("Networks")
  })
})
