import { describe, expect, it } from "vitest"
import { entries } from "../../fixtures/node/entries.ts"
import { runNode } from "../../fixtures/node/runNode.ts"

describe("importing any entry in Node", () => {
  it("touches no browser global (window, document, localStorage, matchMedia, …) and throws for none", {
    timeout: 60_000
  }, async () => {
    expect(entries).toEqual([
      "airlock-kit",
      "airlock-kit/effect",
      "airlock-kit/react",
      "airlock-kit/testing",
      "airlock-kit/networks",
      "airlock-kit/focus",
      "airlock-kit/evm",
      "airlock-kit/walletconnect",
      "airlock-kit/solana",
      "airlock-kit/embedded",
      "airlock-kit/server",
      "airlock-kit/server/app",
      "airlock-kit/siwx",
      "airlock-kit/onramp",
      "airlock-kit/smart-sessions",
      "airlock-kit/appkit",
      "airlock-kit/appkit/react",
      "airlock-kit/wagmi",
      ...["en", "ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "tr", "zh-CN", "zh-TW"].map(
        (tag) => `airlock-kit/locales/${tag}`
      )
    ])
    const { imported, failed, accesses } = await runNode<{
      imported: ReadonlyArray<string>
      failed: Record<string, string>
      accesses: ReadonlyArray<string>
    }>("test/fixtures/node/importEntries.ts")
    expect({ failed, accesses }).toEqual({ failed: {}, accesses: [] })
    expect(imported).toEqual(entries)
  })
})

/** The page's buttons in server HTML: each one's attributes and its text (tags stripped). */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes, inner]) => ({
    attributes: Object.fromEntries([...(attributes ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
    text: (inner ?? "").replace(/<[^>]+>/g, "")
  }))

describe("renderToString of a page with AirlockProvider and the three buttons, its client created on the server", () => {
  it("gives the disconnected buttons, logging no error or warning, in a Node without window, document or localStorage", {
    timeout: 60_000
  }, async () => {
    const { html, later, logged, browserGlobals } = await runNode<{
      html: string
      later: string
      logged: ReadonlyArray<string>
      browserGlobals: ReadonlyArray<string>
    }>("test/fixtures/node/renderPage.ts")
    expect(browserGlobals).toEqual([])
    expect(logged).toEqual([])
    // ConnectButton reads Connect Wallet; AccountButton renders nothing while no account is connected; NetworkButton
    // shows the first network with its letter badge. Dark: the system preference is unknown on a server (SPEC §2).
    expect(buttons(html)).toEqual([
      {
        attributes: {
          type: "button",
          class: "airlock-button",
          "data-airlock": "",
          "data-theme": "dark",
          "data-state": "disconnected"
        },
        text: "Connect Wallet"
      },
      {
        attributes: { type: "button", class: "airlock-button", "data-airlock": "", "data-theme": "dark" },
        text: "EEthereum"
      }
    ])
    expect(html).toContain('<span class="airlock-network-icon" aria-hidden="true" data-size="20">E</span>Ethereum')
    // A later request, once the server's client is ready, renders the same page.
    expect(later).toBe(html)
  })
})
