import * as Schema from "effect/Schema"
import { OptionalSafeImageUrl } from "./url.ts"

const ImageRef = Schema.Struct({ url: OptionalSafeImageUrl })

/**
 * What a history entry did and when (SPEC §3). `minedAt` is an ISO date string; `chain` is a CAIP network id.
 * @example
 * ```ts
 * const m: TransactionMetadata = {
 *   operationType: "send", hash: "0x…", minedAt: "2024-05-01T10:00:00Z", sentFrom: "0xa…", sentTo: "0xb…",
 *   status: "confirmed", nonce: 3, chain: "eip155:1"
 * }
 * ```
 */
export const TransactionMetadata = Schema.Struct({
  operationType: Schema.String,
  hash: Schema.optionalKey(Schema.String),
  minedAt: Schema.String,
  sentFrom: Schema.String,
  sentTo: Schema.String,
  status: Schema.String,
  nonce: Schema.optionalKey(Schema.Number),
  chain: Schema.optionalKey(Schema.String),
  application: Schema.optionalKey(
    Schema.Struct({ name: Schema.optionalKey(Schema.String), iconUrl: OptionalSafeImageUrl })
  )
})
/** What a history entry did and when. */
export type TransactionMetadata = typeof TransactionMetadata.Type

/**
 * One asset movement of a history entry: a fungible token (`fungible_info`) or an NFT (`nft_info`, with the spam flag).
 * @example
 * ```ts
 * const t: TransactionTransfer = {
 *   fungible_info: { name: "Ether", symbol: "ETH", icon: { url: "https://…/eth.png" } },
 *   direction: "out", quantity: { numeric: "0.25" }
 * }
 * ```
 */
export const TransactionTransfer = Schema.Struct({
  fungible_info: Schema.optionalKey(
    Schema.NullOr(
      Schema.Struct({
        name: Schema.optionalKey(Schema.String),
        symbol: Schema.optionalKey(Schema.String),
        icon: Schema.optionalKey(Schema.NullOr(ImageRef))
      })
    )
  ),
  nft_info: Schema.optionalKey(
    Schema.NullOr(
      Schema.Struct({
        name: Schema.optionalKey(Schema.String),
        content: Schema.optionalKey(
          Schema.Struct({
            preview: Schema.optionalKey(Schema.NullOr(ImageRef)),
            detail: Schema.optionalKey(Schema.NullOr(ImageRef))
          })
        ),
        flags: Schema.optionalKey(Schema.Struct({ is_spam: Schema.Boolean }))
      })
    )
  ),
  direction: Schema.optionalKey(Schema.String),
  quantity: Schema.Struct({ numeric: Schema.String }),
  value: Schema.optionalKey(Schema.Number),
  price: Schema.optionalKey(Schema.Number)
})
/** One asset movement of a history entry. */
export type TransactionTransfer = typeof TransactionTransfer.Type

/**
 * One entry of an account's history (SPEC §3).
 * @example
 * ```ts
 * const tx: Transaction = {
 *   id: "tx-1",
 *   metadata: { operationType: "receive", minedAt: "2024-05-01T10:00:00Z", sentFrom: "0xa…", sentTo: "0xb…", status: "confirmed" },
 *   transfers: [{ quantity: { numeric: "1" } }]
 * }
 * ```
 */
export const Transaction = Schema.Struct({
  id: Schema.String,
  metadata: TransactionMetadata,
  transfers: Schema.Array(TransactionTransfer)
})
/** One entry of an account's history. */
export type Transaction = typeof Transaction.Type
