/**
 * Chromium for end-to-end tests: Debian's binary with the offline flags, and a guard that records every request a
 * page makes to a host other than 127.0.0.1 / localhost (TESTING.md "Network guard").
 */
import { type Browser, chromium, type Page } from "playwright-core"
import { chromiumArgs, chromiumPath } from "../fixtures/chromium.ts"

/** Launches headless Chromium from `test/fixtures/chromium.ts`. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })

const loopback = new Set(["127.0.0.1", "localhost", "[::1]"])

/** Whether a URL stays on this machine (or is inline data). */
export const isLocal = (url: string): boolean => {
  const parsed = new URL(url)
  if (parsed.protocol === "data:" || parsed.protocol === "blob:" || parsed.protocol === "about:") return true
  return loopback.has(parsed.hostname)
}

/** What a page did that a test may want to fail on. */
export interface PageRecord {
  /** URLs the page requested outside loopback. */
  readonly foreignRequests: Array<string>
  /** Uncaught exceptions and console errors. */
  readonly errors: Array<string>
}

/** Starts recording foreign requests and errors of a page; attach before `goto`. */
export const watchPage = (page: Page): PageRecord => {
  const record: PageRecord = { foreignRequests: [], errors: [] }
  page.on("request", (request) => {
    if (!isLocal(request.url())) record.foreignRequests.push(request.url())
  })
  // WebSockets (the WalletConnect relay) are not requests to Playwright: watched on their own.
  page.on("websocket", (socket) => {
    if (!isLocal(socket.url())) record.foreignRequests.push(socket.url())
  })
  page.on("pageerror", (error) => record.errors.push(`pageerror: ${error.message}`))
  page.on("console", (message) => {
    if (message.type() === "error") record.errors.push(`console: ${message.text()}`)
  })
  return record
}
