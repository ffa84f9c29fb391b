/**
 * The locales Airlock ships, how a visitor's languages pick one, and how each translation's catalogue loads: a chunk
 * of its own, fetched when chosen. English comes apart: its first-load texts are in the first snapshot
 * (`./firstEnglish.ts`), the whole catalogue with core's lazy part.
 * @module
 */

/** The bundled locales, English first. */
export const bundledLocales = ["en", "ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "tr", "zh-CN", "zh-TW"] as const

/** One of {@link bundledLocales}. */
export type BundledLocale = (typeof bundledLocales)[number]

/** A bundled locale but English: a translation, fetched as a chunk of its own ({@link loadLocale}). */
export type Translation = Exclude<BundledLocale, "en">

/** The writing direction of a locale: right-to-left for Arabic, Hebrew, Persian and Urdu. */
export const localeDir = (locale: string): "ltr" | "rtl" => (/^(ar|he|fa|ur)(-|$)/i.test(locale) ? "rtl" : "ltr")

/** Languages whose bundled locale is a region's, where a bare language tag asks for it. */
const regional: Readonly<Record<string, string>> = { pt: "pt-BR", zh: "zh-CN" }
/** Chinese tags that mean Traditional characters. */
const traditional = /^zh-(tw|hk|mo|hant)/i

/**
 * The bundled locale that serves a tag (`"de-AT"` → `"de"`, `"zh-HK"` → `"zh-TW"`, `"pt"` → `"pt-BR"`), or
 * `undefined`.
 *
 * @example
 * ```ts
 * import { bundledLocaleOf } from "./locales.ts"
 * bundledLocaleOf("de-AT") // "de"
 * bundledLocaleOf("sw") // undefined
 * ```
 */
export const bundledLocaleOf = (tag: string): BundledLocale | undefined => {
  const exact = bundledLocales.find((locale) => locale.toLowerCase() === tag.toLowerCase())
  if (exact !== undefined) return exact
  const language = tag.split("-")[0]?.toLowerCase() ?? ""
  const wanted = traditional.test(tag) ? "zh-TW" : (regional[language] ?? language)
  return bundledLocales.find((locale) => locale.toLowerCase() === wanted.toLowerCase())
}

/**
 * The first of a visitor's languages (`navigator.languages`) that a bundled locale serves, else English.
 *
 * @example
 * ```ts
 * import { preferredLocale } from "./locales.ts"
 * preferredLocale(["sw-KE", "fr-CA", "en"]) // "fr"
 * ```
 */
export const preferredLocale = (languages: ReadonlyArray<string>): BundledLocale => {
  for (const language of languages) {
    const locale = bundledLocaleOf(language)
    if (locale !== undefined) return locale
  }
  return "en"
}
