import { assert, describe, it } from "@effect/vitest"
import { isRestrictedTimezone } from "../../../core/rules/region.ts"

describe("restricted timezones", () => {
  it("mainland China, Macau and Hong Kong time zones are restricted", () => {
    for (const tz of [
      "Asia/Shanghai",
      "Asia/Urumqi",
      "Asia/Chongqing",
      "Asia/Harbin",
      "Asia/Kashgar",
      "Asia/Macau",
      "Asia/Macao",
      "Asia/Hong_Kong"
    ]) {
      assert.isTrue(isRestrictedTimezone(tz), tz)
    }
  })

  it("the check ignores case, as browsers differ", () => {
    assert.isTrue(isRestrictedTimezone("ASIA/SHANGHAI"))
    assert.isTrue(isRestrictedTimezone("asia/hong_kong"))
  })

  it("neighbouring and unknown time zones are not restricted", () => {
    for (const tz of ["Asia/Taipei", "Asia/Singapore", "Asia/Tokyo", "Europe/Berlin", "UTC", "", undefined]) {
      assert.isFalse(isRestrictedTimezone(tz), String(tz))
    }
  })
})
