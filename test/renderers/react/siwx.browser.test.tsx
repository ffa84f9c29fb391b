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

/** The modal over a scripted wallet with `config`, opened and connected; the project's email capture on if asked. */
const renderAndConnect = async (config: SIWXConfig, theme: "light" | "dark", emailCapture = false) => {
  const { adapter, wallet } = fakeAdapter()
  const { client } = await renderAirlock({
    adapters: [adapter],
    networks: [mainnet],
    siwx: config,
    themeMode: theme,
    ...(emailCapture
      ? { walletApi: { projectConfig: { features: [{ id: "email_capture", isEnabled: true, config: ["required"] }] } } }
      : {})
  })
  await client.open()
  await client.connect("test.wallet")
  return { client, wallet }
}

const connectAndAsk = async (required: boolean, theme: "light" | "dark" = "light") => {
  const app = memorySiwx(required)
  const { client, wallet } = await renderAndConnect(app.config, theme)
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

// Email capture (DataCapture) before the sign view, with the project's `email_capture` feature on and a configuration
// that mails codes (as serverSiwx does): the address, the code, then the sign view.
const capturingSiwx = (required: boolean) => {
  const { config, sessions } = memorySiwx(required)
  const mails: Array<{ email: string; code: string }> = []
  let pending: string | undefined
  const capturing: SIWXConfig = {
    ...config,
    requestEmailOtp: async ({ email }) => {
      pending = String(314159 + mails.length)
      mails.push({ email, code: pending })
      return { uuid: `uuid-${mails.length}` }
    },
    confirmEmailOtp: async ({ code }) => {
      if (code !== pending) throw new Error("Invalid code: 4 tries left")
    }
  }
  return { config: capturing, sessions, mails }
}

const connectAndCapture = async (required: boolean, theme: "light" | "dark" = "light") => {
  const app = capturingSiwx(required)
  const { client, wallet } = await renderAndConnect(app.config, theme, true)
  const dialog = page.getByRole("dialog", { name: "Email" })
  await expect.element(dialog.getByRole("textbox", { name: "Email" })).toBeVisible()
  return { client, wallet, app, dialog }
}

describe("DataCapture", () => {
  test("asks for an address, checks the mailed code, then the sign view signs in", async () => {
    const { client, wallet, app, dialog } = await connectAndCapture(true)
    await expect
      .element(dialog.getByText(`${location.host} asks for your email address.`, { exact: false }))
      .toBeVisible()
    // Required: the capture cannot be dismissed either.
    expect(dialog.getByRole("button", { name: "Close" }).elements()).toEqual([])
    expect((await axeWhenSettled(dialog.element())).violations).toEqual([])

    await userEvent.fill(dialog.getByRole("textbox", { name: "Email" }), "not-an-email")
    await userEvent.click(dialog.getByRole("button", { name: "Continue" }))
    await expect.element(dialog.getByRole("alert")).toHaveTextContent("Invalid email address")
    await userEvent.fill(dialog.getByRole("textbox", { name: "Email" }), "ada@example.com")
    await userEvent.click(dialog.getByRole("button", { name: "Continue" }))

    const confirm = page.getByRole("dialog", { name: "Confirm Email" })
    await expect.element(confirm.getByText("Enter the 6-digit code we sent to ada@example.com")).toBeVisible()
    await userEvent.fill(confirm.getByRole("textbox", { name: "Code" }), "000000")
    await expect.element(confirm.getByRole("alert")).toHaveTextContent("Invalid code: 4 tries left")
    await userEvent.fill(confirm.getByRole("textbox", { name: "Code" }), app.mails[0]?.code ?? "")

    const sign = page.getByRole("dialog", { name: "Sign In" })
    await expect.element(sign.getByRole("button", { name: "Sign in" })).toBeVisible()
    wallet.answerNext(`0x${"ab".repeat(65)}`)
    await userEvent.click(sign.getByRole("button", { name: "Sign in" }))
    await expect.poll(() => client.getState().modal.open).toBe(false)
    expect(app.sessions).toHaveLength(1)
  })

  test("Skip goes straight to the sign view", async () => {
    const { client, app, dialog } = await connectAndCapture(false)
    await userEvent.click(dialog.getByRole("button", { name: "Skip" }))
    await expect.element(page.getByRole("dialog", { name: "Sign In" })).toBeVisible()
    expect(client.getState().modal.history).toEqual(["SIWXSignMessage"])
    expect(app.mails).toEqual([])
  })

  test("screenshots: the address and the code, light and dark, desktop and 390 px", async () => {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [1024, 390]) {
        await page.viewport(width, 760)
        document.body.replaceChildren()
        const { dialog } = await connectAndCapture(true, theme)
        await settled()
        await page.screenshot({ path: `../../../.vitest/siwx/capture-${theme}-${width}.png` })
        await userEvent.fill(dialog.getByRole("textbox", { name: "Email" }), "ada@example.com")
        await userEvent.click(dialog.getByRole("button", { name: "Continue" }))
        await expect.element(page.getByRole("dialog", { name: "Confirm Email" })).toBeVisible()
        await settled()
        await page.screenshot({ path: `../../../.vitest/siwx/capture-code-${theme}-${width}.png` })
      }
    }
  })
})
