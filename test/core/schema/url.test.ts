import { describe, expect, it } from "vitest"
import { isSafeImageUrl, isSafeLinkUrl } from "../../../core/schema/index.ts"

describe("URLs from APIs", () => {
  it("images load only from https, data:image, or loopback http in development", () => {
    expect(isSafeImageUrl("https://cdn.example/w.png")).toBe(true)
    expect(isSafeImageUrl("data:image/png;base64,AAAA")).toBe(true)
    expect(isSafeImageUrl("http://127.0.0.1:4000/w.png")).toBe(false)
    expect(isSafeImageUrl("http://127.0.0.1:4000/w.png", { allowLoopback: true })).toBe(true)
    expect(isSafeImageUrl("http://evil.example/w.png", { allowLoopback: true })).toBe(false)
    expect(isSafeImageUrl("javascript:alert(1)")).toBe(false)
    expect(isSafeImageUrl("data:text/html,<script>")).toBe(false)
    expect(isSafeImageUrl("not a url")).toBe(false)
  })

  it("wallet links open https and app schemes but never scripts", () => {
    expect(isSafeLinkUrl("https://metamask.app.link/wc")).toBe(true)
    expect(isSafeLinkUrl("metamask://wc?uri=wc%3Aabc")).toBe(true)
    expect(isSafeLinkUrl("JavaScript:alert(1)")).toBe(false)
    expect(isSafeLinkUrl("data:text/html,hi")).toBe(false)
    expect(isSafeLinkUrl("http://wallet.example")).toBe(false)
    expect(isSafeLinkUrl("http://localhost:5173/wallet", { allowLoopback: true })).toBe(true)
  })
})
