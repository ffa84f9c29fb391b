/**
 * The embedded wallet's email login as a visitor goes through it, and the sandbox mailbox the codes arrive in, for
 * tests whose subject comes after the login (sign-in, swap, names…).
 */
import type { Page } from "playwright-core"
import { expect } from "vitest"

/**
 * The newest code the sandbox mailbox (the secure site at `frameUrl`) holds for `email`, in a message whose subject
 * ends with `subject` (the embedded wallet's login codes and sign-in's email-capture codes share the mailbox); waits
 * up to 15 s for one.
 */
export const mailedCode = async (frameUrl: string, email: string, subject = ""): Promise<string> => {
  const read = async () => {
    const response = await fetch(`${frameUrl}/mailbox/messages?to=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: Array<{ code: string | null; subject: string }> }
    return messages.find((m) => m.code !== null && m.subject.endsWith(subject))?.code ?? undefined
  }
  await expect.poll(read, { timeout: 15_000 }).toMatch(/^\d{6}$/)
  return (await read()) as string
}

/**
 * Logs in by email on the page already open (the demo): Connect Wallet, the address, Continue, the mailed code; resolves
 * once the page says "connected".
 */
export const loginByEmail = async (page: Page, frameUrl: string, email: string): Promise<void> => {
  await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
  await page.getByRole("dialog").getByRole("textbox", { name: "Email" }).fill(email, { timeout: 15_000 })
  await page.getByRole("dialog").getByRole("button", { name: "Continue", exact: true }).click()
  await page
    .getByRole("dialog")
    .getByLabel("Code")
    .fill(await mailedCode(frameUrl, email), { timeout: 30_000 })
  await expect.poll(() => page.getByTestId("connection-status").textContent(), { timeout: 30_000 }).toBe("connected")
}
