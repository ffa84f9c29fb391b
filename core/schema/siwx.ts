import * as Schema from "effect/Schema"
import { CaipNetworkId } from "./network.ts"

/**
 * The data of a sign-in-with-wallet message (SPEC §3). Dates are ISO strings; `chainId` is a CAIP network id.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const data = Schema.decodeUnknownSync(SIWXMessageData)({
 *   accountAddress: "0xabc", chainId: "eip155:1", domain: "app.example", uri: "https://app.example",
 *   version: "1", nonce: "n0nce"
 * })
 * ```
 */
export const SIWXMessageData = Schema.Struct({
  accountAddress: Schema.String,
  chainId: CaipNetworkId,
  domain: Schema.String,
  uri: Schema.String,
  version: Schema.String,
  nonce: Schema.String,
  serializedMessage: Schema.optionalKey(Schema.String),
  notBefore: Schema.optionalKey(Schema.String),
  statement: Schema.optionalKey(Schema.String),
  resources: Schema.optionalKey(Schema.Array(Schema.String)),
  requestId: Schema.optionalKey(Schema.String),
  issuedAt: Schema.optionalKey(Schema.String),
  expirationTime: Schema.optionalKey(Schema.String)
})
/** The data of a sign-in-with-wallet message. */
export type SIWXMessageData = typeof SIWXMessageData.Type
