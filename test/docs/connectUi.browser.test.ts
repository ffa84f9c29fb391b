/**
 * docs/headless.md's "A custom connect UI" block, run as written in Chromium: vitest.config.ts serves the ```ts browser
 * connect-ui block as `virtual:docs/headless-connect-ui`, and a user goes through it on a client of
 * `airlock-kit/testing`: a wallet button connects a browser wallet with no modal; a registry wallet of the list
 * connects through WalletConnect, its pairing URI and links shown; the search narrows the list.
 */

import { docsBlock, mountConnectUi } from "virtual:docs/headless-connect-ui"
import type { AirlockAdapter, WalletListing } from "airlock-kit"
import { createTestAirlock, fakeAccount, fakeAdapter, type TestAirlockClient } from "airlock-kit/testing"
import { afterEach, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"

let cleanup: Array<() => unknown> = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

const registry: ReadonlyArray<WalletListing> = [
  { id: "rainbow", name: "Rainbow", rdns: "me.rainbow", webapp_link: "https://rainbow.example" },
  { id: "trust", name: "Trust Wallet", rdns: "com.trustwallet.app" },
  ...Array.from({ length: 50 }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}` }))
]

/** WalletConnect's connector over a wallet that offers a pairing, then waits until the test lets it approve. */
const walletConnect = () => {
  const fake = fakeAdapter({ connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" } })
  let approve = () => {}
  const approved = new Promise<void>((resolve) => {
    approve = resolve
  })
  const adapter: AirlockAdapter = {
    ...fake.adapter,
    load: async (context) => {
      const implementation = await fake.adapter.load!(context)
      const connect = implementation.connect!
      return {
        ...implementation,
        connect: async (args) => {
          args.onUri?.("wc:0123@2?relay-protocol=irn")
          await approved
          return connect(args)
        }
      }
    }
  }
  return { adapter, approve }
}

const mounted = async () => {
  const browser = fakeAdapter({
    connector: { id: "io.metamask", name: "MetaMask", type: "ANNOUNCED", info: { rdns: "io.metamask" } }
  })
  const wc = walletConnect()
  const client: TestAirlockClient = createTestAirlock({
    adapters: [browser.adapter, wc.adapter],
    walletApi: { wallets: registry }
  })
  await client.ready
  const root = document.body.appendChild(document.createElement("main"))
  const unmount = mountConnectUi(root, client)
  cleanup.push(
    () => client.destroy(),
    unmount,
    () => root.remove()
  )
  return { client, approve: wc.approve }
}

describe("the custom connect UI of docs/headless.md", () => {
  test("is the docs' ```ts browser connect-ui block", () => {
    expect(docsBlock.file).toBe("docs/headless.md")
    expect(docsBlock.line).toBeGreaterThan(0)
  })

  test("a wallet button connects the browser wallet, with no modal", async () => {
    const { client } = await mounted()
    await userEvent.click(page.getByRole("button", { name: "MetaMask" }).first())
    await expect.element(page.getByRole("status")).toHaveTextContent("0x52...169EE7")
    expect(client.getState().accounts.eip155).toMatchObject({ status: "connected", address: fakeAccount })
    expect(client.getState().modal.open).toBe(false)
  })

  test("a registry wallet of the list connects through WalletConnect: its pairing and web link are shown", async () => {
    const { client, approve } = await mounted()
    const list = page.getByRole("list", { name: "All Wallets" })
    await expect.element(list.getByRole("button", { name: "Wallet 30" })).toBeVisible()
    await userEvent.click(list.getByRole("button", { name: "Rainbow" }).first())
    await expect.element(page.getByText("Scan this QR code with Rainbow")).toBeVisible()
    await expect.element(page.getByText("wc:0123@2?relay-protocol=irn")).toBeVisible()
    await expect
      .element(page.getByRole("link", { name: "Open Rainbow web app" }))
      .toHaveAttribute("href", "https://rainbow.example/wc?uri=wc%3A0123%402%3Frelay-protocol%3Dirn")
    approve()
    await expect.element(page.getByRole("status")).toHaveTextContent("0x52...169EE7")
    expect(client.getState().activeConnectorIds.eip155).toBe("walletConnect")
    expect(client.getState().walletConnect.wallet?.id).toBe("rainbow")
    expect(client.getState().modal.open).toBe(false)
  })

  test("pages and searches the registry", async () => {
    await mounted()
    const list = page.getByRole("list", { name: "All Wallets" })
    await expect.element(list.getByRole("button", { name: "Wallet 30" })).toBeVisible()
    await expect.element(list.getByRole("button", { name: "Wallet 45" })).not.toBeInTheDocument()
    await userEvent.click(page.getByRole("button", { name: "Load more" }))
    await expect.element(list.getByRole("button", { name: "Wallet 45" })).toBeVisible()
    await userEvent.fill(page.getByRole("searchbox", { name: "Search wallets" }), "trust")
    await expect.element(list.getByRole("button", { name: "Wallet 30" })).not.toBeInTheDocument()
    await expect.element(list.getByRole("button", { name: "Trust Wallet" })).toBeVisible()
  })
})
