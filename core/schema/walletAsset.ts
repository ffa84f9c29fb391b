import * as Schema from "effect/Schema"

/**
 * One asset of the embedded wallet's `wallet_getAssets` answer (SPEC §5 asset discovery): address and balance as
 * strings, type ERC20 or NATIVE, and full metadata. An answer that does not decode means "use the balance API".
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(WalletAsset)({
 *   address: "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", balance: "0xde0b6b3a7640000", type: "NATIVE",
 *   metadata: { name: "Ether", symbol: "ETH", decimals: 18, price: 3200, iconUrl: "https://…/eth.png" }
 * }) // true
 * ```
 */
export const WalletAsset = Schema.Struct({
  address: Schema.String,
  balance: Schema.String,
  type: Schema.Literals(["ERC20", "NATIVE"]),
  metadata: Schema.Struct({
    name: Schema.String,
    symbol: Schema.String,
    decimals: Schema.Number,
    price: Schema.Number,
    iconUrl: Schema.String
  })
})
/** One asset of the embedded wallet's `wallet_getAssets` answer. */
export type WalletAsset = typeof WalletAsset.Type

/**
 * The `wallet_getAssets` answer: assets keyed by hex chain id (EIP-7811).
 * @example
 * ```ts
 * const none: WalletAssets = { "0x1": [] }
 * ```
 */
export const WalletAssets = Schema.Record(Schema.String, Schema.Array(WalletAsset))
/** The `wallet_getAssets` answer. */
export type WalletAssets = typeof WalletAssets.Type
