import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { embedded } from "../../../adapters/embedded/index.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import type { TestAirlockClient } from "../../../core/testing/index.ts"
import { makeFakePage, secureOrigin } from "../../core/services/frameFake.ts"
import { renderAirlock, skipAnimations } from "./setup.tsx"

// The Connect view's own email field, on the real client and renderer, against a fake secure site: a fake page (given
// to the client as its platform) whose frame answers each request from a table, as the sandbox's secure site does.

beforeAll(() => skipAnimations())

type Handler = (payload: unknown) => unknown

const handlers: Record<string, Handler> = {
  SYNC_THEME: () => undefined,
  SYNC_DAPP_DATA: () => undefined,
  CONNECT_EMAIL: () => ({ action: "VERIFY_OTP" }),
  IS_CONNECTED: () => ({ isConnected: false })
}

/** A fake secure site: READY once its iframe is in the page, then each request answered by `handlers`. */
const makeSite = () => {
  const site = makeFakePage()
  const requests: Array<{ action: string; payload?: unknown }> = []
  const append = site.document.body.appendChild
  site.document.body.appendChild = (element) => {
    const added = append(element)
    queueMicrotask(() => site.deliver({ type: "@airlock-frame/READY" }))
    return added
  }
  site.frameWindow.postMessage = (message: unknown) => {
    const { type, id, payload } = message as { type: string; id: string; payload?: unknown }
    const action = type.slice("@airlock-app/".length)
    requests.push({ action, ...(payload === undefined ? {} : { payload }) })
    const handler = handlers[action]
    if (handler === undefined) return
    queueMicrotask(() => {
      const answer = handler(payload)
      site.deliver({
        type: `@airlock-frame/${action}_SUCCESS`,
        id,
        ...(answer === undefined ? {} : { payload: answer })
      })
    })
  }
  return { site, requests }
}

/** Moves the test clock in 100 ms steps (the frame's wait after READY…), letting the page run between, until `done()`. */
const until = async (client: TestAirlockClient, done: () => boolean) => {
  for (let step = 0; !done() && step < 300; step++) {
    await client.clock.adjust("100 millis")
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

describe("the Connect view's email field", () => {
  test("submitting an address there asks the frame for a code and shows the code step for that address", async () => {
    const { site, requests } = makeSite()
    const { client, button } = await renderAirlock({
      clock: "test",
      networks: [mainnet, base],
      adapters: [embedded()],
      endpoints: {
        walletApi: "https://api.airlock.test",
        blockchainApi: "https://api.airlock.test",
        frame: secureOrigin
      },
      platform: { window: site.window as unknown as Window, document: site.document as unknown as Document }
    })
    await userEvent.click(button)
    const dialog = page.getByRole("dialog", { name: "Connect Wallet" })
    await expect.element(dialog).toBeVisible()
    // No separate Email Login step: the field is in the Connect view.
    expect(document.querySelector("dialog .airlock-connect button")?.textContent).not.toBe("Continue with Email")
    await userEvent.fill(dialog.getByRole("textbox", { name: "Email" }), "  ada@example.com ")
    await userEvent.click(dialog.getByRole("button", { name: "Continue" }))
    await until(client, () => client.getState().modal.view === "EmailVerifyOtp")
    expect(requests.find((request) => request.action === "CONNECT_EMAIL")?.payload).toEqual({
      email: "ada@example.com"
    })
    expect(client.getState().modal.history).toEqual(["Connect", "EmailVerifyOtp"])
    const confirm = page.getByRole("dialog", { name: "Confirm Email" })
    await expect.element(confirm.getByRole("textbox", { name: "Code" })).toBeVisible()
    // The address as the text shows it: set apart by bidi isolation marks, which a right-to-left locale needs.
    expect(confirm.element().textContent?.replace(/[\u2066-\u2069]/g, "")).toContain("ada@example.com")
  })

  test("a malformed address is refused under the field, in SPEC's words, and the view stays", async () => {
    const { site, requests } = makeSite()
    const { client, button } = await renderAirlock({
      clock: "test",
      adapters: [embedded()],
      endpoints: {
        walletApi: "https://api.airlock.test",
        blockchainApi: "https://api.airlock.test",
        frame: secureOrigin
      },
      platform: { window: site.window as unknown as Window, document: site.document as unknown as Document }
    })
    await userEvent.click(button)
    const dialog = page.getByRole("dialog", { name: "Connect Wallet" })
    await userEvent.fill(dialog.getByRole("textbox", { name: "Email" }), "ada@")
    await userEvent.keyboard("{Enter}")
    await expect.element(dialog.getByRole("alert")).not.toBeEmptyDOMElement()
    expect(client.getState().modal.view).toBe("Connect")
    expect(requests.map((request) => request.action)).not.toContain("CONNECT_EMAIL")
  })
})
