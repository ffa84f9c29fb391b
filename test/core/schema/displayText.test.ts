import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { displayText } from "../../../core/schema/displayText.ts"
import { Identity } from "../../../core/schema/identity.ts"
import { sanitizeConnector } from "../../../core/schema/sanitizeConnector.ts"
import { TokenBalance } from "../../../core/schema/token.ts"
import { WalletListing } from "../../../core/schema/wallet.ts"

// A name with a right-to-left override (U+202E) displays reversed: "\u202Eevil" reads "live" (issue 21).

describe("names are shown without bidirectional controls", () => {
  it("removes overrides, embeddings, isolates and marks, and keeps right-to-left letters", () => {
    expect(displayText("\u202Eevil")).toBe("evil")
    expect(displayText("a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl")).toBe(
      "abcdefghijkl"
    )
    expect(displayText("محفظة آمنة")).toBe("محفظة آمنة")
    expect(displayText("MetaMask")).toBe("MetaMask")
  })

  it("every name an API sends is cleaned when decoded: registry wallets, tokens, identities", () => {
    expect(Schema.decodeUnknownSync(WalletListing)({ id: "x", name: "\u202Etellaw" }).name).toBe("tellaw")
    const token = Schema.decodeUnknownSync(TokenBalance)({
      name: "USD\u202E Coin",
      symbol: "\u2067USDC",
      chainId: "eip155:1",
      price: 1,
      quantity: { decimals: "6", numeric: "1" }
    })
    expect([token.name, token.symbol]).toEqual(["USD Coin", "USDC"])
    expect(Schema.decodeUnknownSync(Identity)({ name: "\u202Eeci.la", avatar: null }).name).toBe("eci.la")
  })

  it("an announced wallet's name is cleaned before it enters the state", () => {
    const connector = sanitizeConnector({ id: "evil", type: "ANNOUNCED", name: "\u202Eevil", chain: "eip155" })
    expect(connector.name).toBe("evil")
  })
})
