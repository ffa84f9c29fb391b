import * as Schema from "effect/Schema"
import { DisplayText } from "./displayTextSchema.ts"
import { NullableSafeImageUrl } from "./url.ts"

/**
 * The public identity of an address (SPEC §7 `/v1/identity/{address}`): a name and an avatar, each possibly null;
 * an unsafe avatar URL reads as null.
 * @example
 * ```ts
 * const id: Identity = { name: "vitalik.eth", avatar: null }
 * ```
 */
export const Identity = Schema.Struct({
  name: Schema.NullOr(DisplayText),
  avatar: NullableSafeImageUrl
})
/** The public identity of an address. */
export type Identity = typeof Identity.Type
