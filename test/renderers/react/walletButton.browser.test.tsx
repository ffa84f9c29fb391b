import { describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { render } from "vitest-browser-react"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { AirlockProvider, useAirlockWallets, WalletButton } from "../../../renderers/react/index.ts"

// <WalletButton /> and useAirlockWallets in Chromium on a test client with a fake browser wallet: no modal opens.

const metamask = () =>
  fakeAdapter({ connector: { id: "io.metamask", name: "MetaMask", type: "ANNOUNCED", info: { rdns: "io.metamask" } } })

const List = () => {
  const { wallets, connect } = useAirlockWallets()
  return (
    <ul aria-label="Wallets">
      {wallets.map((row) => (
        <li key={row.id}>
          <button type="button" data-kind={row.kind} onClick={() => void connect(row).catch(() => undefined)}>
            {row.name}
          </button>
        </li>
      ))}
    </ul>
  )
}

describe("WalletButton", () => {
  test("shows the wallet's name, connects it with no modal, and reads connected", async () => {
    const { adapter, wallet } = metamask()
    const client = createTestAirlock({ adapters: [adapter] })
    await client.ready
    await render(
      <AirlockProvider client={client}>
        <WalletButton wallet="io.metamask" />
      </AirlockProvider>
    )
    const button = page.getByRole("button", { name: "MetaMask" })
    await expect.element(button).toHaveAttribute("data-state", "idle")
    const release = wallet.holdNextConnect()
    await userEvent.click(button)
    await expect.element(page.getByRole("button", { name: "Connecting..." })).toBeDisabled()
    release()
    await expect.element(page.getByRole("button", { name: "MetaMask" })).toHaveAttribute("data-state", "connected")
    expect(client.getState().accounts.eip155).toMatchObject({ status: "connected", address: fakeAccount })
    expect(client.getState().modal.open).toBe(false)
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    await client.destroy()
  })

  test("a refusal is said under the button; the next press tries again", async () => {
    const { adapter, wallet } = metamask()
    const client = createTestAirlock({ adapters: [adapter] })
    await client.ready
    await render(
      <AirlockProvider client={client}>
        <WalletButton wallet="MetaMask" />
      </AirlockProvider>
    )
    wallet.rejectNextConnect()
    await userEvent.click(page.getByRole("button", { name: "MetaMask" }))
    await expect.element(page.getByRole("status")).toHaveTextContent("Connection rejected")
    await userEvent.click(page.getByRole("button", { name: "MetaMask" }))
    await expect.element(page.getByRole("status")).not.toBeInTheDocument()
    await expect.poll(() => client.getState().accounts.eip155.status).toBe("connected")
    await client.destroy()
  })

  test("a wallet nothing here can connect is disabled", async () => {
    const client = createTestAirlock({ adapters: [metamask().adapter] })
    await client.ready
    await render(
      <AirlockProvider client={client}>
        <WalletButton wallet="rainbow" />
        <WalletButton email />
      </AirlockProvider>
    )
    await expect.element(page.getByRole("button", { name: "rainbow" })).toBeDisabled()
    await expect.element(page.getByRole("button", { name: "Continue with Email" })).toBeDisabled()
    await client.destroy()
  })
})

describe("useAirlockWallets", () => {
  test("lists the installed wallet and connects the row pressed", async () => {
    const client = createTestAirlock({ adapters: [metamask().adapter] })
    await client.ready
    await render(
      <AirlockProvider client={client}>
        <List />
      </AirlockProvider>
    )
    const row = page.getByRole("list", { name: "Wallets" }).getByRole("button", { name: "MetaMask" })
    await expect.element(row).toHaveAttribute("data-kind", "installed")
    await userEvent.click(row)
    await expect.poll(() => client.getState().activeConnectorIds.eip155).toBe("io.metamask")
    expect(client.getState().modal.open).toBe(false)
    await client.destroy()
  })
})
