/**
 * Each translation's loader: a chunk of its own per locale. Core's lazy part holds this module (the client asks it for
 * a locale), so the first load carries no loader.
 * @module
 */
import type { LocaleCatalogue } from "./catalogue.ts"
import type { Translation } from "./locales.ts"

/**
 * Fetches a translation's catalogue (its own chunk).
 *
 * @example
 * ```ts
 * import { loadLocale } from "./loadLocale.ts"
 * const german = await loadLocale("de")
 * german.messages["button.connect"] // "Wallet verbinden"
 * ```
 */
export const loadLocale = (locale: Translation): Promise<LocaleCatalogue> => loaders[locale]()

/** Each translation's chunk. */
const loaders: { readonly [Locale in Translation]: () => Promise<LocaleCatalogue> } = {
  ar: () => import("./locales/ar.ts").then((m) => m.ar),
  de: () => import("./locales/de.ts").then((m) => m.de),
  es: () => import("./locales/es.ts").then((m) => m.es),
  fr: () => import("./locales/fr.ts").then((m) => m.fr),
  it: () => import("./locales/it.ts").then((m) => m.it),
  ja: () => import("./locales/ja.ts").then((m) => m.ja),
  ko: () => import("./locales/ko.ts").then((m) => m.ko),
  "pt-BR": () => import("./locales/pt-BR.ts").then((m) => m.ptBR),
  tr: () => import("./locales/tr.ts").then((m) => m.tr),
  "zh-CN": () => import("./locales/zh-CN.ts").then((m) => m.zhCN),
  "zh-TW": () => import("./locales/zh-TW.ts").then((m) => m.zhTW)
}
