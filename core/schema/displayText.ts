// The bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks
// (U+200E, U+200F, U+061C). A name never needs them; with them, "\u202Eevil" shows as "live" read backwards.
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/**
 * A name as it may be shown (a wallet's, a token's, an account's): its bidirectional control characters removed, so
 * that a right-to-left override cannot make it display reversed or mirror the text after it. Plain code: discovery
 * runs it on the first load.
 * @example
 * ```ts
 * displayText("\u202Eevil") // "evil"
 * displayText("محفظة") // "محفظة": right-to-left letters are not controls
 * ```
 */
export const displayText = (text: string): string => text.replace(bidiControls, "")
