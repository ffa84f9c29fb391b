import { expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { fakeAdapter } from "../../../core/testing/index.ts"
import { renderAirlock, skipAnimations, walletConnectListed } from "./setup.tsx"

test("an All Wallets entry installed in this browser is tagged and connects through its browser connector", async () => {
  skipAnimations()
  const { adapter } = fakeAdapter({ connector: { id: "io.test", name: "Test Wallet", info: { rdns: "io.test" } } })
  const { button, client } = await renderAirlock({
    adapters: [adapter, walletConnectListed],
    walletApi: {
      wallets: [
        { id: "w-test", name: "Test Wallet", rdns: "io.test" },
        { id: "w-other", name: "Other Wallet", rdns: "io.other" }
      ]
    }
  })
  await userEvent.click(button)
  await userEvent.click(page.getByRole("button", { name: /^All Wallets/ }))
  const list = page.getByRole("grid", { name: "All Wallets" })
  await expect.element(list.getByRole("button", { name: "Test Wallet Installed" })).toBeVisible()
  await expect.element(list.getByRole("button", { name: "Other Wallet", exact: true })).toBeVisible()
  await userEvent.click(list.getByRole("button", { name: /Test Wallet/ }))
  // A wallet in the browser connects through its connector (the fake wallet approves at once), not over a QR code.
  await expect.poll(() => client.getState().accounts.eip155.status).toBe("connected")
  expect(client.getState().activeConnectorIds.eip155).toBe("io.test")
})
