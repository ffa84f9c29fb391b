import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import fc from "fast-check"
import { CommaList, fillPath } from "../../../../core/schema/api/endpoint.ts"
import { endpoints } from "../../../../core/schema/api/endpoints.ts"
import { GetWalletsQuery } from "../../../../core/schema/api/walletApi.ts"

const rows = Object.entries(endpoints)

describe("endpoints table", () => {
  it("lists every SPEC §7 path once per method", () => {
    const keys = rows.map(([, e]) => `${e.method} ${e.path}`)
    assert.strictEqual(new Set(keys).size, keys.length)
    assert.includeMembers(keys, [
      "GET /appkit/v1/config",
      "GET /projects/v1/origins",
      "GET /getWallets",
      "GET /getAnalyticsConfig",
      "GET /getWalletImage/{id}",
      "GET /public/getAssetImage/{id}",
      "GET /public/getCurrencyImage/{id}",
      "GET /public/getTokenImage/{id}",
      "GET /v1/supported-chains",
      "GET /v1/identity/{address}",
      "GET /v1/account/{address}/history",
      "GET /v1/account/{address}/balance",
      "GET /v1/convert/quotes",
      "GET /v1/convert/tokens",
      "POST /v1/fungible/price",
      "GET /v1/convert/allowance",
      "GET /v1/convert/gas-price",
      "POST /v1/convert/build-transaction",
      "GET /v1/convert/build-approve",
      "GET /v1/profile/account/{name}",
      "GET /v1/profile/reverse/{address}",
      "GET /v1/profile/suggestions/{name}",
      "POST /v1/profile/account",
      "POST /v1/generators/onrampurl",
      "GET /v1/onramp/options",
      "POST /v1/onramp/quote",
      "GET /v1/sessions/{address}",
      "POST /v1/sessions/{address}/revoke"
    ])
  })

  it("declares a params schema exactly where the path has placeholders", () => {
    for (const [name, e] of rows) {
      const placeholders = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      const fields = "params" in e ? Object.keys(e.params.fields) : []
      assert.deepStrictEqual(fields, placeholders, name)
    }
  })

  it("only POSTs carry a body, and only image endpoints lack a response schema", () => {
    for (const [name, e] of rows) {
      assert.strictEqual("body" in e, e.method === "POST", name)
      assert.strictEqual(!("response" in e), name.endsWith("Image"), name)
    }
  })
})

describe("query codecs", () => {
  it("wallet queries travel as strings with comma-joined lists and decode back", () => {
    const query = { page: 2, entries: 40, include: ["a", "b"], chains: ["eip155:1"], search: "meta" }
    const wire = Schema.encodeSync(GetWalletsQuery)(query)
    assert.deepStrictEqual(wire, { page: "2", entries: "40", include: "a,b", chains: "eip155:1", search: "meta" })
    assert.deepStrictEqual(Schema.decodeUnknownSync(GetWalletsQuery)(wire), query)
  })

  it("a page that is not a whole number is refused", () => {
    assert.isTrue(Schema.decodeUnknownExit(GetWalletsQuery)({ page: "1.5", entries: "40" })._tag === "Failure")
  })

  it("comma lists round-trip any list of comma-free, non-empty items", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }).filter((s) => !s.includes(","))), (items) => {
        const wire = Schema.encodeSync(CommaList)(items)
        assert.deepStrictEqual(Schema.decodeSync(CommaList)(wire), items)
      })
    )
  })

  it("paths are filled URL-encoded, keeping the colons of CAIP ids", () => {
    assert.strictEqual(fillPath("/v1/sessions/{address}", { address: "eip155:1:0xabc" }), "/v1/sessions/eip155:1:0xabc")
    assert.strictEqual(fillPath("/getWalletImage/{id}", { id: "a/b c" }), "/getWalletImage/a%2Fb%20c")
  })
})
