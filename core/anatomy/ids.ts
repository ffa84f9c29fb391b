/**
 * Element ids of the modal's parts, derived from one root id so several modals (or a custom UI beside the default
 * one) never collide, and so aria-labelledby / aria-controls can point at parts before they render.
 * @module
 */

/**
 * An id-safe form of any string, one-to-one: letters, digits and `-` stay, every other character (`_` included)
 * becomes `_<hex code>_`, so `io.metamask` and `io-metamask` never share an id.
 */
const safe = (value: string): string =>
  value.replace(/[^A-Za-z0-9-]/gu, (char) => `_${(char.codePointAt(0) ?? 0).toString(16)}_`)

/**
 * The ids of every part of a modal whose root id is `id`.
 *
 * @example
 * ```ts
 * import { getModalIds } from "./ids.ts"
 * getModalIds("airlock").title // "airlock-title"
 * getModalIds("airlock").tab("Tokens") // "airlock-tab-Tokens"
 * ```
 */
export const getModalIds = (id: string) => ({
  dialog: `${id}-dialog`,
  title: `${id}-title`,
  body: `${id}-body`,
  closeButton: `${id}-close`,
  backButton: `${id}-back`,
  tabList: `${id}-tablist`,
  tab: (tab: string) => `${id}-tab-${safe(tab)}`,
  tabPanel: (tab: string) => `${id}-tabpanel-${safe(tab)}`,
  walletItem: (walletId: string) => `${id}-wallet-${safe(walletId)}`
})

/** The ids {@link getModalIds} returns. */
export type ModalIds = ReturnType<typeof getModalIds>
