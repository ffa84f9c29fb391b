import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { AirlockOptionsSchema } from "../client/AirlockOptions.ts"
import { Options } from "../client/Options.ts"
import { OptionsError } from "../errors/catalogue.ts"

/**
 * Decodes the options with their schema. It runs first in `initialize`, off the first load (the schema library is
 * the largest part of Effect), so a bad option rejects `ready` rather than throwing from `createAirlock`.
 */
export const decodeOptions = Effect.gen(function* () {
  const { raw } = yield* Options
  // `undefined` means "not set" in the options type; the schema's optional keys mean the same.
  const defined = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined))
  const decoded = Schema.decodeUnknownResult(AirlockOptionsSchema)(defined)
  if (Result.isFailure(decoded)) {
    return yield* new OptionsError({ reason: "Invalid", details: decoded.failure.message, cause: decoded.failure })
  }
})
