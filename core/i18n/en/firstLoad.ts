/**
 * The English texts a page's first load holds: the buttons' (what the first paint and a server render show) and the
 * errors' and alerts' (derived from tables the first load holds anyway). The rest of the catalogue (`./index.ts`)
 * comes with core's lazy part, which completes the state's texts before any view can render.
 * @module
 */
import { buttonMessages } from "./buttons.ts"
import { alertMessages, errorMessages } from "./errors.ts"

/** The first load's English texts, by id. */
export const firstLoadMessages = { ...buttonMessages, ...errorMessages, ...alertMessages } as const
