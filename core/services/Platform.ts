import * as Context from "effect/Context"
import * as Layer from "effect/Layer"

/** The part of the Web Storage API that Airlock uses (`window.localStorage` satisfies it). */
export interface KeyValueBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The operating system a Telegram mini app reports; decides which socials are hidden (SPEC §6). */
export type TelegramOs = "ios" | "mac" | "android" | "other"

/**
 * Everything Airlock reads from the browser. Every member may be `undefined` (server, worker, tests), and reading one
 * never throws except `localStorage`, which throws `SecurityError` where the browser blocks storage, exactly as the
 * real property does.
 */
export interface PlatformShape {
  readonly window: Window | undefined
  readonly document: Document | undefined
  readonly navigator: Navigator | undefined
  readonly localStorage: KeyValueBackend | undefined
  readonly matchMedia: ((query: string) => MediaQueryList) | undefined
  /** IANA time zone of the visitor (`Intl`), e.g. `"Asia/Shanghai"`; used for restricted regions (SPEC §6). */
  readonly timeZone: string | undefined
  /** The page's origin, e.g. `https://app.example`. */
  readonly origin: string | undefined
  /** The page's full URL. */
  readonly href: string | undefined
  /** True on phones and tablets: a mobile user agent, or a coarse pointer on a touch screen. */
  isMobile(): boolean
  /** True inside a Telegram mini app or Telegram's in-app browser. */
  isTelegram(): boolean
  /** The Telegram client's OS, or `undefined` outside Telegram. */
  telegramOs(): TelegramOs | undefined
  /** True when the visitor's system asks for a dark colour scheme. */
  prefersDark(): boolean
  /** Opens a window or popup (social login, wallet links); `undefined` where none can be opened. */
  open(url: string, target?: string, features?: string): Window | undefined
  /** Reloads the page; does nothing on a server. */
  reload(): void
}

const mobileUserAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i

interface TelegramGlobals {
  readonly TelegramWebviewProxy?: unknown
  readonly Telegram?: { readonly WebApp?: { readonly platform?: string } }
}

const telegramOsOf = (platform: string | undefined): TelegramOs => {
  switch (platform) {
    case "ios":
      return "ios"
    case "macos":
      return "mac"
    case "android":
    case "android_x":
      return "android"
    default:
      return "other"
  }
}

/**
 * Builds the derived helpers (mobile, Telegram, dark mode, open, reload) over raw getters, so the browser layer and
 * test overrides share one detection logic.
 */
const derive = (raw: Pick<PlatformShape, "window" | "navigator" | "matchMedia">) => ({
  isMobile(): boolean {
    const nav = raw.navigator
    if (nav === undefined) return false
    if (mobileUserAgent.test(nav.userAgent ?? "")) return true
    // iPadOS reports a desktop Mac user agent; a coarse pointer on a touch screen gives it away.
    const coarse = raw.matchMedia?.("(pointer: coarse)").matches ?? false
    return coarse && (nav.maxTouchPoints ?? 0) > 0
  },
  isTelegram(): boolean {
    const win = raw.window as (Window & TelegramGlobals) | undefined
    return win !== undefined && (win.TelegramWebviewProxy !== undefined || win.Telegram?.WebApp !== undefined)
  },
  telegramOs(): TelegramOs | undefined {
    const win = raw.window as (Window & TelegramGlobals) | undefined
    if (win === undefined) return undefined
    if (win.TelegramWebviewProxy === undefined && win.Telegram?.WebApp === undefined) return undefined
    return telegramOsOf(win.Telegram?.WebApp?.platform)
  },
  prefersDark(): boolean {
    return raw.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false
  },
  open(url: string, target?: string, features?: string): Window | undefined {
    return raw.window?.open(url, target, features) ?? undefined
  },
  reload(): void {
    raw.window?.location.reload()
  }
})

const globals = (): (Window & typeof globalThis) | undefined =>
  typeof globalThis.window === "undefined" ? undefined : globalThis.window

/** A platform that reads `globalThis` at every access, so importing Airlock on a server never touches `window`. */
const browser = (): PlatformShape => {
  const raw = {
    get window() {
      return globals()
    },
    get document() {
      return globals()?.document
    },
    get navigator() {
      return globals()?.navigator
    },
    get matchMedia() {
      const win = globals()
      return typeof win?.matchMedia === "function" ? (query: string) => win.matchMedia(query) : undefined
    }
  }
  return {
    ...derive(raw),
    get window() {
      return raw.window
    },
    get document() {
      return raw.document
    },
    get navigator() {
      return raw.navigator
    },
    get matchMedia() {
      return raw.matchMedia
    },
    get localStorage() {
      return globals()?.localStorage
    },
    get timeZone() {
      return globals() === undefined ? undefined : Intl.DateTimeFormat().resolvedOptions().timeZone
    },
    get origin() {
      return globals()?.location?.origin
    },
    get href() {
      return globals()?.location?.href
    }
  }
}

/** What a server has: nothing, and every helper answers "no". */
const server = (): PlatformShape => ({
  ...derive({ window: undefined, navigator: undefined, matchMedia: undefined }),
  window: undefined,
  document: undefined,
  navigator: undefined,
  localStorage: undefined,
  matchMedia: undefined,
  timeZone: undefined,
  origin: undefined,
  href: undefined
})

/** Raw members a test may replace; the helpers (`isMobile`, `open`, …) may be replaced too. */
export type PlatformOverrides = { -readonly [K in keyof PlatformShape]?: PlatformShape[K] }

/**
 * A server platform with `overrides` laid over it. Getters in `overrides` stay getters (so a test can make
 * `localStorage` throw), and helpers not overridden are derived from the overridden `window`/`navigator`/`matchMedia`.
 */
const withOverrides = (overrides: PlatformOverrides): PlatformShape => {
  const target = {} as PlatformShape
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(server()))
  // Helpers look raw members up on `target` at call time, so overriding `navigator` changes `isMobile()`.
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(derive(target)))
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(overrides))
  return target
}

/**
 * The browser (or server) around Airlock: injectable so core runs in Node tests and during SSR.
 *
 * @example
 * ```ts
 * const dark = Platform.use((platform) => Effect.succeed(platform.prefersDark()))
 * const test = Platform.layerTest({ matchMedia: () => ({ matches: true }) as MediaQueryList })
 * Effect.runSync(dark.pipe(Effect.provide(test))) // true
 * ```
 */
export class Platform extends Context.Service<Platform, PlatformShape>()("airlock/Platform") {
  /** The real browser, read from `globalThis` lazily at each access. */
  static readonly layerBrowser = Layer.sync(Platform, browser)
  /** Server-side rendering: no window, no storage, nothing crashes. */
  static readonly layerServer = Layer.sync(Platform, server)
  /** A server platform with the given members replaced, for tests. */
  static readonly layerTest = (overrides: PlatformOverrides = {}) =>
    Layer.sync(Platform, () => withOverrides(overrides))
  /** Plain constructors of the shapes the layers provide, for code outside Effect. */
  static readonly makeBrowser = browser
  static readonly makeServer = server
  static readonly makeTest = withOverrides
}
