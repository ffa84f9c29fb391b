import * as Schema from "effect/Schema"
import { DisplayText } from "../displayTextSchema.ts"
import { Identity } from "../identity.ts"
import { TokenBalance } from "../token.ts"
import { Transaction } from "../transaction.ts"
import { OptionalSafeImageUrl } from "../url.ts"

/**
 * `GET /v1/supported-chains`: the CAIP network ids the blockchain API serves over HTTP and over WebSocket.
 * @example
 * ```ts
 * const s: SupportedChains = { http: ["eip155:1", "eip155:8453"], ws: ["eip155:1"] }
 * ```
 */
export const SupportedChains = Schema.Struct({
  http: Schema.Array(Schema.String),
  ws: Schema.Array(Schema.String)
})
/** The networks the blockchain API serves. */
export type SupportedChains = typeof SupportedChains.Type

/**
 * Path of the per-address endpoints (`/v1/identity/{address}`, `/v1/account/{address}/…`, `/v1/sessions/{address}`).
 * @example
 * ```ts
 * const p: AddressParams = { address: "0xabc" }
 * ```
 */
export const AddressParams = Schema.Struct({ address: Schema.String })
/** Path of the per-address endpoints. */
export type AddressParams = typeof AddressParams.Type

/**
 * Query of `GET /v1/identity/{address}`: `sender` is the connected account asking.
 * @example
 * ```ts
 * const q: IdentityQuery = { sender: "0xdef" }
 * ```
 */
export const IdentityQuery = Schema.Struct({ sender: Schema.optional(Schema.String) })
/** Query of the identity endpoint. */
export type IdentityQuery = typeof IdentityQuery.Type

/** `GET /v1/identity/{address}`: name and avatar, each possibly null. */
export const IdentityResponse = Identity
/** Name and avatar of an address. */
export type IdentityResponse = typeof IdentityResponse.Type

/**
 * Query of `GET /v1/account/{address}/history`: `cursor` from the previous page's `next`; `chainId` a CAIP network id.
 * @example
 * ```ts
 * const q: HistoryQuery = { chainId: "eip155:1", cursor: "page-2" }
 * ```
 */
export const HistoryQuery = Schema.Struct({
  cursor: Schema.optional(Schema.String),
  chainId: Schema.optional(Schema.String)
})
/** Query of the history endpoint. */
export type HistoryQuery = typeof HistoryQuery.Type

/**
 * `GET /v1/account/{address}/history`: one page of transactions and the cursor of the next page (null at the end).
 * @example
 * ```ts
 * const h: HistoryResponse = { data: [], next: null }
 * ```
 */
export const HistoryResponse = Schema.Struct({
  data: Schema.Array(Transaction),
  next: Schema.optionalKey(Schema.NullOr(Schema.String))
})
/** One page of an account's history. */
export type HistoryResponse = typeof HistoryResponse.Type

/**
 * Query of `GET /v1/account/{address}/balance`: fiat `currency` (Airlock sends `usd`), CAIP `chainId`, and
 * `forceUpdate` (a token address whose balance must be refreshed server side).
 * @example
 * ```ts
 * const q: BalanceQuery = { currency: "usd", chainId: "eip155:1" }
 * ```
 */
export const BalanceQuery = Schema.Struct({
  currency: Schema.String,
  chainId: Schema.optional(Schema.String),
  forceUpdate: Schema.optional(Schema.String)
})
/** Query of the balance endpoint. */
export type BalanceQuery = typeof BalanceQuery.Type

/**
 * `GET /v1/account/{address}/balance`: the account's tokens with fiat values.
 * @example
 * ```ts
 * const b: BalanceResponse = { balances: [] }
 * ```
 */
export const BalanceResponse = Schema.Struct({ balances: Schema.Array(TokenBalance) })
/** The account's tokens. */
export type BalanceResponse = typeof BalanceResponse.Type

/**
 * Body of `POST /v1/fungible/price`: token addresses (CAIP-10) to price in `currency`.
 * @example
 * ```ts
 * const b: FungiblePriceBody = { currency: "usd", addresses: ["eip155:1:0xa0b8…"], projectId: "p1" }
 * ```
 */
export const FungiblePriceBody = Schema.Struct({
  currency: Schema.String,
  addresses: Schema.Array(Schema.String),
  projectId: Schema.String
})
/** Body of the fungible price endpoint. */
export type FungiblePriceBody = typeof FungiblePriceBody.Type

/**
 * The price of one token.
 * @example
 * ```ts
 * const f: FungiblePrice = { name: "USD Coin", symbol: "USDC", iconUrl: "https://…/usdc.png", price: 1 }
 * ```
 */
export const FungiblePrice = Schema.Struct({
  name: DisplayText,
  symbol: DisplayText,
  iconUrl: OptionalSafeImageUrl,
  price: Schema.Number
})
/** The price of one token. */
export type FungiblePrice = typeof FungiblePrice.Type

/**
 * `POST /v1/fungible/price`: prices of the requested tokens.
 * @example
 * ```ts
 * const r: FungiblePriceResponse = { fungibles: [{ name: "Ether", symbol: "ETH", price: 3000 }] }
 * ```
 */
export const FungiblePriceResponse = Schema.Struct({ fungibles: Schema.Array(FungiblePrice) })
/** Prices of the requested tokens. */
export type FungiblePriceResponse = typeof FungiblePriceResponse.Type
