import * as Schema from "effect/Schema"
import { DisplayText } from "./displayTextSchema.ts"
import { OptionalSafeImageUrl, OptionalSafeLinkUrl } from "./url.ts"

const NullableString = Schema.optionalKey(Schema.NullOr(Schema.String))

/**
 * One wallet of the wallet registry (SPEC §3). Links and rdns are nullable or absent in real registry data, so they
 * are optional; unknown keys are dropped on decode. An unsafe image URL or link (see `isSafeImageUrl`,
 * `isSafeLinkUrl`) is dropped with a warning, keeping the wallet.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const w = Schema.decodeUnknownSync(WalletListing)({ id: "c57ca95b", name: "MetaMask", rdns: "io.metamask" })
 * ```
 */
export const WalletListing = Schema.Struct({
  id: Schema.String,
  name: DisplayText,
  image_id: NullableString,
  image_url: OptionalSafeImageUrl,
  homepage: OptionalSafeLinkUrl,
  mobile_link: OptionalSafeLinkUrl,
  desktop_link: OptionalSafeLinkUrl,
  webapp_link: OptionalSafeLinkUrl,
  app_store: OptionalSafeLinkUrl,
  play_store: OptionalSafeLinkUrl,
  chrome_store: OptionalSafeLinkUrl,
  rdns: NullableString,
  chains: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
  injected: Schema.optionalKey(
    Schema.NullOr(Schema.Array(Schema.Struct({ namespace: Schema.String, injected_id: Schema.String })))
  ),
  badge_type: NullableString,
  order: Schema.optionalKey(Schema.NullOr(Schema.Number))
})
/** One wallet of the wallet registry. */
export type WalletListing = typeof WalletListing.Type

/**
 * A wallet as shown in a list: the listing plus whether it is installed and its position.
 * @example
 * ```ts
 * const e: WalletListEntry = { id: "c57ca95b", name: "MetaMask", installed: true, display_index: 0 }
 * ```
 */
export const WalletListEntry = Schema.Struct({
  ...WalletListing.fields,
  installed: Schema.optionalKey(Schema.Boolean),
  display_index: Schema.optionalKey(Schema.Number)
})
/** A wallet as shown in a list. */
export type WalletListEntry = typeof WalletListEntry.Type
