import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { WalletAssets } from "../../../core/schema/index.ts"

const ether = {
  address: "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
  balance: "0xde0b6b3a7640000",
  type: "NATIVE",
  metadata: { name: "Ether", symbol: "ETH", decimals: 18, price: 3200, iconUrl: "https://cdn.example/eth.png" }
}

describe("embedded-wallet asset discovery", () => {
  it("accepts assets with string address and balance, ERC20 or NATIVE type and full metadata", () => {
    expect(Schema.is(WalletAssets)({ "0x1": [ether, { ...ether, type: "ERC20", address: "0xa0b8" }] })).toBe(true)
  })

  it("refuses an answer the balance API must replace", () => {
    expect(Schema.is(WalletAssets)({ "0x1": [{ ...ether, balance: 1 }] })).toBe(false)
    expect(Schema.is(WalletAssets)({ "0x1": [{ ...ether, type: "ERC721" }] })).toBe(false)
    const { iconUrl: _, ...noIcon } = ether.metadata
    expect(Schema.is(WalletAssets)({ "0x1": [{ ...ether, metadata: noIcon }] })).toBe(false)
  })
})
