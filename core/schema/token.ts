import * as Schema from "effect/Schema"
import { DisplayText } from "./displayTextSchema.ts"
import { OptionalSafeImageUrl } from "./url.ts"

/**
 * A token amount as the balance API gives it: `decimals` and `numeric` are decimal strings (SPEC §3).
 * @example
 * ```ts
 * const q: TokenQuantity = { decimals: "18", numeric: "1.5" }
 * ```
 */
export const TokenQuantity = Schema.Struct({
  decimals: Schema.String,
  numeric: Schema.String
})
/** A token amount. */
export type TokenQuantity = typeof TokenQuantity.Type

/**
 * One token held by an account (SPEC §3). `address` is absent for the native token; `chainId` is a CAIP network id
 * string; `value` is the fiat value and `price` the fiat price per unit.
 * @example
 * ```ts
 * const usdc: TokenBalance = {
 *   name: "USD Coin", symbol: "USDC", chainId: "eip155:1", address: "eip155:1:0xa0b8…",
 *   value: 12.5, price: 1, quantity: { decimals: "6", numeric: "12.5" }, iconUrl: "https://…/usdc.png"
 * }
 * ```
 */
export const TokenBalance = Schema.Struct({
  name: DisplayText,
  symbol: DisplayText,
  chainId: Schema.String,
  address: Schema.optionalKey(Schema.String),
  value: Schema.optionalKey(Schema.Number),
  price: Schema.Number,
  quantity: TokenQuantity,
  iconUrl: OptionalSafeImageUrl
})
/** One token held by an account. */
export type TokenBalance = typeof TokenBalance.Type
