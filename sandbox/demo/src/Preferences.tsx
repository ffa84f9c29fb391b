/**
 * The demo's theme and language switches. Both drive the client (`setThemeMode`, `setLocale`), so the modal and the
 * buttons change with them, and the page follows the client's state: `data-theme` from its theme mode, `lang` and
 * `dir` from its locale (Arabic mirrors the page). A visitor's choice is kept in `localStorage` for the next visit.
 */
import { type AirlockClient, bundledLocales } from "airlock-kit"
import { useAirlock, useAirlockSelector, useAirlockTranslation } from "airlock-kit/react"
import { useEffect, useState } from "react"

/** What the theme switch offers: the client's two modes, or the system's preference followed live. */
export type DemoTheme = "light" | "dark" | "system"

const themes: ReadonlyArray<{ readonly value: DemoTheme; readonly label: string }> = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" }
]

const themeKey = "airlock-demo:theme"
const localeKey = "airlock-demo:locale"

const read = (key: string): string | undefined => {
  try {
    return window.localStorage.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

const write = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Storage refused (private mode, quota): the choice holds for this visit only.
  }
}

const storedTheme = (): DemoTheme => {
  const value = read(themeKey)
  return value === "light" || value === "dark" ? value : "system"
}

/** Each bundled locale named in its own language ("Deutsch", "العربية"); the tag when the browser cannot name it. */
const nativeName = (tag: string): string => {
  try {
    const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag)
    return name === undefined ? tag : name.charAt(0).toLocaleUpperCase(tag) + name.slice(1)
  } catch {
    return tag
  }
}

const darkQuery = "(prefers-color-scheme: dark)"

/** Sets the client's theme mode from the visitor's choice; "system" follows the preference as it changes. */
const useThemeChoice = (airlock: AirlockClient, theme: DemoTheme) => {
  useEffect(() => {
    if (theme !== "system") {
      airlock.setThemeMode(theme)
      return
    }
    const media = window.matchMedia(darkQuery)
    const follow = () => airlock.setThemeMode(media.matches ? "dark" : "light")
    follow()
    media.addEventListener("change", follow)
    return () => media.removeEventListener("change", follow)
  }, [airlock, theme])
}

const selectThemeMode = (state: { readonly themeMode: "light" | "dark" }) => state.themeMode

/** Mirrors the client's theme and language onto the page: `<html data-theme lang dir>`. */
export const usePageFollowsClient = () => {
  const mode = useAirlockSelector(selectThemeMode)
  const { locale, dir } = useAirlockTranslation()
  useEffect(() => {
    const root = document.documentElement
    root.dataset.theme = mode
    root.lang = locale
    root.dir = dir
  }, [mode, locale, dir])
}

/** Light / Dark / System, as one group of radio buttons. */
export const ThemeSwitch = () => {
  const airlock = useAirlock()
  const [theme, setTheme] = useState<DemoTheme>(storedTheme)
  useThemeChoice(airlock, theme)
  const choose = (next: DemoTheme) => {
    setTheme(next)
    write(themeKey, next)
  }
  return (
    <fieldset className="segmented" data-testid="theme-switch">
      <legend className="visually-hidden">Theme</legend>
      {themes.map(({ value, label }) => (
        <label key={value}>
          <input
            type="radio"
            name="demo-theme"
            value={value}
            checked={theme === value}
            onChange={() => choose(value)}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  )
}

/** The bundled locales, each in its own language; the page's direction follows (Arabic is right to left). */
export const LanguageSwitch = () => {
  const airlock = useAirlock()
  const { locale } = useAirlockTranslation()
  useEffect(() => {
    const stored = read(localeKey)
    if (stored !== undefined && (bundledLocales as ReadonlyArray<string>).includes(stored))
      void airlock.setLocale(stored)
  }, [airlock])
  const choose = (next: string) => {
    write(localeKey, next)
    void airlock.setLocale(next)
  }
  return (
    <label className="language">
      <span className="visually-hidden">Language</span>
      <select value={locale} onChange={(event) => choose(event.target.value)}>
        {(bundledLocales as ReadonlyArray<string>).includes(locale) ? null : <option value={locale}>{locale}</option>}
        {bundledLocales.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {nativeName(tag)}
          </option>
        ))}
      </select>
    </label>
  )
}
