import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isEmail, isOtp, isSocialProvider, socialProviders } from "../../../core/schema/login.ts"

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/)
const local = fc.stringMatching(/^[A-Za-z0-9_+-]{1,12}(?:\.[A-Za-z0-9_+-]{1,8})?$/)
const tld = fc.stringMatching(/^[a-z]{2,6}$/)

describe("email", () => {
  it("accepts local@domain.tld addresses", () => {
    fc.assert(fc.property(local, label, tld, (l, d, t) => isEmail(`${l}@${d}.${t}`)))
    expect(isEmail("ada.lovelace+airlock@mail.example.co.uk")).toBe(true)
  })

  it("rejects addresses without @, without a domain dot, or with spaces", () => {
    fc.assert(fc.property(local, label, tld, (l, d, t) => !isEmail(`${l}${d}.${t}`)))
    fc.assert(fc.property(local, label, (l, d) => !isEmail(`${l}@${d}`)))
    fc.assert(fc.property(local, label, tld, (l, d, t) => !isEmail(`${l} @${d}.${t}`)))
    expect(isEmail("ada@@example.com")).toBe(false)
    expect(isEmail("")).toBe(false)
  })
})

describe("OTP", () => {
  it("is any string and nothing else", () => {
    fc.assert(fc.property(fc.string(), isOtp))
    expect(isOtp(123456)).toBe(false)
  })
})

describe("social provider", () => {
  it("is one of google, github, apple, facebook, x, discord", () => {
    expect([...socialProviders]).toEqual(["google", "github", "apple", "facebook", "x", "discord"])
    for (const provider of socialProviders) expect(isSocialProvider(provider)).toBe(true)
  })

  it("rejects anything else, including farcaster (its own flow) and other casing", () => {
    fc.assert(
      fc.property(fc.string(), (s) => (socialProviders as ReadonlyArray<string>).includes(s) || !isSocialProvider(s))
    )
    expect(isSocialProvider("farcaster")).toBe(false)
    expect(isSocialProvider("Google")).toBe(false)
  })
})
