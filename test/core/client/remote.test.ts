import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { createAirlock } from "../../../core/client/createAirlock.ts"
import { mainnet } from "../../../core/networks/index.ts"
import { Analytics } from "../../../core/services/Analytics.ts"
import { sdkVersion } from "../../../core/services/ClientConfig.ts"
import { Platform } from "../../../core/services/Platform.ts"
import { Storage } from "../../../core/services/Storage.ts"
import { selectConnectView } from "../../../core/state/selectors.ts"
import { alertTitle } from "../../fixtures/englishText.ts"

// The live HTTP layers against a fake wallet API: what a real page gets, minus the network.
const API = "http://api.test"
const wallet = (id: string, name: string) => ({ id, name, image_id: `${id}-img`, rdns: `com.${id}` })
const registry = [
  wallet("w1", "Alpha"),
  wallet("w2", "Beta"),
  wallet("w3", "Gamma"),
  wallet("w4", "Delta"),
  wallet("w5", "Epsilon")
]
const events: Array<unknown> = []
const requests: Array<URL> = []

const ok = {
  config: () => HttpResponse.json({ features: [{ id: "swap", isEnabled: false, config: null }] }),
  origins: () => HttpResponse.json({ allowedOrigins: ["https://app.example"] }),
  analyticsConfig: () => HttpResponse.json({ isAnalyticsEnabled: true }),
  wallets: ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    const include = url.searchParams.get("include")?.split(",")
    const exclude = url.searchParams.get("exclude")?.split(",") ?? []
    const entries = Number(url.searchParams.get("entries") ?? 40)
    const data = registry.filter((w) => (include ? include.includes(w.id) : true) && !exclude.includes(w.id))
    return HttpResponse.json({ data: data.slice(0, entries), count: data.length })
  }
}

const server = setupServer(
  http.get(`${API}/appkit/v1/config`, ok.config),
  http.get(`${API}/projects/v1/origins`, ok.origins),
  http.get(`${API}/getAnalyticsConfig`, ok.analyticsConfig),
  http.get(`${API}/getWallets`, ok.wallets),
  http.post(`${API}/e`, async ({ request }) => {
    // A batch (an array) since events are queued; one payload is still accepted.
    const body: unknown = await request.json()
    if (Array.isArray(body)) events.push(...body)
    else events.push(body)
    return HttpResponse.json({})
  })
)
server.events.on("request:start", ({ request }) => void requests.push(new URL(request.url)))

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  events.length = 0
  requests.length = 0
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const wc = { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" } as const
const listWalletConnect = (onChange: (connectors: ReadonlyArray<typeof wc>) => void) => {
  onChange([wc])
  return () => {}
}

const start = (options: { features?: { swaps?: boolean }; featuredWalletIds?: Array<string>; origin?: string } = {}) =>
  createAirlock(
    {
      projectId: "p1",
      networks: [mainnet],
      // `walletConnect()`'s connector: without one, the registry's wallets could not be reached and are not fetched.
      adapters: [{ namespace: "eip155", watchConnectors: listWalletConnect }],
      endpoints: { walletApi: API, blockchainApi: API, analytics: API },
      ...(options.features === undefined ? {} : { features: options.features }),
      ...(options.featuredWalletIds === undefined ? {} : { featuredWalletIds: options.featuredWalletIds })
    },
    {
      platform: Platform.makeTest({ origin: options.origin ?? "https://app.example", href: "https://app.example/" }),
      storage: Storage.layerMemory()
    }
  )

describe("remote project configuration", () => {
  it("remote features replace local ones, with a console warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const airlock = start({ features: { swaps: true } })
    await airlock.ready
    expect(airlock.getState().features.swaps).toBe(false)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("features.swaps"))
  })

  it("every wallet API call carries projectId, st and sv", async () => {
    const airlock = start()
    await airlock.ready
    const config = requests.find((url) => url.pathname === "/appkit/v1/config")
    expect(config?.searchParams.get("projectId")).toBe("p1")
    expect(config?.searchParams.get("st")).toBe("airlock")
    expect(config?.searchParams.get("sv")).toBeTruthy()
  })

  it("a 5xx on the config shows APKT009 and keeps the local features", async () => {
    server.use(http.get(`${API}/appkit/v1/config`, () => new HttpResponse(null, { status: 503 })))
    const airlock = start({ features: { swaps: false } })
    await airlock.ready
    expect(airlock.getState().alert?.code).toBe("APKT009")
    expect(alertTitle(airlock.getState().alert)).toBe("Server Error")
    expect(airlock.getState().features.swaps).toBe(false)
  })

  it("'Unauthorized: invalid key' shows APKT007 Invalid Project ID", async () => {
    server.use(
      http.get(`${API}/appkit/v1/config`, () =>
        HttpResponse.json({ message: "Unauthorized: invalid key" }, { status: 403 })
      )
    )
    const airlock = start()
    await airlock.ready
    expect(airlock.getState().alert?.code).toBe("APKT007")
    expect(alertTitle(airlock.getState().alert)).toBe("Invalid Project ID")
  })

  it("a page origin outside the allowed origins shows APKT002", async () => {
    const airlock = start({ origin: "https://evil.example" })
    await airlock.ready
    expect(airlock.getState().alert?.code).toBe("APKT002")
    expect(alertTitle(airlock.getState().alert)).toBe("Invalid App Configuration")
  })

  it("a rate-limited origins check shows APKT010", async () => {
    server.use(http.get(`${API}/projects/v1/origins`, () => new HttpResponse(null, { status: 429 })))
    const airlock = start({ origin: "https://elsewhere.example" })
    await airlock.ready
    expect(airlock.getState().alert?.code).toBe("APKT010")
    expect(alertTitle(airlock.getState().alert)).toBe("Rate Limited")
  })

  it("localhost pages pass the origin check without asking the API", async () => {
    const airlock = start({ origin: "http://localhost:5173" })
    await airlock.ready
    expect(airlock.getState().alert).toBeUndefined()
    expect(requests.some((url) => url.pathname === "/projects/v1/origins")).toBe(false)
  })
})

describe("wallets and analytics", () => {
  it("featured wallets keep the app's order and recommended ones exclude them (4 at most)", async () => {
    const airlock = start({ featuredWalletIds: ["w3", "w1"] })
    await airlock.ready
    const { wallets } = airlock.getState()
    expect(wallets.featured.map((w) => w.id)).toEqual(["w3", "w1"])
    expect(wallets.recommended.map((w) => w.id)).toEqual(["w2", "w4", "w5"])
    expect(wallets.featured[0]?.image_url).toBe(`${API}/getWalletImage/w3-img?projectId=p1&st=airlock&sv=${sdkVersion}`)
    // With a WalletConnect connector to reach them (walletConnect()), they are the Connect view's sections.
    const sections = selectConnectView(airlock.getState()).sections.map((s) => s.type)
    expect(sections).toEqual(["walletConnect", "featured", "recommended"])
  })

  it("a wallet image id that would leave the image path (`..`) or is 2 MB long is not sent: the wallet has no image", async () => {
    const hostile = [
      { id: "up", name: "Up", image_id: ".." },
      { id: "big", name: "Big", image_id: "9".repeat(2_000_000) },
      { id: "ok", name: "Fine", image_id: "a/b" }
    ]
    server.use(http.get(`${API}/getWallets`, () => HttpResponse.json({ data: hostile, count: 3 })))
    const airlock = start()
    await airlock.ready
    const images = airlock.getState().wallets.recommended.map((w) => [w.id, w.image_url ?? null])
    expect(images).toEqual([
      ["up", null],
      ["big", null],
      ["ok", `${API}/getWalletImage/a%2Fb?projectId=p1&st=airlock&sv=${sdkVersion}`]
    ])
  })

  it("a failing wallet list shows APKT003", async () => {
    server.use(http.get(`${API}/getWallets`, () => HttpResponse.json({ nonsense: true })))
    const airlock = start()
    await airlock.ready
    expect(airlock.getState().alert?.code).toBe("APKT003")
    expect(alertTitle(airlock.getState().alert)).toBe("Network Error: Wallet Load Failed")
  })

  it("opening and closing send MODAL_OPEN and MODAL_CLOSE to the analytics sink", async () => {
    const airlock = start()
    await airlock.ready
    await airlock.open()
    await airlock.close()
    // Queued events go out in a batch (10 s or 20 events, or the page hidden): sent now.
    await airlock.runtime.runPromise(Analytics.use((analytics) => analytics.flush()))
    await vi.waitFor(() => expect(events).toHaveLength(2))
    expect(events.map((e) => (e as { props: { event: string } }).props.event)).toEqual(["MODAL_OPEN", "MODAL_CLOSE"])
    expect(events[0]).toMatchObject({
      domain: "app.example",
      props: { type: "track", properties: { connected: false } }
    })
  })

  it("no events are sent when the project disabled analytics", async () => {
    server.use(http.get(`${API}/getAnalyticsConfig`, () => HttpResponse.json({ isAnalyticsEnabled: false })))
    const airlock = start()
    await airlock.ready
    await airlock.open()
    // Control: switch sending back on and close; MODAL_CLOSE arriving alone shows MODAL_OPEN was never sent.
    await airlock.runtime.runPromise(Analytics.use((analytics) => analytics.setEnabled(true)))
    await airlock.close()
    await airlock.runtime.runPromise(Analytics.use((analytics) => analytics.flush()))
    await vi.waitFor(() => expect(events).toHaveLength(1))
    expect(events.map((e) => (e as { props: { event: string } }).props.event)).toEqual(["MODAL_CLOSE"])
  })

  it("a 403 from the analytics host shows 'Invalid App Configuration' once", async () => {
    server.use(http.post(`${API}/e`, () => new HttpResponse(null, { status: 403 })))
    const airlock = start()
    await airlock.ready
    await airlock.open()
    await airlock.runtime.runPromise(Analytics.use((analytics) => analytics.flush()))
    await vi.waitFor(() => expect(alertTitle(airlock.getState().alert)).toBe("Invalid App Configuration"))
  })
})
