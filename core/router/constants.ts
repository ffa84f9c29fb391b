/**
 * Timings and sizes of the modal (SPEC §2, §4). Renderers read them so the animation matches what core waits for.
 * @module
 */

/**
 * How long the modal shakes once triggered, in ms.
 *
 * @example
 * ```ts
 * import { SHAKE_MS } from "./constants.ts"
 * SHAKE_MS // 500
 * ```
 */
export const SHAKE_MS = 500

/**
 * Gap between closing an open snack message and showing the one that replaces it, in ms.
 *
 * @example
 * ```ts
 * import { SNACK_REPLACE_MS } from "./constants.ts"
 * SNACK_REPLACE_MS // 150
 * ```
 */
export const SNACK_REPLACE_MS = 150

/**
 * Delay before the auth connector is reloaded after leaving the Farcaster view while not connected, in ms.
 *
 * @example
 * ```ts
 * import { FARCASTER_RELOAD_DELAY_MS } from "./constants.ts"
 * FARCASTER_RELOAD_DELAY_MS // 100
 * ```
 */
export const FARCASTER_RELOAD_DELAY_MS = 100

/**
 * Duration of the header title's text transition, in ms.
 *
 * @example
 * ```ts
 * import { HEADER_TEXT_TRANSITION_MS } from "./constants.ts"
 * HEADER_TEXT_TRANSITION_MS // 120
 * ```
 */
export const HEADER_TEXT_TRANSITION_MS = 120

/**
 * Duration of the modal's height animation between views, in ms.
 *
 * @example
 * ```ts
 * import { MODAL_HEIGHT_TRANSITION_MS } from "./constants.ts"
 * MODAL_HEIGHT_TRANSITION_MS // 150
 * ```
 */
export const MODAL_HEIGHT_TRANSITION_MS = 150

/**
 * Duration of the slide between views (direction from the router's `transition`), in ms.
 *
 * @example
 * ```ts
 * import { VIEW_TRANSITION_MS } from "./constants.ts"
 * VIEW_TRANSITION_MS // 150
 * ```
 */
export const VIEW_TRANSITION_MS = 150

/**
 * Width of the modal card, in CSS px.
 *
 * @example
 * ```ts
 * import { MODAL_WIDTH_PX } from "./constants.ts"
 * MODAL_WIDTH_PX // 360
 * ```
 */
export const MODAL_WIDTH_PX = 360

/**
 * CSS z-index of the modal layer.
 *
 * @example
 * ```ts
 * import { MODAL_Z_INDEX } from "./constants.ts"
 * MODAL_Z_INDEX // 999
 * ```
 */
export const MODAL_Z_INDEX = 999
