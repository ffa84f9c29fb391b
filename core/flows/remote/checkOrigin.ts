import * as Effect from "effect/Effect"
import { AlertError } from "../../errors/alerts.ts"
import { isOriginAllowed } from "../../rules/origins.ts"
import { WalletApi } from "../../services/WalletApi.ts"

/**
 * Checks that the page's origin may use the project (SPEC §5). Local and default origins (localhost, 127.0.0.1,
 * private-network IPs, preview hosts) pass without a request; otherwise the project's allowed origins are fetched and
 * matched with wildcards. Fails with APKT002 Invalid App Configuration when the origin is not listed, and with the
 * fetch's own alert on 429 (APKT010) or 5xx (APKT009). An empty list, which is also what other fetch failures give,
 * blocks nothing: an origin is refused only on the project's explicit word.
 * @example
 * ```ts
 * import { Platform } from "../../services/Platform.ts"
 * const platform = yield* Platform
 * if (platform.origin !== undefined) {
 *   yield* checkOrigin(platform.origin).pipe(Effect.catchTag("AlertError", (alert) => Effect.logWarning(alert.code)))
 * }
 * ```
 */
export const checkOrigin = Effect.fn("checkOrigin")(function* (origin: string) {
  if (isOriginAllowed(origin, [])) return
  const allowed = yield* WalletApi.use((api) => api.getAllowedOrigins)
  if (allowed.length === 0 || isOriginAllowed(origin, allowed)) return
  return yield* new AlertError({
    code: "APKT002",
    details: `The origin ${origin} is not in the project's allowed origins.`
  })
})
