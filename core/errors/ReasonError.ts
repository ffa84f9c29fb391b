import { AirlockError } from "./AirlockError.ts"

/** Values that fill `{placeholders}` in a catalogue text. */
export type ErrorParams = Readonly<Record<string, string | number>>

/** Constructor arguments of every catalogue error: which text, its placeholder values, and the cause. */
export interface ReasonErrorArgs<Reason extends string> {
  readonly reason: Reason
  readonly params?: ErrorParams | undefined
  readonly details?: string | undefined
  readonly cause?: unknown
}

const fill = (template: string, params: ErrorParams | undefined): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (params && key in params ? String(params[key]) : whole))

/** An instance of a {@link ReasonError} class: an {@link AirlockError} with its tag, reason and placeholder values. */
export interface ReasonErrorInstance<Tag extends string, Reason extends string> extends AirlockError {
  readonly _tag: Tag
  readonly reason: Reason
  readonly params: ErrorParams | undefined
}

/** The class {@link ReasonError} builds; declared so published `.d.ts` files name it instead of inlining effect's. */
export interface ReasonErrorClass<Tag extends string, Texts extends Readonly<Record<string, string>>> {
  new (args: ReasonErrorArgs<keyof Texts & string>): ReasonErrorInstance<Tag, keyof Texts & string>
  /** The table of texts this error draws from, for renderers that list them. */
  readonly texts: Texts
}

/**
 * Builds a tagged error class over a table of exact texts: one wrapper error per domain with a `reason` union, as
 * effect's `HttpClientError` does. `{name}` placeholders are filled from `params`.
 *
 * @example
 * ```ts
 * class SendError extends ReasonError("SendError", { TokenRequired: "A token is required" }) {}
 * new SendError({ reason: "TokenRequired" }).shortMessage // "A token is required"
 * ```
 */
export const ReasonError = <const Tag extends string, const Texts extends Readonly<Record<string, string>>>(
  tag: Tag,
  texts: Texts,
  docsPath = "/errors/README.md"
): ReasonErrorClass<Tag, Texts> => {
  class Base extends AirlockError {
    readonly _tag: Tag = tag
    readonly reason: keyof Texts & string
    readonly params: ErrorParams | undefined
    /** The table of texts this error draws from, for renderers that list them. */
    static readonly texts: Texts = texts

    constructor(args: ReasonErrorArgs<keyof Texts & string>) {
      super(fill(texts[args.reason] as string, args.params), {
        docsPath,
        details: args.details,
        cause: args.cause
      })
      this.reason = args.reason
      this.params = args.params
    }
  }
  return Base
}
