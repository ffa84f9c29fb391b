/**
 * Core's lazy part (`./lazy.ts`: every flow and service, one chunk) as a client fetches it, and the English it brings.
 * @module
 */
import { completeEnglish } from "../flows/i18n/locale.ts"
import type { LocaleCatalogue } from "../i18n/catalogue.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { Store } from "../state/Store.ts"

/** The whole English catalogue, once core's lazy part has arrived (for any client): a later client starts with it. */
let english: LocaleCatalogue | undefined

/**
 * The loader of core's lazy part for the client of `store`, fetching it now when `start` (its runtime needs the
 * services; a failure is `ready`'s to report). The first snapshot has English's first-load texts only (the buttons',
 * the errors'); the whole catalogue comes with the lazy part and is in the state before anything runs on it: a flow,
 * or a view (every renderer's lazy part imports core's, so its chunk evaluates after this part's, whose arrival this
 * applies first).
 */
export const lazyPartFor = (store: Store<AirlockState>, start: boolean) => {
  const lazy = () =>
    import("./lazy.ts").then((m) => {
      english = m.english
      completeEnglish(store, m.english)
      return m
    })
  if (english !== undefined) completeEnglish(store, english)
  else if (start) lazy().catch(() => undefined)
  return lazy
}
