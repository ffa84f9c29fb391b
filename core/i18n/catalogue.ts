/**
 * The message catalogue's types and lookup: every text a user sees is a {@link MessageId} with typed parameters;
 * English (`./en/index.ts`) is the source, and a locale is a complete {@link Messages} object.
 * @module
 */
import type { en } from "./en/index.ts"
import { fillPlaceholders, type MessageValues } from "./format.ts"

/** The id of a text in the catalogue, e.g. `"button.connect"` or `"ConnectionError.ConnectionRejected"`. */
export type MessageId = keyof typeof en

/** A complete catalogue: a text for every id (a locale's translation, or English). */
export type Messages = { readonly [Id in MessageId]: string }

type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never

/** The placeholder names of a message, from its English text: `"{seconds}"` gives `"seconds"`. */
export type MessagePlaceholders<Id extends MessageId> = PlaceholdersOf<(typeof en)[Id]>

/** The values a message needs, one per placeholder; none for a text without placeholders. */
export type MessageArgs<Id extends MessageId> = [MessagePlaceholders<Id>] extends [never]
  ? []
  : [params: Readonly<Record<MessagePlaceholders<Id>, string | number>>]

/**
 * A text to show, as data: its id and its placeholders' values. Errors and state carry these, and a renderer turns
 * them into words with its catalogue ({@link translate}).
 *
 * @example
 * ```ts
 * import type { Message } from "./catalogue.ts"
 * const cooldown: Message = { id: "EmailError.Cooldown", params: { seconds: 18 } }
 * ```
 */
export interface Message {
  readonly id: MessageId
  readonly params?: MessageValues | undefined
}

/** A locale with its catalogue and writing direction, as `createAirlock({ locale })` and `setLocale` take it. */
export interface LocaleCatalogue {
  /** A BCP 47 tag (`"de"`, `"pt-BR"`): numbers and dates are formatted for it. */
  readonly locale: string
  readonly dir: "ltr" | "rtl"
  readonly messages: Messages
}

/**
 * The text of `id` in `messages`, its placeholders filled. An id the catalogue lacks (a custom catalogue of an older
 * version) reads as the id itself, never as nothing.
 *
 * @example
 * ```ts
 * import { en } from "./en/index.ts"
 * import { translate } from "./catalogue.ts"
 * translate(en, "EmailError.Cooldown", { seconds: 18 }) // "Please try again after 18 seconds"
 * ```
 */
export const translate = <Id extends MessageId>(messages: Messages, id: Id, ...args: MessageArgs<Id>): string =>
  fillPlaceholders(messages[id] ?? id, args[0])

/**
 * The text of a {@link Message} in `messages`.
 *
 * @example
 * ```ts
 * import { en } from "./en/index.ts"
 * import { messageText } from "./catalogue.ts"
 * messageText(en, { id: "ConnectionError.ConnectionRejected" }) // "Connection rejected"
 * ```
 */
export const messageText = (messages: Messages, message: Message): string =>
  fillPlaceholders(messages[message.id] ?? message.id, message.params)
