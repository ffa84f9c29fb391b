import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { NameRecord } from "../../../core/schema/names.ts"
import { fakeAdapter } from "../../../core/testing/index.ts"
import { AccountButton } from "../../../renderers/react/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// RegisterAccountName through the real flows: a wallet connects (fakeAdapter), the names live in the blockchain API's
// memory layer, the name is typed as a user does (live clock: the check's 300 ms pause is real), and the wallet's
// signature is what the fake answers.

beforeAll(() => skipAnimations())

const signature = `0x${"ab".repeat(65)}`
const taken: NameRecord = {
  name: "grace-hopper.airlock.id",
  addresses: { "60": { address: "0x000000000000000000000000000000000000dEaD" } }
}

const setup = async (themeMode: "light" | "dark" = "light") => {
  const { adapter, wallet } = fakeAdapter()
  const rendered = await renderAirlock(
    { themeMode, networks: [mainnet], adapters: [adapter], blockchainApi: { names: [taken] } },
    <AccountButton balance={false} />
  )
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Choose name" }))
  const dialog = page.getByRole("dialog", { name: "Choose Name" })
  const input = dialog.getByLabelText("Name", { exact: true })
  await expect.element(input).not.toHaveAttribute("readonly")
  return { ...rendered, wallet, dialog, input }
}

describe("RegisterAccountName", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`a free name: checked live, with suggestions, registered, then the account shows it (${themeMode}, axe)`, async () => {
      const { dialog, input, wallet, client } = await setup(themeMode)
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
      await userEvent.fill(input, "ada-lovelace")
      await expect.element(dialog.getByText("ada-lovelace.airlock.id is available")).toBeVisible()
      await expect.element(dialog.getByRole("button", { name: /ada-lovelace1\.airlock\.id/ })).toBeVisible()
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
      wallet.answerNext(signature)
      await userEvent.click(dialog.getByRole("button", { name: "Register name" }))
      const success = page.getByRole("dialog", { name: "Name Registered" })
      await expect
        .element(success.getByTestId("names-success"))
        .toHaveTextContent("ada-lovelace.airlock.id is now the name of your account")
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
      await userEvent.click(success.getByRole("button", { name: "Done" }))
      const account = page.getByRole("dialog", { name: "Account" })
      await expect.element(account.getByText("ada-lovelace.airlock.id")).toBeVisible()
      await expect.element(account.getByRole("button", { name: "Choose name" })).not.toBeInTheDocument()
      await client.close()
      await expect.element(page.getByRole("button", { name: "ada-lovelace.airlock.id" })).toBeVisible()
    })
  }

  test("refuses 'abc' and a taken name with SPEC's texts, Register staying off", async () => {
    const { dialog, input } = await setup()
    const register = dialog.getByRole("button", { name: "Register name" })
    await userEvent.fill(input, "abc")
    await expect.element(dialog.getByTestId("names-message")).toHaveTextContent("Name must have at least 4 characters")
    await expect.element(input).toHaveAttribute("aria-invalid", "true")
    await expect.element(register).toBeDisabled()
    await userEvent.fill(input, "grace-hopper")
    await expect
      .element(dialog.getByTestId("names-message"))
      .toHaveTextContent("grace-hopper.airlock.id is already taken")
    await expect.element(register).toBeDisabled()
  })

  test("a refusal in the wallet returns to the form with 'Error registering name {name}'", async () => {
    const { dialog, input, wallet } = await setup()
    await userEvent.fill(input, "ada-lovelace")
    await expect.element(dialog.getByText("ada-lovelace.airlock.id is available")).toBeVisible()
    wallet.rejectNextRequest()
    await userEvent.click(dialog.getByRole("button", { name: "Register name" }))
    await expect
      .element(dialog.getByTestId("names-message"))
      .toHaveTextContent("Error registering name ada-lovelace.airlock.id")
    await expect.element(dialog.getByRole("button", { name: "Register name" })).toBeEnabled()
  })

  test("runs by keyboard alone: type, pick a suggestion, Enter registers, Enter on Done", async () => {
    const { dialog, input, wallet } = await setup()
    // The input has the focus when the view shows? Tab until it has.
    for (let i = 0; i < 20 && document.activeElement !== input.element(); i++) await userEvent.tab()
    await expect.element(input).toHaveFocus()
    await userEvent.keyboard("grace-hopper")
    await expect
      .element(dialog.getByTestId("names-message"))
      .toHaveTextContent("grace-hopper.airlock.id is already taken")
    // Tab to the first suggestion (a free one) and take it.
    await userEvent.tab()
    expect(document.activeElement?.textContent).toContain("grace-hopper1.airlock.id")
    await userEvent.keyboard("{Enter}")
    await expect.element(dialog.getByText("grace-hopper1.airlock.id is available")).toBeVisible()
    await expect.element(input).toHaveFocus()
    wallet.answerNext(signature)
    await userEvent.keyboard("{Enter}")
    const success = page.getByRole("dialog", { name: "Name Registered" })
    await expect.element(success.getByRole("button", { name: "Done" })).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    await expect
      .element(page.getByRole("dialog", { name: "Account" }).getByText("grace-hopper1.airlock.id"))
      .toBeVisible()
  })
})
