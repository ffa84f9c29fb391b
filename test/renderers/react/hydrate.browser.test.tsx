import { flushSync } from "react-dom"
import { createRoot, hydrateRoot, type Root } from "react-dom/client"
import { afterEach, describe, expect, test, vi } from "vitest"
import { commands } from "vitest/browser"
import type { AirlockClient } from "../../../core/client/types.ts"
import { createAirlock } from "../../../core/index.ts"
import { Analytics, BlockchainApi, fakeAdapter, WalletApi } from "../../../core/testing/index.ts"
import { Page, pageOptions } from "./ssrPage.tsx"

declare module "vitest/browser" {
  interface BrowserCommands {
    /** `test/fixtures/node/renderPage.ts` run in Node: the SSR page's HTML as a server renders it. */
    renderPageOnServer: () => Promise<{ readonly html: string }>
  }
}

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  vi.restoreAllMocks()
})

/** A visitor who connected the test wallet on an earlier visit, as Airlock stored it. */
const storeSession = () => {
  localStorage.setItem("@airlock/eip155:connection_status", "connected")
  localStorage.setItem("@airlock/eip155:connected_connector_ids", '["test.wallet"]')
  cleanups.push(() => localStorage.clear())
}

/** The browser's client: real storage (`localStorage`) and platform, in-memory wallet and blockchain APIs. */
const browserAirlock = (): AirlockClient => {
  const airlock = createAirlock(pageOptions(fakeAdapter().adapter), {
    walletApi: WalletApi.layerMemory(),
    blockchainApi: BlockchainApi.layerMemory(),
    analytics: Analytics.layerMemory()
  })
  cleanups.push(() => airlock.destroy())
  return airlock
}

/** The server's HTML in a container of the page, as the browser receives it before any script runs. */
const serverRendered = async (): Promise<HTMLElement> => {
  const { html } = await commands.renderPageOnServer()
  const container = document.createElement("div")
  container.innerHTML = html
  document.body.append(container)
  cleanups.push(() => container.remove())
  return container
}

/** Every text the container's first button (ConnectButton) shows from now on, each once in a row. */
const connectButtonTexts = (container: HTMLElement): Array<string> => {
  const texts: Array<string> = []
  const observer = new MutationObserver(() => {
    const text = container.querySelector("button")?.textContent ?? ""
    if (texts.at(-1) !== text) texts.push(text)
  })
  observer.observe(container, { subtree: true, childList: true, characterData: true })
  cleanups.push(() => observer.disconnect())
  return texts
}

describe("hydrating the server's HTML", () => {
  test("for a returning visitor: no hydration warning or error, then the stored session reconnects", async () => {
    const container = await serverRendered()
    const [connect, network] = container.querySelectorAll("button")
    expect(connect?.textContent).toBe("Connect Wallet")
    storeSession()
    const airlock = browserAirlock()
    // The browser's facts differ from the server's: a reconnect is under way, and the system's colour scheme (light
    // under Playwright) is known where the server rendered dark.
    expect(airlock.getState()).toMatchObject({ themeMode: "light", accounts: { eip155: { status: "connecting" } } })
    expect(connect?.dataset.theme).toBe("dark")
    const errors = vi.spyOn(console, "error")
    const warnings = vi.spyOn(console, "warn")
    // What React reports through the root rather than the console: a hydration mismatch is a recoverable error.
    const reported: Array<unknown> = []
    const report = (error: unknown) => void reported.push(error)
    const texts = connectButtonTexts(container)
    let root: Root | undefined
    cleanups.push(() => root?.unmount())
    root = hydrateRoot(container, <Page airlock={airlock} />, {
      onRecoverableError: report,
      onCaughtError: report,
      onUncaughtError: report
    })
    await vi.waitFor(() => expect(texts.at(-1)).toBe("0x52...169EE7"), { timeout: 10_000 })
    expect({ errors: errors.mock.calls, warnings: warnings.mock.calls, reported }).toEqual({
      errors: [],
      warnings: [],
      reported: []
    })
    // Right after hydration the button says what the browser knows (a reconnect under way), then the account.
    expect(texts).toEqual(["Connecting...", "0x52...169EE7"])
    // React kept the server's buttons (a mismatch would have replaced them), and AccountButton appeared beside them.
    const buttons = [...container.querySelectorAll("button")]
    expect(buttons[0]).toBe(connect)
    expect(buttons.at(-1)).toBe(network)
    expect(buttons.slice(0, 2).map((button) => button.textContent)).toEqual(["0x52...169EE7", "0x52...169EE7"])
    // (The network's logo, or its letter while the logos load, is decorative: the button's text ends with the name.)
    expect(network?.textContent).toMatch(/^E?Ethereum$/)
    // Then the theme is the system's, which the server could not know.
    expect(buttons.map((button) => button.dataset.theme)).toEqual(["light", "light", "light"])
  })
})

describe("rendering in the browser alone (no server HTML)", () => {
  test("shows Connecting... from the first frame for a returning visitor, never Connect Wallet", async () => {
    storeSession()
    const airlock = browserAirlock()
    const container = document.createElement("div")
    document.body.append(container)
    cleanups.push(() => container.remove())
    const texts = connectButtonTexts(container)
    const root = createRoot(container)
    cleanups.push(() => root.unmount())
    flushSync(() => root.render(<Page airlock={airlock} />))
    expect(container.querySelector("button")?.textContent).toBe("Connecting...")
    await vi.waitFor(() => expect(texts.at(-1)).toBe("0x52...169EE7"), { timeout: 10_000 })
    expect(texts).not.toContain("Connect Wallet")
  })
})
