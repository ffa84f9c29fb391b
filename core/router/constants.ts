/**
 * Timings and sizes of the modal (SPEC §2, §4). Renderers read them so the animation matches what core waits for.
 * @module
 */

/**
 * How long the modal shakes once triggered, in ms.
 */
export const SHAKE_MS = 500

/**
 * Gap between closing an open snack message and showing the one that replaces it, in ms.
 */
export const SNACK_REPLACE_MS = 150

/** How long a snack message stays before it hides by itself, in ms (SPEC gives none; AppKit's is 2.2 s). */
export const SNACK_SHOWN_MS = 2200

/**
 * Delay before the auth connector is reloaded after leaving the Farcaster view while not connected, in ms.
 */
export const FARCASTER_RELOAD_DELAY_MS = 100

/** The social login popup's size (SPEC §9: 600 by 800), in CSS pixels. */
export const SOCIAL_POPUP_SIZE = { width: 600, height: 800 } as const

/** How often a social login checks whether its popup was closed without a result (SPEC §9), in ms. */
export const SOCIAL_POPUP_POLL_MS = 1_000

/**
 * Duration of the header title's text transition, in ms.
 */
export const HEADER_TEXT_TRANSITION_MS = 120

/**
 * Duration of the modal's height animation between views, in ms.
 */
export const MODAL_HEIGHT_TRANSITION_MS = 150

/**
 * Duration of the slide between views (direction from the router's `transition`), in ms.
 */
export const VIEW_TRANSITION_MS = 150

/**
 * Width of the modal card, in CSS px.
 */
export const MODAL_WIDTH_PX = 360

/**
 * CSS z-index of the modal layer.
 */
export const MODAL_Z_INDEX = 999
