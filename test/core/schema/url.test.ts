import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { describe, expect, it, vi } from "vitest"
import { SwapToken } from "../../../core/schema/api/convert.ts"
import { WalletsPage } from "../../../core/schema/api/walletApi.ts"
import {
  ConnectorData,
  Identity,
  isSafeImageUrl,
  isSafeLinkUrl,
  SafeImageUrl,
  SafeLinkUrl,
  TokenBalance,
  WalletListing
} from "../../../core/schema/index.ts"
import { sanitizeConnector } from "../../../core/schema/sanitizeConnector.ts"
import { isSafeConnectorIcon } from "../../../core/schema/urlCheck.ts"

describe("image URLs from APIs and wallets", () => {
  it("load from https, loopback http and raster data:image only", () => {
    expect(isSafeImageUrl("https://cdn.example/w.png")).toBe(true)
    expect(isSafeImageUrl("http://127.0.0.1:4000/w.png")).toBe(true)
    expect(isSafeImageUrl("http://localhost/w.png")).toBe(true)
    expect(isSafeImageUrl("http://[::1]:80/w.png")).toBe(true)
    for (const type of ["png", "jpeg", "gif", "webp", "avif"]) {
      expect(isSafeImageUrl(`data:image/${type};base64,AAAA`)).toBe(true)
    }
  })

  it("refuse svg data, scripts, remote http and disguised schemes", () => {
    for (const unsafe of [
      "data:image/svg+xml;base64,AAAA",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "data:text/html,<script>",
      "javascript:alert(1)",
      "http://evil.example/w.png",
      "http://127.0.0.1.evil.example/w.png",
      "https://user:pass@cdn.example/w.png",
      " https://cdn.example/w.png",
      "https://cdn.example/w.png\n",
      "java\tscript:alert(1)",
      "blob:https://cdn.example/1",
      "not a url",
      `data:image/png;base64,${"A".repeat(2_000_000)}`
    ]) {
      expect(isSafeImageUrl(unsafe), unsafe).toBe(false)
    }
  })

  it("plain http on loopback can be turned off (a page served over https)", () => {
    expect(isSafeImageUrl("http://127.0.0.1:4000/w.png", { allowLoopback: false })).toBe(false)
  })
})

describe("wallet links", () => {
  it("open https, loopback http and a wallet's own app scheme", () => {
    expect(isSafeLinkUrl("https://metamask.app.link/wc")).toBe(true)
    expect(isSafeLinkUrl("metamask://wc?uri=wc%3Aabc")).toBe(true)
    expect(isSafeLinkUrl("rainbow:")).toBe(true)
    expect(isSafeLinkUrl("safe-wallet://")).toBe(true)
    expect(isSafeLinkUrl("http://127.0.0.1/wallets/demo/app")).toBe(true)
  })

  it("never open script, data, file, blob, intent or about links, whatever the case or padding", () => {
    for (const scheme of ["javascript", "data", "vbscript", "file", "blob", "intent", "about"]) {
      for (const spelled of [scheme, scheme.toUpperCase(), `${scheme[0]?.toUpperCase()}${scheme.slice(1)}`]) {
        expect(isSafeLinkUrl(`${spelled}:alert(1)`), spelled).toBe(false)
        expect(isSafeLinkUrl(` ${spelled}:x`), spelled).toBe(false)
      }
    }
    for (const trick of ["java\tscript:alert(1)", "java\nscript:x", "\u0000javascript:x", "javascript\u200b:x"]) {
      expect(isSafeLinkUrl(trick), JSON.stringify(trick)).toBe(false)
    }
    expect(isSafeLinkUrl("http://wallet.example")).toBe(false)
    expect(isSafeLinkUrl("//evil.example")).toBe(false)
    expect(isSafeLinkUrl("")).toBe(false)
  })

  it("no string with a control character or whitespace passes either check", () => {
    const hidden = fc.constantFrom("\t", "\n", "\r", " ", "\u0000", "\u001f", "\u007f", "\u00a0", "\u200b", "\ufeff")
    fc.assert(
      fc.property(fc.string(), hidden, fc.string(), (before, mark, after) => {
        const url = `https://x.example/${before}${mark}${after}`
        return !isSafeLinkUrl(url) && !isSafeImageUrl(url)
      })
    )
  })

  it("the schemas refuse what the checks refuse", () => {
    expect(Schema.is(SafeImageUrl)("data:image/svg+xml,<svg/>")).toBe(false)
    expect(Schema.is(SafeLinkUrl)("JAVASCRIPT:alert(1)")).toBe(false)
    expect(Schema.is(SafeLinkUrl)("trust://wc")).toBe(true)
  })
})

describe("unsafe URLs where payloads are decoded", () => {
  it("a wallet listing keeps its entry and drops only the unsafe fields", () => {
    const listing = Schema.decodeUnknownSync(WalletListing)({
      id: "w1",
      name: "Wallet One",
      image_url: "javascript:alert(1)",
      mobile_link: "JavaScript:alert(1)",
      desktop_link: "wallet-one://",
      webapp_link: "data:text/html,<script>alert(1)</script>"
    })
    expect(listing).toEqual({ id: "w1", name: "Wallet One", desktop_link: "wallet-one://" })
  })

  it("one unsafe wallet in a page of 10,000 never costs the others", () => {
    const data = Array.from({ length: 10_000 }, (_, i) => ({
      id: `w${i}`,
      name: `Wallet ${i}`,
      image_url: i === 5 ? "data:image/svg+xml,<svg/>" : `https://img.example/${i}.png`
    }))
    const page = Schema.decodeUnknownSync(WalletsPage)({ data, count: 10_000 })
    expect(page.data).toHaveLength(10_000)
    expect(page.data[5]).toEqual({ id: "w5", name: "Wallet 5" })
    expect(page.data[6]?.image_url).toBe("https://img.example/6.png")
  })

  it("a 2 MB link or a deeply nested extra field costs one wallet nothing but that field", { timeout: 2000 }, () => {
    let nested: unknown = "leaf"
    for (let i = 0; i < 10_000; i++) nested = { nested }
    const page = Schema.decodeUnknownSync(WalletsPage)({
      data: [
        { id: "w1", name: "Huge", mobile_link: `https://x.example/${"a".repeat(2_000_000)}`, extra: nested },
        { id: "w2", name: "Fine", mobile_link: "fine://" }
      ],
      count: 2
    })
    expect(page.data).toEqual([
      { id: "w1", name: "Huge" },
      { id: "w2", name: "Fine", mobile_link: "fine://" }
    ])
  })

  it("a connector announcing an svg or script icon keeps its name but not the icon", () => {
    const connector = Schema.decodeUnknownSync(ConnectorData)({
      id: "io.evil",
      type: "ANNOUNCED",
      name: "Evil",
      chain: "eip155",
      imageUrl: "javascript:alert(1)",
      info: { rdns: "io.evil", icon: "data:image/svg+xml;base64,PHN2Zz4=" }
    })
    expect(connector).toEqual({
      id: "io.evil",
      type: "ANNOUNCED",
      name: "Evil",
      chain: "eip155",
      info: { rdns: "io.evil" }
    })
  })

  it("a token's icon from the blockchain API is dropped when unsafe", () => {
    const token = Schema.decodeUnknownSync(TokenBalance)({
      name: "Ether",
      symbol: "ETH",
      chainId: "eip155:1",
      price: 1,
      quantity: { decimals: "18", numeric: "1" },
      iconUrl: "vbscript:msgbox"
    })
    expect(token.iconUrl).toBeUndefined()
  })
})

describe("image URLs in blockchain API payloads", () => {
  it("an unsafe identity avatar reads as null and keeps the name", () => {
    expect(Schema.decodeUnknownSync(Identity)({ name: "ada.eth", avatar: "javascript:alert(1)" })).toEqual({
      name: "ada.eth",
      avatar: null
    })
    expect(Schema.decodeUnknownSync(Identity)({ name: null, avatar: "https://img.example/a.png" }).avatar).toBe(
      "https://img.example/a.png"
    )
  })

  it("a swap token with an svg logo keeps the token, not the logo", () => {
    const token = Schema.decodeUnknownSync(SwapToken)({
      name: "USD Coin",
      symbol: "USDC",
      address: "eip155:1:0xa0b8",
      decimals: 6,
      logoUri: "data:image/svg+xml,<svg onload=alert(1)>"
    })
    expect(token).toEqual({ name: "USD Coin", symbol: "USDC", address: "eip155:1:0xa0b8", decimals: 6 })
  })
})

describe("a connector announcing itself", () => {
  const base = { id: "io.metamask", type: "ANNOUNCED", name: "MetaMask", chain: "eip155" } as const

  it("keeps a safe icon as it is: a raster data URI, and the inline SVG most wallets announce", () => {
    for (const icon of ["data:image/png;base64,AAAA", "data:image/svg+xml;base64,PHN2Zz4="]) {
      const connector = { ...base, info: { rdns: "io.metamask", icon } }
      expect(sanitizeConnector(connector)).toBe(connector)
    }
  })

  it("drops a script or remote-document icon with a warning, keeping name and rdns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const clean = sanitizeConnector({
      ...base,
      imageUrl: "javascript:alert(1)",
      info: { rdns: "io.metamask", icon: "data:text/html,<script>alert(1)</script>" }
    })
    expect(clean).toEqual({ ...base, info: { rdns: "io.metamask" } })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("MetaMask"))
    warn.mockRestore()
  })

  it("accepts an SVG only as a connector's own icon: from an API it stays refused", () => {
    expect(isSafeConnectorIcon("data:image/svg+xml,<svg/>")).toBe(true)
    expect(isSafeImageUrl("data:image/svg+xml,<svg/>")).toBe(false)
    expect(isSafeConnectorIcon(" data:image/svg+xml,<svg/>")).toBe(false)
  })
})
