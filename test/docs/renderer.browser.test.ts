/**
 * docs/headless.md's "Build your own renderer" block, run as written in Chromium: vitest.config.ts serves the
 * ```ts renderer block as `virtual:docs/headless-renderer` (its `airlock-kit/*` imports resolve to the sources), and a
 * user goes through it on a client of `airlock-kit/testing` with a fake wallet: Connect, connected, Account, Disconnect,
 * Escape.
 */

import { docsBlock, mountAirlock } from "virtual:docs/headless-renderer"
import { createTestAirlock, fakeAccount, fakeAdapter, type TestAirlockClient } from "airlock-kit/testing"
import { afterEach, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"

const eth = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 2000,
  quantity: { decimals: "18", numeric: "1.25" }
}

let cleanup: Array<() => unknown> = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

/** A ready test client with one fake browser wallet, with the docs' renderer mounted into the page. */
const mounted = async () => {
  const { adapter, wallet } = fakeAdapter()
  const client: TestAirlockClient = createTestAirlock({
    adapters: [adapter],
    blockchainApi: { balances: { [fakeAccount]: [eth] } }
  })
  await client.ready
  const unmount = mountAirlock(document.body, client)
  cleanup.push(() => client.destroy(), unmount)
  return { client, wallet, button: page.getByRole("button", { name: "Connect Wallet" }) }
}

const truncated = "0x52...169EE7"

describe("the renderer of docs/headless.md", () => {
  test("is the docs' ```ts renderer block", () => {
    expect(docsBlock.file).toBe("docs/headless.md")
    expect(docsBlock.line).toBeGreaterThan(0)
    expect(mountAirlock).toBeTypeOf("function")
  })

  test("Connect, connected, Account, Disconnect", async () => {
    const { client, wallet, button } = await mounted()
    await userEvent.click(button)
    const connect = page.getByRole("dialog", { name: "Connect Wallet" })
    await expect.element(connect).toBeVisible()
    await expect.element(connect.getByRole("list", { name: "Installed" })).toBeVisible()

    await userEvent.click(connect.getByRole("button", { name: "Test Wallet" }))
    // Connected: core closed the modal, the button shows the account, the focus is back on it.
    await expect.element(page.getByRole("button", { name: truncated })).toBeVisible()
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(client.getState().accounts.eip155).toMatchObject({ status: "connected", address: fakeAccount })
    expect(client.getState().modal.open).toBe(false)
    expect(document.activeElement?.textContent).toBe(truncated)

    await userEvent.click(page.getByRole("button", { name: truncated }))
    const account = page.getByRole("dialog", { name: "Account" })
    await expect.element(account).toBeVisible()
    await expect.element(account.getByText(fakeAccount)).toBeVisible()
    await expect.element(account.getByText("1.25 ETH")).toBeVisible()

    await userEvent.click(account.getByRole("button", { name: "Disconnect" }))
    await expect.element(page.getByRole("button", { name: "Connect Wallet" })).toBeVisible()
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(client.getState().accounts.eip155.status).toBe("disconnected")
    expect(wallet.disconnects()).toBe(1)
  })

  test("Escape and the Close button close the dialog through the client, the focus back on the button", async () => {
    const { client, button } = await mounted()
    await userEvent.click(button)
    await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
    expect(document.querySelector("dialog")?.contains(document.activeElement)).toBe(true)
    await userEvent.keyboard("{Escape}")
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(client.getState().modal.open).toBe(false)
    expect(document.activeElement).toBe(button.element())

    await userEvent.click(button)
    await userEvent.click(page.getByRole("button", { name: "Close" }))
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(client.getState().modal.open).toBe(false)
  })

  test("unmounting removes the button and the dialog", async () => {
    const { client } = await mounted()
    await client.open()
    await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
    cleanup.pop()?.()
    expect(document.querySelector("dialog")).toBeNull()
    expect(document.documentElement.hasAttribute("data-airlock-scroll-lock")).toBe(false)
  })
})
