/**
 * The catalogue's placeholder syntax: `{name}` in a text is replaced by `params.name`. Plain code, so any renderer
 * (and core's own errors) fills texts the same way.
 * @module
 */

/** Values that fill `{placeholders}` in a catalogue text. */
export type MessageValues = Readonly<Record<string, string | number>>

/**
 * Fills `{name}` placeholders of `template` from `params`; a placeholder without a value stays as written.
 *
 * @example
 * ```ts
 * import { fillPlaceholders } from "./format.ts"
 * fillPlaceholders("Please try again after {seconds} seconds", { seconds: 18 }) // "Please try again after 18 seconds"
 * ```
 */
export const fillPlaceholders = (template: string, params: MessageValues | undefined): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (params && key in params ? String(params[key]) : whole))

/**
 * The placeholder names of a text, in order of appearance (each once).
 *
 * @example
 * ```ts
 * import { placeholdersOf } from "./format.ts"
 * placeholdersOf("{amount} {symbol} sent to {name}") // ["amount", "symbol", "name"]
 * ```
 */
export const placeholdersOf = (template: string): ReadonlyArray<string> => [
  ...new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string))
]

/** A piece of a text: words as written, or a placeholder to fill. */
export type TemplatePart = string | { readonly placeholder: string }

/**
 * A text cut at its placeholders, so a renderer can fill one with markup (a name in bold, a method as code) and keep
 * the sentence whole, in the order the translation puts its words.
 *
 * @example
 * ```ts
 * import { templateParts } from "./format.ts"
 * templateParts("Logged in as {login}") // ["Logged in as ", { placeholder: "login" }]
 * ```
 */
export const templateParts = (template: string): ReadonlyArray<TemplatePart> =>
  template
    .split(/(\{\w+\})/)
    .filter((part) => part !== "")
    .map((part) => (/^\{\w+\}$/.test(part) ? { placeholder: part.slice(1, -1) } : part))
