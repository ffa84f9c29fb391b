import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { base, mainnet } from "../../../core/networks/index.ts"
import { fakeAdapter } from "../../../core/testing/index.ts"
import { NetworkButton } from "../../../renderers/react/index.ts"
import { renderAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

// A wallet on a chain the app does not list (anvil's 31337): what the user sees and can do about it.
const onUnknownChain = async () => {
  const { adapter, wallet } = fakeAdapter({ chainId: 31337 })
  const { client } = await renderAirlock({ adapters: [adapter], networks: [mainnet, base] }, <NetworkButton />)
  await client.open()
  await client.connect("test.wallet")
  const dialog = page.getByRole("dialog")
  await expect
    .element(dialog.getByText("This app doesn't support your current network.", { exact: false }))
    .toBeVisible()
  return { client, wallet, dialog }
}

describe("UnsupportedChain", () => {
  test("names the wallet's chain by its id on the network button, in the user's language", async () => {
    const { client } = await onUnknownChain()
    await expect.element(page.getByRole("button", { name: "Chain 31337" })).toBeVisible()
    await client.setLocale("ja")
    await expect.element(page.getByRole("button", { name: "チェーン 31337" })).toBeVisible()
  })

  test("shows a warning icon and the app's networks; choosing one moves the wallet there and closes the modal", async () => {
    const { client, wallet, dialog } = await onUnknownChain()
    expect(dialog.element().querySelector("[data-part=warning-icon] svg")).not.toBeNull()
    const list = dialog.getByRole("list", { name: "Available networks" })
    expect(
      list
        .getByRole("button")
        .elements()
        .map((b) => b.textContent)
    ).toEqual(["Ethereum", "Base"])
    await userEvent.click(list.getByRole("button", { name: "Base" }))
    await expect.poll(() => wallet.switches).toEqual(["eip155:8453"])
    await expect.poll(() => client.getState().modal.open).toBe(false)
    await expect.element(page.getByRole("button", { name: "Base" })).toBeVisible()
  })

  test("Disconnect ends the connection from there", async () => {
    const { client, dialog } = await onUnknownChain()
    await userEvent.click(dialog.getByRole("button", { name: "Disconnect" }))
    await expect.poll(() => client.getState().accounts.eip155.status).toBe("disconnected")
    await expect.poll(() => client.getState().modal.open).toBe(false)
  })
})
