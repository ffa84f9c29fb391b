import type { Page, Request } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import type { StoredEvents } from "../../sandbox/api/routes/analytics.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { connectDemo } from "./connectDemo.ts"
import { useE2eSession } from "./session.ts"

// Every analytics event of a demo session reaches the sandbox's sink, and none of its requests ends failed in the
// browser's network log (an unread answer used to be aborted by the HTTP client: net::ERR_ABORTED).
describe("analytics during a demo session", () => {
  const session = useE2eSession("airlock-e2e-analytics-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const isEvent = (request: Request) =>
    request.method() === "POST" &&
    new URL(request.url()).pathname === "/e" &&
    request.url().startsWith(sandbox.urls.api)

  it("open, connect, close: each event arrives and no analytics request fails", async () => {
    const sent: Array<{ eventId: string; event: string }> = []
    const settled: Array<string> = []
    const failed: Array<string> = []
    page.on("request", (request) => {
      if (!isEvent(request)) return
      const body = request.postDataJSON() as { eventId: string; props: { event: string } }
      sent.push({ eventId: body.eventId, event: body.props.event })
    })
    page.on("requestfinished", (request) => {
      if (isEvent(request)) settled.push(request.url())
    })
    page.on("requestfailed", (request) => {
      if (!isEvent(request)) return
      settled.push(request.url())
      failed.push(
        `${(request.postDataJSON() as { props: { event: string } }).props.event}: ${request.failure()?.errorText}`
      )
    })

    // The browser collects garbage whenever it likes; here it does so all the time, so an answer left unread (which
    // the HTTP client aborts once its response object is collected) fails in the network log instead of by chance.
    const cdp = await page.context().newCDPSession(page)
    let collecting = true
    const collector = (async () => {
      while (collecting) await cdp.send("HeapProfiler.collectGarbage").catch(() => undefined)
    })()

    await connectDemo(page, sandbox.urls.demo)
    await page
      .getByRole("banner")
      .getByRole("button", { name: /\.\.\./ })
      .click()
    await page.getByRole("dialog", { name: "Account" }).waitFor({ timeout: 15_000 })
    await page.keyboard.press("Escape")
    await expect.poll(() => sent.filter((s) => s.event === "MODAL_CLOSE").length, { timeout: 15_000 }).toBe(1)

    await expect.poll(() => settled.length, { timeout: 15_000 }).toBe(sent.length)
    collecting = false
    await collector
    expect(failed).toEqual([])

    // The truth is the sandbox's record: every event the page sent, once.
    const response = await fetch(`${sandbox.urls.api}/sandbox/events?projectId=${sandbox.urls.projectId}`)
    const { events } = (await response.json()) as StoredEvents
    const received = events.filter((e) => sent.some((s) => s.eventId === e.body.eventId))
    expect(received.map((e) => e.body.eventId).sort()).toEqual(sent.map((s) => s.eventId).sort())
    expect(sent.map((s) => s.event)).toEqual(
      expect.arrayContaining(["MODAL_OPEN", "SELECT_WALLET", "CONNECT_SUCCESS", "MODAL_CLOSE"])
    )
  })
})
