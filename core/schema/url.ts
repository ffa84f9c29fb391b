import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"

import { isSafeImageUrl, isSafeLinkUrl } from "./urlCheck.ts"

export {
  isSafeImageUrl,
  isSafeLinkUrl,
  maxImageUrlLength,
  maxLinkUrlLength,
  type SafeUrlOptions,
  safeImageDataTypes
} from "./urlCheck.ts"

/**
 * A string that passes {@link isSafeImageUrl}.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(SafeImageUrl)("javascript:alert(1)") // false
 * ```
 */
export const SafeImageUrl = Schema.String.check(
  Schema.makeFilter((value: string) => isSafeImageUrl(value) || "not a safe image URL")
)

/**
 * A string that passes {@link isSafeLinkUrl}.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(SafeLinkUrl)("metamask://wc") // true
 * ```
 */
export const SafeLinkUrl = Schema.String.check(
  Schema.makeFilter((value: string) => isSafeLinkUrl(value) || "not a safe link URL")
)

const droppedWhenUnsafe = <S extends Schema.Top & { readonly Type: string; readonly Encoded: string }>(
  safe: S,
  isSafe: (value: string) => boolean,
  what: string
) =>
  Schema.optionalKey(Schema.NullOr(Schema.String)).pipe(
    Schema.decodeTo(Schema.optionalKey(Schema.NullOr(safe)), {
      // One bad URL must not cost the whole response: the field is dropped with a warning, the entry stays.
      decode: SchemaGetter.transformOptionalEffect((input: Option.Option<string | null>) =>
        Option.isSome(input) && input.value !== null && !isSafe(input.value)
          ? Effect.as(
              Effect.logWarning(`Airlock: dropped an unsafe ${what} URL`, input.value.slice(0, 100)),
              Option.none()
            )
          : Effect.succeed(input)
      ),
      encode: SchemaGetter.passthrough()
    })
  )

/**
 * An optional, nullable image URL field of an API payload: an unsafe value is dropped with a warning (the key is
 * absent after decoding) instead of failing the whole payload.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const Icon = Schema.Struct({ icon: OptionalSafeImageUrl })
 * Schema.decodeUnknownSync(Icon)({ icon: "javascript:alert(1)" }) // {}
 * ```
 */
export const OptionalSafeImageUrl = droppedWhenUnsafe(SafeImageUrl, (value) => isSafeImageUrl(value), "image")

/**
 * An optional, nullable link field of an API payload: an unsafe value is dropped with a warning.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const Links = Schema.Struct({ mobile_link: OptionalSafeLinkUrl })
 * Schema.decodeUnknownSync(Links)({ mobile_link: "rainbow://" }) // { mobile_link: "rainbow://" }
 * ```
 */
export const OptionalSafeLinkUrl = droppedWhenUnsafe(SafeLinkUrl, (value) => isSafeLinkUrl(value), "link")

/**
 * A required, nullable image URL field (an identity's avatar): an unsafe value reads as `null`, with a warning.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const Avatar = Schema.Struct({ avatar: NullableSafeImageUrl })
 * Schema.decodeUnknownSync(Avatar)({ avatar: "javascript:alert(1)" }) // { avatar: null }
 * ```
 */
export const NullableSafeImageUrl = Schema.NullOr(Schema.String).pipe(
  Schema.decodeTo(Schema.NullOr(SafeImageUrl), {
    decode: SchemaGetter.transformEffect((value: string | null) =>
      value !== null && !isSafeImageUrl(value)
        ? Effect.as(Effect.logWarning("Airlock: dropped an unsafe image URL", value.slice(0, 100)), null)
        : Effect.succeed(value)
    ),
    encode: SchemaGetter.passthrough()
  })
)
