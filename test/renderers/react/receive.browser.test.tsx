import { beforeAll, describe, expect, test, vi } from "vitest"
import { page, userEvent } from "vitest/browser"
import { base, mainnet, solana } from "../../../core/networks/index.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// Receive through the real flow: a wallet connects (airlock/testing's fakeAdapter), the Account view's Receive button
// opens the view, which shows the account's address and the networks of its namespace.

beforeAll(() => skipAnimations())

const setup = async (options: { themeMode?: "light" | "dark"; receive?: boolean } = {}) => {
  const { adapter } = fakeAdapter()
  const rendered = await renderAirlock({
    themeMode: options.themeMode ?? "light",
    networks: [mainnet, base, solana],
    adapters: [adapter],
    ...(options.receive === false ? { features: { receive: false } } : {})
  })
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  return { ...rendered, account: page.getByRole("dialog", { name: "Account" }) }
}

describe("Receive", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`shows the address as a QR code, copies it, and lists the namespace's networks (${themeMode}, axe)`, async () => {
      const { account } = await setup({ themeMode })
      await userEvent.click(account.getByRole("button", { name: "Receive" }))
      const dialog = page.getByRole("dialog", { name: "Receive" })
      await expect.element(dialog.getByRole("img", { name: `QR code of the address ${fakeAccount}` })).toBeVisible()
      await expect.element(dialog.getByText("0x52...169EE7")).toBeVisible()
      const networks = dialog.getByRole("list", { name: /on these networks/ }).getByRole("listitem")
      // The EVM account can receive on the app's EVM networks only: Solana is not listed.
      const names = networks.elements().map((item) => item.querySelector("span:not([aria-hidden])")?.textContent)
      expect(names).toEqual(["Ethereum", "Base"])
      const result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
    })
  }

  test("is reached by keyboard alone, and Copy address puts the address on the clipboard", async () => {
    // What the page writes to the clipboard (reading it back needs a permission the test browser does not grant).
    const written = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined)
    const { account } = await setup()
    const receive = account.getByRole("button", { name: "Receive" })
    ;(receive.element() as HTMLElement).focus()
    await userEvent.keyboard("{Enter}")
    const dialog = page.getByRole("dialog", { name: "Receive" })
    const copy = dialog.getByRole("button", { name: "Copy address" })
    await expect.element(copy).toBeVisible()
    ;(copy.element() as HTMLElement).focus()
    await userEvent.keyboard("{Enter}")
    await expect.element(page.getByText("Address copied")).toBeVisible()
    expect(written).toHaveBeenCalledWith(fakeAccount)
    written.mockRestore()
  })

  test("has no button when the app turned the receive feature off", async () => {
    const { account } = await setup({ receive: false })
    await expect.element(account.getByRole("button", { name: "Disconnect" })).toBeVisible()
    expect(account.getByRole("button", { name: "Receive" }).query()).toBeNull()
  })
})
