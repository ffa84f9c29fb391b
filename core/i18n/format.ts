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
