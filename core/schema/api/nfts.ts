import * as Schema from "effect/Schema"
import { DisplayText } from "../displayTextSchema.ts"
import { OptionalSafeImageUrl } from "../url.ts"

/**
 * One NFT an account holds (Airlock's extension of the blockchain API, see docs/api-extensions.md): the token
 * (CAIP-2 chain, CAIP-10 contract or mint, token id), its name and image, its collection, and whether the API
 * judges it spam. Unsafe image URLs are dropped at the boundary, like every image URL (SPEC §5).
 * @example
 * ```ts
 * const n: Nft = {
 *   id: "eip155:1:0xabc:1", chainId: "eip155:1", contract: "eip155:1:0xabc", tokenId: "1", name: "Punk #1",
 *   collection: { name: "Airlock Punks" }
 * }
 * ```
 */
export const Nft = Schema.Struct({
  id: Schema.String,
  chainId: Schema.String,
  contract: Schema.String,
  tokenId: Schema.String,
  name: DisplayText,
  collection: Schema.Struct({ name: DisplayText, symbol: Schema.optionalKey(DisplayText) }),
  imageUrl: OptionalSafeImageUrl,
  description: Schema.optionalKey(Schema.String),
  standard: Schema.optionalKey(Schema.String),
  isSpam: Schema.optionalKey(Schema.Boolean)
})
/** One NFT an account holds. */
export type Nft = typeof Nft.Type

/**
 * Query of `GET /v1/account/{address}/nfts`: `chainId` a CAIP network id; `cursor` from the previous page's `next`.
 * @example
 * ```ts
 * const q: NftsQuery = { chainId: "eip155:1" }
 * ```
 */
export const NftsQuery = Schema.Struct({
  chainId: Schema.optional(Schema.String),
  cursor: Schema.optional(Schema.String)
})
/** Query of the NFTs endpoint. */
export type NftsQuery = typeof NftsQuery.Type

/**
 * `GET /v1/account/{address}/nfts`: one page of the account's NFTs and the cursor of the next (null at the end).
 * @example
 * ```ts
 * const r: NftsResponse = { data: [], next: null }
 * ```
 */
export const NftsResponse = Schema.Struct({
  data: Schema.Array(Nft),
  next: Schema.optionalKey(Schema.NullOr(Schema.String))
})
/** One page of an account's NFTs. */
export type NftsResponse = typeof NftsResponse.Type
