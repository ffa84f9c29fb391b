import { assert, describe, it } from "@effect/vitest"
import { expect } from "vitest"
import { isLocalOrigin, isOriginAllowed, matchesOriginPattern } from "../../../core/rules/origins.ts"
import { originAllowed } from "../../../server/api/projects.ts"

describe("allowed origins", () => {
  it("an exact origin in the project's list is allowed", () => {
    assert.isTrue(isOriginAllowed("https://app.example.com", ["https://app.example.com"]))
    assert.isFalse(isOriginAllowed("https://other.example.com", ["https://app.example.com"]))
  })

  it("a wildcard subdomain pattern allows any subdomain depth but not the bare domain", () => {
    const allowed = ["*.example.com"]
    assert.isTrue(isOriginAllowed("https://shop.example.com", allowed))
    assert.isTrue(isOriginAllowed("https://a.b.example.com", allowed))
    assert.isFalse(isOriginAllowed("https://example.com", allowed))
    assert.isFalse(isOriginAllowed("https://example.com.evil.io", allowed))
    assert.isFalse(isOriginAllowed("https://evilexample.com", allowed))
  })

  it("a pattern with a scheme only allows that scheme", () => {
    assert.isTrue(isOriginAllowed("https://my-app.vercel.app", ["https://*.vercel.app"]))
    assert.isFalse(matchesOriginPattern("http://my-app.vercel.app", "https://*.vercel.app"))
  })

  it("a wildcard inside a label matches within that label", () => {
    assert.isTrue(matchesOriginPattern("https://preview-42.example.com", "https://preview-*.example.com"))
    assert.isFalse(matchesOriginPattern("https://a.preview-42.example.com", "https://preview-*.example.com"))
  })

  it("ports must match: none means the default port, :* means any", () => {
    assert.isFalse(isOriginAllowed("https://example.com:8443", ["https://example.com"]))
    assert.isTrue(isOriginAllowed("https://example.com:8443", ["https://example.com:8443"]))
    assert.isTrue(isOriginAllowed("https://example.com:8443", ["https://example.com:*"]))
    assert.isTrue(isOriginAllowed("https://example.com", ["https://example.com:443"]))
  })

  it("a lone * allows every origin", () => {
    assert.isTrue(isOriginAllowed("https://anything.io", ["*"]))
  })

  it("localhost with any port is always allowed", () => {
    for (const origin of [
      "http://localhost",
      "http://localhost:3000",
      "https://localhost:8443",
      "http://app.localhost:5173"
    ]) {
      assert.isTrue(isOriginAllowed(origin, []), origin)
    }
  })

  it("loopback and private-network IP hosts are always allowed", () => {
    for (const origin of [
      "http://127.0.0.1:8080",
      "https://127.0.0.1",
      "http://[::1]:3000",
      "http://192.168.1.20:5173",
      "http://10.0.0.7",
      "http://172.20.1.1:80"
    ]) {
      assert.isTrue(isOriginAllowed(origin, []), origin)
    }
  })

  it("public IP hosts are not allowed by default", () => {
    assert.isFalse(isLocalOrigin("http://8.8.8.8"))
    assert.isFalse(isOriginAllowed("http://172.32.0.1", []))
  })

  it("preview hosts are always allowed over https", () => {
    for (const origin of [
      "https://my-branch.pages.dev",
      "https://app-git-main.vercel.app",
      "https://abc.ngrok-free.app"
    ]) {
      assert.isTrue(isOriginAllowed(origin, []), origin)
    }
  })

  it("other origins are refused when the list does not match", () => {
    assert.isFalse(isOriginAllowed("https://evil.com", []))
    assert.isFalse(isOriginAllowed("https://evil.com", ["https://*.example.com"]))
  })

  it("a malformed origin or pattern is never allowed", () => {
    assert.isFalse(isOriginAllowed("not an origin", ["*"]))
    assert.isFalse(matchesOriginPattern("https://example.com", "https://exa mple.com/path"))
  })
})

describe("one origin matcher for the client and the sandbox server", () => {
  const cases: ReadonlyArray<readonly [origin: string, pattern: string, allowed: boolean]> = [
    // `*` inside a label stays inside it: the sandbox's old glob let it run across dots.
    ["https://a.b.example.com", "https://a*.example.com", false],
    ["https://ab.example.com", "https://a*.example.com", true],
    ["https://a.b.example.com", "https://*.example.com", true],
    ["https://example.com", "https://*.example.com", false],
    ["https://app.example.com:443", "https://app.example.com", true],
    ["http://localhost:5173", "http://localhost:*", true]
  ]

  it("a pattern means the same on both sides", () => {
    for (const [origin, pattern, allowed] of cases) {
      expect(matchesOriginPattern(origin, pattern), `${origin} ~ ${pattern}`).toBe(allowed)
      expect(originAllowed(origin, [pattern]), `sandbox: ${origin} ~ ${pattern}`).toBe(allowed)
    }
  })

  it("many stars in one label against a long host answer at once (no backtracking)", { timeout: 2000 }, () => {
    expect(matchesOriginPattern(`https://${"a".repeat(5000)}`, `https://${"a*".repeat(120)}b`)).toBe(false)
  })
})
