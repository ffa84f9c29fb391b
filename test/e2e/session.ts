/**
 * The set-up every end-to-end file shares: one sandbox (free ports, its own data dir) and one Chromium for the file,
 * and a fresh context and page per test with its page record (foreign requests, errors).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest"
import { type Sandbox, startSandbox } from "../../sandbox/index.ts"
import { launchChromium, type PageRecord, watchPage } from "./browser.ts"

/** What {@link useE2eSession} hands a test file; read its fields inside tests and hooks. */
export interface E2eSession {
  sandbox: Sandbox
  browser: Browser
  context: BrowserContext
  page: Page
  record: PageRecord
}

/**
 * Registers the hooks: the sandbox and Chromium for the file, a new context and page before each test.
 * @example
 * ```ts
 * const session = useE2eSession("airlock-e2e-connect-")
 * it("opens", async () => { await session.page.goto(session.sandbox.urls.demo) })
 * ```
 */
export const useE2eSession = (prefix: string): E2eSession => {
  const session = {} as E2eSession
  let dataDir = ""
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), prefix))
    ;[session.sandbox, session.browser] = await Promise.all([startSandbox({ quiet: true, dataDir }), launchChromium()])
  }, 60_000)
  afterAll(async () => {
    await session.browser?.close()
    await session.sandbox?.stop()
    if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    session.context = await session.browser.newContext()
    session.page = await session.context.newPage()
    session.record = watchPage(session.page)
  })
  // The network guard (TESTING.md): a test whose page reached for any host beyond loopback fails, whatever it checked.
  afterEach(async () => {
    await session.context?.close()
    expect(session.record?.foreignRequests ?? [], "requests that left this machine").toEqual([])
  })
  return session
}
