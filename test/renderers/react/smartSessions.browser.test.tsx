import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { SmartSession } from "../../../core/schema/api/sessions.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { AccountButton } from "../../../renderers/react/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// The SmartSessions view through the real flows: a wallet connects (fakeAdapter) and is made the embedded smart
// account, the sessions live in the blockchain API's memory layer, and Revoke's signature is what the fake answers.

beforeAll(() => skipAnimations())

const target = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"
const future = Math.floor(Date.now() / 1000) + 86_400
const sessions: ReadonlyArray<SmartSession> = [
  {
    pci: "0xaaa",
    expiry: future,
    createdAt: 1_764_547_200,
    permissions: [
      { type: "contract-call", data: { address: target, functions: [{ functionName: "mint()" }] } },
      { type: "native-token-limit", data: { allowance: "0x38d7ea4c68000" } }
    ],
    policies: [],
    context: "0xaaa",
    project: { id: "demo", name: "Demo App" }
  },
  {
    pci: "0xbbb",
    expiry: future,
    createdAt: 1_764_500_000,
    permissions: [{ type: "contract-call", data: { address: target } }],
    policies: [],
    context: "0xbbb",
    revokedAt: 1_764_540_000,
    project: { id: "demo" }
  }
]

const setup = async (
  themeMode: "light" | "dark" = "light",
  smartSessions = true,
  api: { readonly sessions?: ReadonlyArray<SmartSession>; readonly failSessions?: boolean } = {}
) => {
  const { adapter, wallet } = fakeAdapter()
  const rendered = await renderAirlock(
    {
      themeMode,
      networks: [mainnet],
      adapters: [adapter],
      features: { smartSessions },
      blockchainApi: {
        sessions: { [`eip155:1:${fakeAccount}`]: api.sessions ?? sessions },
        failSessions: api.failSessions
      }
    },
    <AccountButton balance={false} />
  )
  await rendered.client.connect("test.wallet")
  rendered.client.setState((s) => ({
    ...s,
    accounts: { ...s.accounts, eip155: { ...s.accounts.eip155, preferredAccountType: "smartAccount" } }
  }))
  await userEvent.click(rendered.button)
  return { ...rendered, wallet, account: page.getByRole("dialog", { name: "Account" }) }
}

describe("SmartSessions", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`Account leads to the sessions: what was granted, to which app, until when, revoked or not (${themeMode}, axe, 1024 and 390 px)`, async () => {
      const { account } = await setup(themeMode)
      await userEvent.click(account.getByRole("button", { name: "Sessions" }))
      const dialog = page.getByRole("dialog", { name: "Sessions" })
      const items = dialog.getByRole("listitem")
      await expect.element(items.first()).toBeVisible()
      expect(items.elements()).toHaveLength(2)
      const active = items.nth(0)
      await expect.element(active.getByText("Demo App")).toBeVisible()
      await expect.element(active.getByText(`Call mint() on ${target}`)).toBeVisible()
      await expect.element(active.getByText("Send up to 0.001 ETH")).toBeVisible()
      await expect.element(active.getByText("Active", { exact: true })).toBeVisible()
      await expect.element(active.getByRole("button", { name: "Revoke" })).toBeVisible()
      const revoked = items.nth(1)
      await expect.element(revoked.getByText(/^Revoked /)).toBeVisible()
      await expect.element(revoked.getByRole("button", { name: "Revoke" })).not.toBeInTheDocument()
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
      for (const width of [1024, 390]) {
        await page.viewport(width, 800)
        await page.screenshot({ path: `../../../.vitest/smartSessions/sessions-${themeMode}-${width}.png` })
      }
      await page.viewport(1024, 800)
    })
  }

  test("Revoke signs without Approve Transaction and the list shows the session revoked", async () => {
    const { account, wallet } = await setup()
    await userEvent.click(account.getByRole("button", { name: "Sessions" }))
    const dialog = page.getByRole("dialog", { name: "Sessions" })
    wallet.answerNext(`0x${"ab".repeat(65)}`)
    wallet.answerNext(null)
    await userEvent.click(dialog.getByRole("button", { name: "Revoke" }))
    await expect.poll(() => dialog.getByText(/^Revoked /).elements().length).toBe(2)
    await expect.element(dialog.getByRole("button", { name: "Revoke" })).not.toBeInTheDocument()
    expect(wallet.requests.map((r) => r.method)).toEqual(["personal_sign", "wallet_revokePermissions"])
  })

  test("an account without sessions says so; a failing list says it could not load them, with Try again (axe)", async () => {
    const empty = await setup("light", true, { sessions: [] })
    await userEvent.click(empty.account.getByRole("button", { name: "Sessions" }))
    await expect.element(page.getByRole("dialog", { name: "Sessions" }).getByText("No sessions yet")).toBeVisible()
    await empty.client.close()
    const failing = await setup("light", true, { failSessions: true })
    await userEvent.click(failing.account.getByRole("button", { name: "Sessions" }))
    const dialog = page.getByRole("dialog", { name: "Sessions" })
    await expect.element(dialog.getByRole("alert")).toHaveTextContent("Could not load the sessions")
    await expect.element(dialog.getByRole("button", { name: "Try again" })).toBeVisible()
    await expect.element(dialog.getByRole("list")).not.toBeInTheDocument()
    expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
  })

  test("with the feature off (SPEC §9's default), Account has no Sessions entry", async () => {
    const { account } = await setup("light", false)
    await expect.element(account.getByRole("button", { name: "Disconnect" })).toBeVisible()
    await expect.element(account.getByRole("button", { name: "Sessions" })).not.toBeInTheDocument()
  })
})
