import { assert, describe, it } from "@effect/vitest"
import { AlertError, alertCodeFromServerMessage, alertCodes, alerts } from "../../../core/errors/index.ts"

/** SPEC §8 "Alert codes", verbatim. */
const specAlerts = {
  APKT001: "Network Not Found",
  APKT002: "Invalid App Configuration",
  APKT003: "Network Error: Wallet Load Failed",
  APKT004: "Wallet Request Timeout",
  APKT005: "Unverified Domain",
  APKT006: "Session Expired",
  APKT007: "Invalid Project ID",
  APKT008: "Project ID Missing",
  APKT009: "Server Error",
  APKT010: "Rate Limited"
}

describe("APKT alerts", () => {
  it("there are exactly the ten codes APKT001 to APKT010, in order", () => {
    assert.deepStrictEqual([...alertCodes], Object.keys(specAlerts))
  })

  for (const [code, title] of Object.entries(specAlerts)) {
    it(`${code} shows '${title}'`, () => {
      const alert = new AlertError({ code: code as keyof typeof alerts })
      assert.strictEqual(alert.shortMessage, title)
      assert.strictEqual(alert.code, code)
      assert.strictEqual(alert._tag, "AlertError")
    })
  }

  it("the Session Expired alert tells the user to check the system clock", () => {
    assert.include(alerts.APKT006.description, "system clock")
  })
})

describe("server messages", () => {
  it("'Unauthorized: origin not allowed' maps to origin not allowed (APKT002)", () => {
    assert.strictEqual(alertCodeFromServerMessage("Unauthorized: origin not allowed"), "APKT002")
  })

  it("'JWT validation error: JWT Token is not yet valid' maps to token not valid (APKT006)", () => {
    assert.strictEqual(alertCodeFromServerMessage("JWT validation error: JWT Token is not yet valid"), "APKT006")
  })

  it("'Unauthorized: invalid key' maps to invalid project id (APKT007)", () => {
    assert.strictEqual(alertCodeFromServerMessage("Unauthorized: invalid key"), "APKT007")
  })

  it("a server message inside a larger body still maps", () => {
    assert.strictEqual(
      alertCodeFromServerMessage('{"status":"ERROR","message":"Unauthorized: origin not allowed"}'),
      "APKT002"
    )
  })

  it("any other message maps to no alert", () => {
    assert.strictEqual(alertCodeFromServerMessage("Internal Server Error"), undefined)
    assert.strictEqual(alertCodeFromServerMessage(""), undefined)
  })
})
