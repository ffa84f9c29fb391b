import { describe, expect, it } from "vitest"
import { createEmailCodeStore, EmailCodeError } from "../../server/index.ts"

// airlock-kit/server's email codes, as a site's own server uses them for sign-in's email capture: a code per address
// and account, spent once, void after five wrong answers or ten minutes, one per address per 20 s.

const account = "eip155:1:0x52908400098527886E0F7030069857D2E4169EE7"

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof EmailCodeError)
      return { reason: error.reason, message: error.message, wait: error.retryAfterSeconds, left: error.triesLeft }
    throw error
  }
  throw new Error("expected a refusal")
}

describe("createEmailCodeStore", () => {
  it("issues a 6-digit code that confirms once, naming the address and the account", () => {
    const codes = createEmailCodeStore()
    const { uuid, code } = codes.issue("ada@example.com", account)
    expect(code).toMatch(/^\d{6}$/)
    expect(uuid).toMatch(/^[\w-]{24}$/)
    expect(codes.confirm(uuid, ` ${code} `)).toEqual({ email: "ada@example.com", account })
    expect(refusal(() => codes.confirm(uuid, code))).toMatchObject({ reason: "unknown" })
  })

  it("one code per address per 20 s (without case), said in seconds; a confirmed address may ask again at once", () => {
    let now = 1_000_000
    const codes = createEmailCodeStore({ now: () => now })
    const first = codes.issue("ada@example.com", account)
    now += 5_500
    expect(refusal(() => codes.issue("ADA@example.com", account))).toEqual({
      reason: "cooldown",
      message: "A code was just sent to this email: try again in 15 seconds",
      wait: 15,
      left: undefined
    })
    expect(codes.issue("bo@example.com", account).code).toMatch(/^\d{6}$/)
    codes.confirm(first.uuid, first.code)
    expect(codes.issue("ada@example.com", account).code).toMatch(/^\d{6}$/)
    now += 20_000
    expect(codes.issue("bo@example.com", account).code).toMatch(/^\d{6}$/)
  })

  it("wrong codes count down, the fifth voids the code; an expired code and garbage are refused", () => {
    let now = 0
    const codes = createEmailCodeStore({ now: () => now })
    const { uuid, code } = codes.issue("ada@example.com", account)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0")
    expect(refusal(() => codes.confirm(uuid, wrong))).toMatchObject({
      reason: "wrong",
      message: "Invalid code: 4 tries left",
      left: 4
    })
    for (let i = 0; i < 3; i++) refusal(() => codes.confirm(uuid, wrong))
    expect(refusal(() => codes.confirm(uuid, wrong))).toMatchObject({
      reason: "too-many",
      message: "Too many wrong codes: request a new code"
    })
    expect(refusal(() => codes.confirm(uuid, code))).toMatchObject({ reason: "unknown" })

    now += 30_000
    const late = codes.issue("ada@example.com", account)
    now += 10 * 60_000
    expect(refusal(() => codes.confirm(late.uuid, late.code))).toMatchObject({
      reason: "expired",
      message: "Code expired: request a new code"
    })
    expect(refusal(() => codes.confirm(42, "123456"))).toMatchObject({ reason: "unknown" })
    expect(refusal(() => codes.confirm("x".repeat(2_000_000), "1".repeat(2_000_000)))).toMatchObject({
      reason: "unknown"
    })
  })

  it("holds at most `max` pending codes and refuses more rather than forget one", () => {
    let now = 0
    const codes = createEmailCodeStore({ max: 2, now: () => now })
    codes.issue("a@example.com", account)
    codes.issue("b@example.com", account)
    expect(refusal(() => codes.issue("c@example.com", account))).toMatchObject({ reason: "full", wait: 600 })
    now += 10 * 60_000
    expect(codes.issue("c@example.com", account).code).toMatch(/^\d{6}$/)
  })
})
