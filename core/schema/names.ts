import * as Schema from "effect/Schema"

// The profile API has sent dates both as ISO strings and as unix numbers: accept both.
const Timestamp = Schema.Union([Schema.String, Schema.Number])

/**
 * One address an account name points to, keyed by coin type in `NameRecord.addresses`.
 * @example
 * ```ts
 * const a: NameAddress = { address: "0xabc", created: "2024-05-01T10:00:00Z" }
 * ```
 */
export const NameAddress = Schema.Struct({
  address: Schema.String,
  created: Schema.optionalKey(Timestamp)
})
/** One address an account name points to. */
export type NameAddress = typeof NameAddress.Type

/**
 * A registered account name (SPEC §3): its addresses by coin type and its text attributes.
 * @example
 * ```ts
 * const r: NameRecord = {
 *   name: "ada.airlock.id", registered_at: "2024-05-01T10:00:00Z", updated_at: "2024-05-01T10:00:00Z",
 *   addresses: { "60": { address: "0xabc" } }, attributes: [{ bio: "hi" }]
 * }
 * ```
 */
export const NameRecord = Schema.Struct({
  name: Schema.String,
  registered_at: Schema.optionalKey(Timestamp),
  updated_at: Schema.optionalKey(Timestamp),
  addresses: Schema.Record(Schema.String, NameAddress),
  attributes: Schema.optionalKey(
    Schema.Union([
      Schema.Array(Schema.Record(Schema.String, Schema.String)),
      Schema.Record(Schema.String, Schema.String)
    ])
  )
})
/** A registered account name. */
export type NameRecord = typeof NameRecord.Type

/**
 * A suggested account name; `registered` tells whether it is taken.
 * @example
 * ```ts
 * const s: NameSuggestion = { name: "ada1.airlock.id", registered: false }
 * ```
 */
export const NameSuggestion = Schema.Struct({
  name: Schema.String,
  registered: Schema.optionalKey(Schema.Boolean),
  registered_at: Schema.optionalKey(Timestamp),
  updated_at: Schema.optionalKey(Timestamp),
  addresses: Schema.optionalKey(Schema.Record(Schema.String, NameAddress)),
  attributes: Schema.optionalKey(
    Schema.Union([
      Schema.Array(Schema.Record(Schema.String, Schema.String)),
      Schema.Record(Schema.String, Schema.String)
    ])
  )
})
/** A suggested account name. */
export type NameSuggestion = typeof NameSuggestion.Type
