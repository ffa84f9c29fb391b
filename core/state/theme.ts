/** Light or dark (SPEC §2). */
export type ThemeMode = "light" | "dark"

/**
 * CSS custom properties an app may set to theme the modal. Names mirror AppKit's `--w3m-*` variables with the
 * `--airlock-` prefix so a migrating app only renames them.
 */
export interface ThemeVariables {
  readonly "--airlock-font-family"?: string
  readonly "--airlock-accent"?: string
  readonly "--airlock-color-mix"?: string
  readonly "--airlock-color-mix-strength"?: number
  /** @default "10px" */
  readonly "--airlock-font-size-master"?: string
  /** @default "4px" */
  readonly "--airlock-border-radius-master"?: string
  /** @default 999 */
  readonly "--airlock-z-index"?: number
  /**
   * The backdrop's `backdrop-filter`, e.g. `"blur(4px)"`. None by default: a blur is filtered again on every frame the
   * page paints. @default "none"
   */
  readonly "--airlock-backdrop-filter"?: string
}

/** SPEC §2 defaults: font size master 10 px, border radius master 4 px, z-index 999. */
export const defaultThemeVariables = {
  "--airlock-font-size-master": "10px",
  "--airlock-border-radius-master": "4px",
  "--airlock-z-index": 999
} as const satisfies ThemeVariables

/**
 * The theme mode to use: the app's choice, else the system preference, else dark when the preference is unknown
 * (SPEC §2).
 */
export const resolveThemeMode = (chosen: ThemeMode | undefined, prefersDark: boolean | undefined): ThemeMode =>
  chosen ?? (prefersDark === undefined ? "dark" : prefersDark ? "dark" : "light")
