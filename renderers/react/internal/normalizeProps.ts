/**
 * Core's anatomy props carry HTML attribute names; React spells a few of them in camelCase. This maps those few and
 * passes everything else (aria-*, data-*, role, id, handlers) through unchanged.
 */

/** HTML attribute names React renames, and what it calls them. */
const reactNames = {
  tabindex: "tabIndex",
  for: "htmlFor",
  class: "className",
  readonly: "readOnly",
  maxlength: "maxLength",
  autocomplete: "autoComplete",
  inputmode: "inputMode",
  enterkeyhint: "enterKeyHint",
  contenteditable: "contentEditable"
} as const

type ReactNames = typeof reactNames

/** `props` with every HTML name React renames under React's name. */
export type ReactProps<P> = { [K in keyof P as K extends keyof ReactNames ? ReactNames[K] : K]: P[K] }

/**
 * Renames the HTML attributes of an anatomy prop object to React's names.
 *
 * @example
 * ```ts
 * import { getTabProps } from "airlock-kit"
 * const props = normalizeProps(getTabProps({ id: "airlock", tabs: ["Tokens"], selected: "Tokens" }, "Tokens"))
 * props.tabIndex // 0
 * ```
 */
export const normalizeProps = <P extends object>(props: P): ReactProps<P> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(props)) out[reactNames[key as keyof ReactNames] ?? key] = value
  return out as ReactProps<P>
}
