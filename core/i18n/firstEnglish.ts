/**
 * English as a page's first load holds it: the first snapshot's language unless the app passed a catalogue.
 * @module
 */
import type { LocaleCatalogue, Messages } from "./catalogue.ts"
import { firstLoadMessages } from "./en/firstLoad.ts"

/**
 * English with the first load's texts only (the buttons', the errors' and the alerts': `./en/firstLoad.ts`). It is
 * the first snapshot's until core's lazy part, fetched right after `createAirlock`, brings the whole catalogue
 * (`./locales/en.ts`): the client puts that in the state as soon as the part arrives, before anything runs on it
 * (a flow, or a view: every renderer's lazy part imports core's). Reading any other text from it before then gives
 * the id (see `translate`).
 */
export const firstEnglish: LocaleCatalogue = {
  locale: "en",
  dir: "ltr",
  messages: firstLoadMessages as Partial<Messages> as Messages
}
