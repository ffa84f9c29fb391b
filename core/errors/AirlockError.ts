import * as Data from "effect/Data"

/** The docs site base that `docsPath` values are relative to. */
export const docsBaseUrl = "https://github.com/airlock-wallet/airlock/blob/main/docs"

/** What every Airlock error carries besides its tag. */
export interface AirlockErrorOptions {
  /** An APKT alert code, where SPEC §8 gives one. */
  readonly code?: string | undefined
  /** Path of the docs page that explains the error, relative to the docs root (e.g. `/errors/APKT007.md`). */
  readonly docsPath?: string | undefined
  /** Extra detail for developers (a server message, a decoding issue); never shown as the headline. */
  readonly details?: string | undefined
  /** The error that caused this one. */
  readonly cause?: unknown
}

const composeMessage = (shortMessage: string, options: AirlockErrorOptions): string => {
  const lines = [shortMessage]
  if (options.docsPath !== undefined || options.details !== undefined) lines.push("")
  if (options.docsPath !== undefined) lines.push(`Docs: ${docsBaseUrl}${options.docsPath}`)
  if (options.details !== undefined) lines.push(`Details: ${options.details}`)
  return lines.join("\n")
}

/**
 * Base of every error Airlock raises. `shortMessage` is the exact text a user sees (SPEC §8); `message` adds the docs
 * link and details for developers. Instances are yieldable inside `Effect.gen` and are matched by `_tag`.
 *
 * @example
 * ```ts
 * import { AirlockError } from "airlock-kit"
 * try {
 *   await airlock.switchNetwork(network)
 * } catch (e) {
 *   if (e instanceof AirlockError) console.log(e.shortMessage, e.walk())
 * }
 * ```
 */
export abstract class AirlockError extends Data.Error<{ readonly message: string; readonly cause?: unknown }> {
  abstract readonly _tag: string
  /** The exact user-facing text. */
  readonly shortMessage: string
  /** The APKT code, if any. */
  readonly code: string | undefined
  readonly docsPath: string | undefined
  readonly details: string | undefined

  constructor(shortMessage: string, options: AirlockErrorOptions = {}) {
    super(
      options.cause === undefined
        ? { message: composeMessage(shortMessage, options) }
        : { message: composeMessage(shortMessage, options), cause: options.cause }
    )
    // Logs and `Cause.pretty` print `name`; the tag says which error it is where "Error" would not.
    Object.defineProperty(this, "name", { get: () => this._tag, configurable: true, enumerable: false })
    this.shortMessage = shortMessage
    this.code = options.code
    this.docsPath = options.docsPath
    this.details = options.details
  }

  /**
   * Follows the `cause` chain. Without a predicate returns the innermost cause; with one, the first error (this one
   * included) that matches, or `undefined`.
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    for (let depth = 0; depth < 32; depth++) {
      if (predicate?.(current)) return current
      const next = typeof current === "object" && current !== null ? (current as { cause?: unknown }).cause : undefined
      if (next === undefined || next === null) return predicate ? undefined : current
      current = next
    }
    return predicate ? undefined : current
  }
}
