import type { LocaleCatalogue } from "../../i18n/catalogue.ts"
import { firstEnglish } from "../../i18n/firstEnglish.ts"
import { type BundledLocale, bundledLocaleOf } from "../../i18n/locales.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { Store } from "../../state/Store.ts"

/** Makes `catalogue` the state's language: its locale, direction and texts. */
export const applyLocale = (store: Store<AirlockState>, catalogue: LocaleCatalogue): void =>
  store.update((state) =>
    state.i18n.messages === catalogue.messages && state.i18n.locale === catalogue.locale
      ? state
      : { ...state, i18n: { locale: catalogue.locale, dir: catalogue.dir, messages: catalogue.messages } }
  )

/**
 * Puts the whole English catalogue (`english`, from core's lazy part) in place of the first load's English texts
 * ({@link firstEnglish}); any other language (a catalogue the app passed, a locale already set) stays.
 */
export const completeEnglish = (store: Store<AirlockState>, english: LocaleCatalogue): void => {
  if (store.getSnapshot().i18n.messages === firstEnglish.messages) applyLocale(store, english)
}

/**
 * Sets `store`'s language, remembering the last one asked for: a slower earlier load never wins over it. `load`
 * fetches a bundled locale's whole catalogue (through core's lazy part).
 */
export const makeLocaleSetter = (
  store: Store<AirlockState>,
  load: (locale: BundledLocale) => Promise<LocaleCatalogue>
) => {
  let latest: unknown
  return async (locale: string | LocaleCatalogue): Promise<void> => {
    latest = locale
    if (typeof locale !== "string") return applyLocale(store, locale)
    const bundled = bundledLocaleOf(locale)
    if (bundled === undefined) console.warn(`Airlock: no bundled locale for "${locale}"; texts stay in English`)
    const catalogue = await load(bundled ?? "en")
    if (latest === locale) applyLocale(store, catalogue)
  }
}
