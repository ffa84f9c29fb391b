import { assert, describe, it } from "@effect/vitest"
import { AlertError, type alertCodes, alertPrecedence, keepsCurrentAlert } from "../../../core/errors/alerts.ts"
import { nextAlert } from "../../../core/state/alert.ts"
import { alertTitle } from "../../fixtures/englishText.ts"

const raise = (...codes: ReadonlyArray<(typeof alertCodes)[number]>) =>
  codes.reduce(
    (shown, code) => nextAlert(shown, new AlertError({ code })),
    undefined as ReturnType<typeof nextAlert> | undefined
  )

describe("which alert the modal shows when several fire", () => {
  it("an unknown project id keeps 'Invalid Project ID' when the analytics 403 comes after it", () => {
    assert.strictEqual(alertTitle(raise("APKT007", "APKT002")), "Invalid Project ID")
  })

  it("'Invalid Project ID' replaces a vaguer alert that came first", () => {
    assert.strictEqual(alertTitle(raise("APKT002", "APKT007")), "Invalid Project ID")
  })

  it("'Project ID Missing' is never replaced by a server or configuration alert", () => {
    for (const code of alertPrecedence) assert.strictEqual(raise("APKT008", code)?.code, "APKT008")
  })

  it("an alert from the user's own action (network not found, wallet timeout) always shows", () => {
    assert.strictEqual(raise("APKT007", "APKT001")?.code, "APKT001")
    assert.strictEqual(raise("APKT008", "APKT004")?.code, "APKT004")
  })

  it("the same alert raised twice stays one alert", () => {
    assert.strictEqual(raise("APKT009", "APKT009")?.code, "APKT009")
  })

  it("every configuration alert has one place in the order, and the order is total over it", () => {
    assert.strictEqual(new Set(alertPrecedence).size, alertPrecedence.length)
    for (const a of alertPrecedence) {
      for (const b of alertPrecedence) {
        if (a !== b) assert.notStrictEqual(keepsCurrentAlert(a, b), keepsCurrentAlert(b, a))
      }
    }
  })
})
