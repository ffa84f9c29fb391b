import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { SIWXConfig, SIWXSession } from "../../../core/options/siwx.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, settled, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())
afterAll(() => page.viewport(1280, 800))

// The sign view as a visitor meets it after connecting: what it says, what its buttons do, and that a required
// sign-in cannot be dismissed.

const memorySiwx = (required: boolean): { config: SIWXConfig; sessions: Array<SIWXSession> } => {
  const sessions: Array<SIWXSession> = []
  return {
    sessions,
    config: {
      createMessage: async (input) => {
        const data = { ...input, domain: location.host, uri: location.origin, version: "1", nonce: "n0nce123" }
        return { ...data, toString: () => `${location.host} sign-in for ${input.accountAddress}` }
      },
      addSession: async (session) => void sessions.push(session),
      revokeSession: async () => void sessions.splice(0),
      setSessions: async (next) => void sessions.splice(0, sessions.length, ...next),
      getSessions: async (chainId, address) =>
        sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address),
      getRequired: () => required
    }
  }
}

const connectAndAsk = async (required: boolean, theme: "light" | "dark" = "light") => {
  const app = memorySiwx(required)
  const { adapter, wallet } = fakeAdapter()
  const { client } = await renderAirlock({
    adapters: [adapter],
    networks: [mainnet],
    siwx: app.config,
    themeMode: theme
  })
  await client.open()
  await client.connect("test.wallet")
  const dialog = page.getByRole("dialog", { name: "Sign In" })
  await expect.element(dialog.getByRole("button", { name: "Sign in" })).toBeVisible()
  return { client, wallet, app, dialog }
}

describe("SIWXSignMessage", () => {
  test("says who asks and why it is free; Sign in has the wallet sign, keeps the session and closes", async () => {
    const { client, wallet, app, dialog } = await connectAndAsk(false)
    await expect
      .element(dialog.getByRole("heading", { name: `${location.host} asks you to sign in with your wallet` }))
      .toBeVisible()
    await expect.element(dialog.getByText("It is free and sends no transaction.", { exact: false })).toBeVisible()
    expect((await axeWhenSettled(dialog.element())).violations).toEqual([])
    wallet.answerNext(`0x${"ab".repeat(65)}`)
    await userEvent.click(dialog.getByRole("button", { name: "Sign in" }))
    await expect.poll(() => client.getState().modal.open).toBe(false)
    expect(wallet.requests.map((r) => r.method)).toContain("personal_sign")
    expect(app.sessions.map((s) => s.data.accountAddress)).toEqual([fakeAccount])
    expect(client.getState().siwx.status).toBe("authenticated")
  })

  test("optional: the close button closes it and the wallet stays connected", async () => {
    const { client, dialog } = await connectAndAsk(false)
    await userEvent.click(dialog.getByRole("button", { name: "Close" }))
    await expect.poll(() => client.getState().modal.open).toBe(false)
    expect(client.getState().accounts.eip155.status).toBe("connected")
  })

  test("required: no close button, Escape keeps it; Cancel disconnects", async () => {
    const { client, dialog } = await connectAndAsk(true)
    expect(dialog.getByRole("button", { name: "Close" }).elements()).toEqual([])
    await userEvent.keyboard("{Escape}")
    await settled()
    expect(client.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" })
    expect((dialog.element() as HTMLDialogElement).open).toBe(true)
    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }))
    await expect.poll(() => client.getState().accounts.eip155.status).toBe("disconnected")
    await expect.poll(() => client.getState().modal.open).toBe(false)
  })

  test("a refusal in the wallet shows 'Error signing message' and keeps the view", async () => {
    const { client, wallet, dialog } = await connectAndAsk(true)
    wallet.rejectNextRequest()
    await userEvent.click(dialog.getByRole("button", { name: "Sign in" }))
    await expect.element(page.getByText("Error signing message")).toBeVisible()
    expect(client.getState().modal.view).toBe("SIWXSignMessage")
    await expect.element(dialog.getByRole("button", { name: "Sign in" })).toBeEnabled()
  })

  test("screenshots: light and dark, desktop and 390 px", async () => {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [1024, 390]) {
        await page.viewport(width, 760)
        document.body.replaceChildren()
        await connectAndAsk(true, theme)
        await settled()
        await page.screenshot({ path: `../../../.vitest/siwx/sign-${theme}-${width}.png` })
      }
    }
  })
})
