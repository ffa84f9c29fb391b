import * as Schema from "effect/Schema"
import { NameRecord, NameSuggestion } from "../names.ts"

/**
 * Path of `GET /v1/profile/account/{name}` and `GET /v1/profile/suggestions/{name}`.
 * @example
 * ```ts
 * const p: NameParams = { name: "ada.airlock.id" }
 * ```
 */
export const NameParams = Schema.Struct({ name: Schema.String })
/** Path of the per-name endpoints. */
export type NameParams = typeof NameParams.Type

/**
 * Query of `GET /v1/profile/account/{name}` (Airlock sends `apiVersion=2`).
 * @example
 * ```ts
 * const q: NameLookupQuery = { apiVersion: "2" }
 * ```
 */
export const NameLookupQuery = Schema.Struct({ apiVersion: Schema.String })
/** Query of the name lookup endpoint. */
export type NameLookupQuery = typeof NameLookupQuery.Type

/** `GET /v1/profile/account/{name}`: the name's addresses and attributes. */
export const NameLookupResponse = NameRecord
/** A registered name. */
export type NameLookupResponse = typeof NameLookupResponse.Type

/**
 * Query of `GET /v1/profile/reverse/{address}`: `sender` is the connected account asking.
 * @example
 * ```ts
 * const q: ReverseLookupQuery = { sender: "0xabc", apiVersion: "2" }
 * ```
 */
export const ReverseLookupQuery = Schema.Struct({ sender: Schema.optional(Schema.String), apiVersion: Schema.String })
/** Query of the reverse lookup endpoint. */
export type ReverseLookupQuery = typeof ReverseLookupQuery.Type

/**
 * `GET /v1/profile/reverse/{address}`: every name that points to the address.
 * @example
 * ```ts
 * const r: ReverseLookupResponse = []
 * ```
 */
export const ReverseLookupResponse = Schema.Array(NameRecord)
/** Every name that points to an address. */
export type ReverseLookupResponse = typeof ReverseLookupResponse.Type

/**
 * Query of `GET /v1/profile/suggestions/{name}`: the name zone (e.g. `airlock.id`) suggestions are made in.
 * @example
 * ```ts
 * const q: NameSuggestionsQuery = { zone: "airlock.id" }
 * ```
 */
export const NameSuggestionsQuery = Schema.Struct({ zone: Schema.String })
/** Query of the suggestions endpoint. */
export type NameSuggestionsQuery = typeof NameSuggestionsQuery.Type

/**
 * `GET /v1/profile/suggestions/{name}`.
 * @example
 * ```ts
 * const r: NameSuggestionsResponse = { suggestions: [{ name: "ada1.airlock.id", registered: false }] }
 * ```
 */
export const NameSuggestionsResponse = Schema.Struct({ suggestions: Schema.Array(NameSuggestion) })
/** Suggested names. */
export type NameSuggestionsResponse = typeof NameSuggestionsResponse.Type

/**
 * Body of `POST /v1/profile/account`: the signed registration message (`message` is JSON text naming the name).
 * @example
 * ```ts
 * const b: RegisterNameBody = { coin_type: 60, address: "0xabc", message: "{…}", signature: "0x…" }
 * ```
 */
export const RegisterNameBody = Schema.Struct({
  coin_type: Schema.Number,
  address: Schema.String,
  message: Schema.String,
  signature: Schema.String
})
/** Body of the name registration endpoint. */
export type RegisterNameBody = typeof RegisterNameBody.Type

/**
 * `POST /v1/profile/account` on success.
 * @example
 * ```ts
 * const r: RegisterNameResponse = { success: true }
 * ```
 */
export const RegisterNameResponse = Schema.Struct({ success: Schema.Boolean })
/** Whether the name was registered. */
export type RegisterNameResponse = typeof RegisterNameResponse.Type

/**
 * The error body of the profile endpoints: SPEC §8 prefers the first reason's description when registration fails.
 * @example
 * ```ts
 * const e: ProfileErrorBody = { status: "FAILED", reasons: [{ name: "NAME_TAKEN", description: "Name is already taken" }] }
 * ```
 */
export const ProfileErrorBody = Schema.Struct({
  status: Schema.optionalKey(Schema.String),
  reasons: Schema.Array(Schema.Struct({ name: Schema.String, description: Schema.String }))
})
/** The error body of the profile endpoints. */
export type ProfileErrorBody = typeof ProfileErrorBody.Type
