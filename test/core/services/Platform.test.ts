import { afterEach, assert, describe, it, vi } from "@effect/vitest"
import { Effect } from "effect"
import { Platform, type PlatformOverrides } from "../../../core/services/Platform.ts"

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
const desktopChrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36"
const iPadDesktopMode =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"

const mediaQueries = (matching: ReadonlyArray<string>) => (query: string) =>
  ({ matches: matching.includes(query), media: query }) as MediaQueryList

const testPlatform = (overrides: PlatformOverrides) => Platform.makeTest(overrides)

const withGlobalWindow = (fake: object) => {
  Object.defineProperty(globalThis, "window", { value: fake, configurable: true, writable: true })
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "window")
})

describe("Platform", () => {
  it("importing Platform and building the browser layer does not touch window", async () => {
    const touched: Array<string> = []
    Object.defineProperty(globalThis, "window", {
      configurable: true,
      get() {
        touched.push("window")
        return undefined
      }
    })
    vi.resetModules()
    const fresh = await import("../../../core/services/Platform.ts")
    Effect.runSync(Effect.provide(fresh.Platform.use(Effect.succeed), fresh.Platform.layerBrowser))
    assert.deepStrictEqual(touched, [])
  })

  it.effect("on a server nothing crashes and every helper answers no", () =>
    Effect.gen(function* () {
      const platform = yield* Platform
      assert.strictEqual(platform.window, undefined)
      assert.strictEqual(platform.document, undefined)
      assert.strictEqual(platform.localStorage, undefined)
      assert.strictEqual(platform.origin, undefined)
      assert.isFalse(platform.isMobile())
      assert.isFalse(platform.isTelegram())
      assert.strictEqual(platform.telegramOs(), undefined)
      assert.isFalse(platform.prefersDark())
      assert.strictEqual(platform.open("https://example.com"), undefined)
      platform.reload()
    }).pipe(Effect.provide(Platform.layerServer))
  )

  it.effect("the browser layer in Node (no window) behaves like a server", () =>
    Effect.gen(function* () {
      const platform = yield* Platform
      assert.strictEqual(platform.window, undefined)
      assert.strictEqual(platform.timeZone, undefined)
      assert.isFalse(platform.isMobile())
      assert.strictEqual(platform.open("https://example.com"), undefined)
    }).pipe(Effect.provide(Platform.layerBrowser))
  )

  it.effect("the browser layer reads window at each access, not when it is built", () =>
    Effect.gen(function* () {
      const platform = yield* Platform
      assert.strictEqual(platform.origin, undefined)
      const reload = vi.fn()
      withGlobalWindow({
        location: { origin: "https://dapp.example", href: "https://dapp.example/swap?x=1", reload },
        navigator: { userAgent: iPhone, maxTouchPoints: 5 },
        matchMedia: mediaQueries(["(prefers-color-scheme: dark)"]),
        localStorage: { getItem: () => null, setItem() {}, removeItem() {} }
      })
      assert.strictEqual(platform.origin, "https://dapp.example")
      assert.strictEqual(platform.href, "https://dapp.example/swap?x=1")
      assert.isTrue(platform.isMobile())
      assert.isTrue(platform.prefersDark())
      assert.isDefined(platform.localStorage)
      assert.strictEqual(platform.timeZone, Intl.DateTimeFormat().resolvedOptions().timeZone)
      platform.reload()
      assert.strictEqual(reload.mock.calls.length, 1)
    }).pipe(Effect.provide(Platform.layerBrowser))
  )

  it("a phone user agent is mobile", () => {
    assert.isTrue(testPlatform({ navigator: { userAgent: iPhone, maxTouchPoints: 5 } as Navigator }).isMobile())
  })

  it("a desktop browser with a mouse is not mobile", () => {
    const platform = testPlatform({
      navigator: { userAgent: desktopChrome, maxTouchPoints: 0 } as Navigator,
      matchMedia: mediaQueries(["(pointer: fine)"])
    })
    assert.isFalse(platform.isMobile())
  })

  it("an iPad asking for the desktop site is mobile (coarse pointer on a touch screen)", () => {
    const platform = testPlatform({
      navigator: { userAgent: iPadDesktopMode, maxTouchPoints: 5 } as Navigator,
      matchMedia: mediaQueries(["(pointer: coarse)"])
    })
    assert.isTrue(platform.isMobile())
  })

  it("Telegram is detected by TelegramWebviewProxy or Telegram.WebApp", () => {
    const proxy = testPlatform({ window: { TelegramWebviewProxy: { postEvent() {} } } as unknown as Window })
    const webApp = testPlatform({ window: { Telegram: { WebApp: { platform: "ios" } } } as unknown as Window })
    const plain = testPlatform({ window: {} as Window })
    assert.isTrue(proxy.isTelegram())
    assert.isTrue(webApp.isTelegram())
    assert.isFalse(plain.isTelegram())
    assert.strictEqual(plain.telegramOs(), undefined)
  })

  it("the Telegram OS is ios, mac, android or other", () => {
    const osOf = (platform: string) =>
      testPlatform({ window: { Telegram: { WebApp: { platform } } } as unknown as Window }).telegramOs()
    assert.strictEqual(osOf("ios"), "ios")
    assert.strictEqual(osOf("macos"), "mac")
    assert.strictEqual(osOf("android"), "android")
    assert.strictEqual(osOf("tdesktop"), "other")
    assert.strictEqual(osOf("weba"), "other")
  })

  it("prefersDark follows the system colour scheme", () => {
    assert.isTrue(testPlatform({ matchMedia: mediaQueries(["(prefers-color-scheme: dark)"]) }).prefersDark())
    assert.isFalse(testPlatform({ matchMedia: mediaQueries([]) }).prefersDark())
  })

  it("open passes url, target and popup features to window.open", () => {
    const popup = {} as Window
    const open = vi.fn(() => popup)
    const platform = testPlatform({ window: { open } as unknown as Window })
    assert.strictEqual(platform.open("https://auth.example", "popupWindow", "width=600,height=800"), popup)
    assert.deepStrictEqual(open.mock.calls[0], ["https://auth.example", "popupWindow", "width=600,height=800"])
  })

  it("a blocked popup opens nothing", () => {
    const platform = testPlatform({ window: { open: () => null } as unknown as Window })
    assert.strictEqual(platform.open("https://auth.example"), undefined)
  })

  it.effect("test overrides replace single members and keep getters lazy", () =>
    Effect.gen(function* () {
      const platform = yield* Platform
      assert.strictEqual(platform.timeZone, "Asia/Shanghai")
      assert.throws(() => platform.localStorage, "insecure")
    }).pipe(
      Effect.provide(
        Platform.layerTest({
          timeZone: "Asia/Shanghai",
          get localStorage(): never {
            throw new DOMException("The operation is insecure.", "SecurityError")
          }
        })
      )
    )
  )
})
