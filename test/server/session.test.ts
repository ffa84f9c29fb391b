import { describe, expect, it } from "vitest"
import { readCookie, readSession, sessionCookie, signSession } from "../../server/index.ts"

const secret = "a test secret that is 32 bytes long or more"
const at = (iso: string) => new Date(iso)

describe("session tokens", () => {
  it("read back what was signed until the ttl ends", () => {
    const token = signSession(secret, { address: "0xabc", n: [1, 2] }, 60_000, at("2026-01-01T00:00:00Z"))
    expect(readSession(secret, token, at("2026-01-01T00:00:59.999Z"))).toEqual({ address: "0xabc", n: [1, 2] })
    expect(readSession(secret, token, at("2026-01-01T00:01:00Z"))).toBeUndefined()
  })

  it("read as no session when forged, tampered, re-signed with another secret, or not a token", () => {
    const now = at("2026-01-01T00:00:00Z")
    const token = signSession(secret, { address: "0xabc" }, 60_000, now)
    const [payload, mac] = token.split(".") as [string, string]
    const forgedPayload = Buffer.from(JSON.stringify({ session: { address: "0xevil" }, exp: 9e15 })).toString(
      "base64url"
    )
    const flip = (text: string, index: number) =>
      `${text.slice(0, index)}${text[index] === "A" ? "B" : "A"}${text.slice(index + 1)}`
    const bad = [
      `${forgedPayload}.${mac}`,
      `${flip(payload, 3)}.${mac}`,
      `${payload}.${flip(mac, 5)}`,
      `${payload}.${mac.slice(0, -2)}`,
      `${payload}.`,
      `.${mac}`,
      `${payload}.${mac}.${mac}`,
      signSession("another secret, also 32 bytes or longer", { address: "0xabc" }, 60_000, now),
      "",
      "x".repeat(100_000),
      undefined,
      42
    ]
    for (const value of bad) expect(readSession(secret, value, now), String(value).slice(0, 60)).toBeUndefined()
    expect(readSession(secret, token, now)).toEqual({ address: "0xabc" })
  })

  it("refuse a secret shorter than 32 bytes", () => {
    expect(() => signSession("short", {}, 1000)).toThrow("at least 32 bytes")
    expect(() => readSession(new Uint8Array(16), "a.b")).toThrow("at least 32 bytes")
  })
})

describe("session cookies", () => {
  it("are HttpOnly, SameSite=Lax, on every path, Secure unless turned off", () => {
    expect(sessionCookie("session", "abc.def", { maxAge: 3600 })).toBe(
      "session=abc.def; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax; Secure"
    )
    expect(sessionCookie("session", "", { maxAge: 0, secure: false })).toBe(
      "session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"
    )
  })

  it("refuse a name or value that would add attributes", () => {
    expect(() => sessionCookie("a=b", "x", { maxAge: 1 })).toThrow("Invalid cookie name")
    expect(() => sessionCookie("session", "x; Domain=evil.example", { maxAge: 1 })).toThrow("Invalid cookie value")
  })

  it("are read back from a Cookie header by name", () => {
    expect(readCookie("theme=dark; session=abc.def; other=1", "session")).toBe("abc.def")
    expect(readCookie("xsession=1", "session")).toBeUndefined()
    expect(readCookie(undefined, "session")).toBeUndefined()
  })
})
