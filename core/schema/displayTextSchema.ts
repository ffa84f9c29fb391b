import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { displayText } from "./displayText.ts"

/**
 * A string decoded with {@link displayText}: every name an API or a wallet sends goes through it before it reaches
 * the state, so every renderer shows it safely.
 * @example
 * ```ts
 * Schema.decodeUnknownSync(DisplayText)("\u202Eevil") // "evil"
 * ```
 */
export const DisplayText = Schema.String.pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform({ decode: displayText, encode: (text: string) => text })
  )
)
