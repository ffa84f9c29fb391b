import type { Page, Request } from "playwright-core"
import { type Address, createPublicClient, http, parseEther } from "viem"
import { beforeEach, describe, expect, it } from "vitest"
import type { Sandbox } from "../../sandbox/index.ts"
import type { StoredEvents } from "../../server/api/routes/analytics.ts"
import { connectDemo } from "./connectDemo.ts"
import { loginByEmail } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

interface Payload {
  readonly eventId: string
  readonly props: { readonly event: string; readonly properties?: Record<string, unknown> }
}

// Every analytics event of a demo session reaches the sandbox's sink, batched (a JSON array per request: every 10 s,
// or with sendBeacon when the page is hidden), and none of its requests ends failed in the browser's network log (an
// unread answer used to be aborted by the HTTP client: net::ERR_ABORTED).
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
  const batchOf = (request: Request): ReadonlyArray<Payload> => {
    const body = request.postDataJSON() as Payload | ReadonlyArray<Payload>
    return Array.isArray(body) ? body : [body as Payload]
  }
  const stored = async () => {
    const response = await fetch(`${sandbox.urls.api}/sandbox/events?projectId=${sandbox.urls.projectId}`)
    return ((await response.json()) as StoredEvents).events
  }

  it("open, connect, close: each event arrives in a batch and no analytics request fails", async () => {
    const sent: Array<{ eventId: string; event: string }> = []
    let requests = 0
    const settled: Array<string> = []
    const failed: Array<string> = []
    page.on("request", (request) => {
      if (!isEvent(request)) return
      requests += 1
      for (const body of batchOf(request)) sent.push({ eventId: body.eventId, event: body.props.event })
    })
    page.on("requestfinished", (request) => {
      if (isEvent(request)) settled.push(request.url())
    })
    page.on("requestfailed", (request) => {
      if (!isEvent(request)) return
      settled.push(request.url())
      failed.push(`${batchOf(request).map((p) => p.props.event)}: ${request.failure()?.errorText}`)
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
    // Batches go out 10 s after their first event at the latest. Two closes: the connection's own, then Escape.
    await expect.poll(() => sent.filter((s) => s.event === "MODAL_CLOSE").length, { timeout: 25_000 }).toBe(2)

    await expect.poll(() => settled.length, { timeout: 15_000 }).toBe(requests)
    collecting = false
    await collector
    expect(failed).toEqual([])
    // Batched: fewer requests than events.
    expect(requests).toBeLessThan(sent.length)

    // The truth is the sandbox's record: every event the page sent, once.
    const events = await stored()
    const received = events.filter((e) => sent.some((s) => s.eventId === e.body.eventId))
    expect(received.map((e) => e.body.eventId).sort()).toEqual(sent.map((s) => s.eventId).sort())
    expect(sent.map((s) => s.event)).toEqual(
      expect.arrayContaining(["MODAL_OPEN", "SELECT_WALLET", "CONNECT_SUCCESS", "MODAL_CLOSE"])
    )
  }, 90_000)

  it("open, connect, switch network, then hide the page: sendBeacon delivers the queue at once, in order; the funnel page lists it", async () => {
    // Counts the page's beacons (the real sendBeacon still sends them).
    await page.addInitScript(() => {
      const beacons: Array<string> = []
      ;(window as unknown as { __beacons: Array<string> }).__beacons = beacons
      const original = navigator.sendBeacon.bind(navigator)
      navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
        beacons.push(String(url))
        return original(url, data)
      }
    })
    const before = new Set((await stored()).map((e) => e.body.eventId))
    const fresh = async () => (await stored()).filter((e) => !before.has(e.body.eventId))

    await connectDemo(page, sandbox.urls.demo)
    await page.getByRole("button", { name: "Ethereum" }).click()
    await page.getByRole("dialog", { name: "Choose Network" }).getByRole("button", { name: /^Base/ }).click()
    await page.getByRole("button", { name: "Base" }).waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)

    // The tab goes to the background: the page's visibility says hidden, and the browser fires visibilitychange.
    const hiddenAt = Date.now()
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" })
      document.dispatchEvent(new Event("visibilitychange"))
    })
    const beacons = await page.evaluate(() => (window as unknown as { __beacons: Array<string> }).__beacons)
    expect(beacons.length).toBeGreaterThan(0)
    expect(new URL(beacons[0]!).pathname).toBe("/e")
    expect(new URL(beacons[0]!).searchParams.get("projectId")).toBe(sandbox.urls.projectId)

    // The switch's events reach the sandbox long before the 10 s timer would have sent them.
    await expect
      .poll(async () => (await fresh()).some((e) => e.body.props.event === "SWITCH_NETWORK"), { timeout: 5_000 })
      .toBe(true)
    expect(Date.now() - hiddenAt).toBeLessThan(8_000)
    const names = (await fresh()).map((e) => e.body.props.event as string)
    const funnel = ["MODAL_OPEN", "SELECT_WALLET", "CONNECT_SUCCESS", "MODAL_CLOSE", "SWITCH_NETWORK"]
    expect(names.filter((name) => funnel.includes(name))).toEqual([
      "MODAL_OPEN",
      "SELECT_WALLET",
      "CONNECT_SUCCESS",
      // The modal closing itself after the connection is a close too, as AppKit reports it.
      "MODAL_CLOSE",
      "MODAL_OPEN",
      "SWITCH_NETWORK",
      "MODAL_CLOSE"
    ])
    const switched = (await fresh()).find((e) => e.body.props.event === "SWITCH_NETWORK")
    expect(switched?.body.props).toMatchObject({ properties: { network: "eip155:8453" } })

    // The site owner's page: the funnel's counts and the latest events, in a browser.
    const owner = await page.context().newPage()
    await owner.goto(`${sandbox.urls.api}/sandbox/events?projectId=${sandbox.urls.projectId}`)
    const funnelTable = owner.getByRole("table", { name: "Funnel" })
    await expect.poll(() => funnelTable.getByRole("row", { name: /^SWITCH_NETWORK \d+$/ }).count()).toBe(1)
    expect(await funnelTable.getByRole("row", { name: /^CONNECT_SUCCESS \d+$/ }).count()).toBe(1)
    const latest = owner.getByRole("table", { name: "Latest events" })
    expect(await latest.getByRole("row").nth(1).textContent()).toContain("MODAL_CLOSE")
    await owner.close()
  }, 90_000)

  it("an email login's funnel arrives under AppKit's names when the visitor closes the tab (pagehide's beacon)", async () => {
    const before = new Set((await stored()).map((e) => e.body.eventId))
    const email = `events.${Date.now()}@example.com`
    await page.goto(sandbox.urls.demo)
    await loginByEmail(page, sandbox.urls.frame, email)
    // Closing the tab fires pagehide: the queue leaves with a beacon, not 10 s later.
    await page.close({ runBeforeUnload: true })
    const funnel = [
      "EMAIL_SUBMITTED",
      "EMAIL_VERIFICATION_CODE_SENT",
      "EMAIL_VERIFICATION_CODE_PASS",
      "SELECT_WALLET",
      "CONNECT_SUCCESS"
    ]
    const names = async () =>
      (await stored())
        .filter((e) => !before.has(e.body.eventId))
        .map((e) => e.body.props.event as string)
        .filter((name) => funnel.includes(name))
    await expect.poll(names, { timeout: 5_000 }).toEqual(funnel)
    const connected = (await stored()).find(
      (e) => !before.has(e.body.eventId) && e.body.props.event === "CONNECT_SUCCESS"
    )
    expect(connected?.body.props).toMatchObject({ properties: { method: "email" } })
  }, 90_000)
  it("a connect -> send session: the sink and the funnel page hold each step in order, and the chain holds the send", async () => {
    const before = new Set((await stored()).map((e) => e.body.eventId))
    const fresh = async () => (await stored()).filter((e) => !before.has(e.body.eventId))
    const receiver = sandbox.accounts[2]?.address as Address
    const rpcUrl = sandbox.urls.chains.find((c) => c.chainId === 1)?.rpcUrl
    const chain = createPublicClient({ transport: http(rpcUrl) })
    const balance = await chain.getBalance({ address: receiver })

    await connectDemo(page, sandbox.urls.demo)
    await page
      .getByRole("banner")
      .getByRole("button", { name: /\.\.\./ })
      .click()
    const account = page.getByRole("dialog", { name: "Account" })
    await account.getByRole("button", { name: "Send" }).click({ timeout: 15_000 })
    const send = page.getByRole("dialog", { name: "Send" })
    await send.getByRole("button", { name: / Balance / }).click({ timeout: 15_000 })
    await send.getByRole("list", { name: "Your tokens" }).getByRole("button", { name: /Ether/ }).click()
    await send.getByLabel("Amount", { exact: true }).fill("0.001")
    await send.getByLabel("To", { exact: true }).fill(receiver)
    await send.getByRole("button", { name: "Preview send" }).click()
    // The demo's Sandbox Wallet approves on its own here (connectDemo's `?sandboxWallet=approve`).
    await send.getByRole("button", { name: "Send", exact: true }).click({ timeout: 15_000 })
    await page.getByText("Sent 0.001 ETH").waitFor({ timeout: 30_000 })
    expect(await chain.getBalance({ address: receiver })).toBe(balance + parseEther("0.001"))

    // Hidden: the queue leaves with a beacon.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" })
      document.dispatchEvent(new Event("visibilitychange"))
    })
    const funnel = [
      "MODAL_OPEN",
      "SELECT_WALLET",
      "CONNECT_SUCCESS",
      "MODAL_CLOSE",
      "MODAL_OPEN",
      "OPEN_SEND",
      "SEND_INITIATED",
      "SEND_SUCCESS"
    ]
    const names = async () =>
      (await fresh()).map((e) => String(e.body.props.event)).filter((name) => funnel.includes(name))
    await expect.poll(names, { timeout: 10_000 }).toEqual(funnel)
    const sent = (await fresh()).find((e) => e.body.props.event === "SEND_SUCCESS")
    expect(sent?.body.props.properties).toMatchObject({ network: "eip155:1", isSmartAccount: false })

    // The site owner's page lists the same steps, newest first.
    const owner = await page.context().newPage()
    await owner.goto(`${sandbox.urls.api}/sandbox/events?projectId=${sandbox.urls.projectId}`)
    const rows = await owner
      .getByRole("table", { name: "Latest events" })
      .getByRole("row")
      .evaluateAll((all) => all.slice(1).map((row) => row.querySelectorAll("td")[2]?.textContent ?? ""))
    const shown = rows
      .filter((name) => funnel.includes(name))
      .slice(0, funnel.length)
      .reverse()
    expect(shown).toEqual(funnel)
    await owner.close()
  }, 120_000)
})
