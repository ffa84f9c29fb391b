import * as Schema from "effect/Schema"

/**
 * The modal's colour scheme (SPEC §2).
 * @example
 * ```ts
 * const m: ThemeMode = "dark"
 * ```
 */
export const ThemeMode = Schema.Literals(["light", "dark"])
/** The modal's colour scheme. */
export type ThemeMode = typeof ThemeMode.Type

/**
 * Theme variables as CSS values by name (e.g. `--w3m-accent`, `--w3m-font-size-master`).
 * @example
 * ```ts
 * const v: ThemeVariables = { "--w3m-accent": "#3396ff", "--w3m-border-radius-master": "4px" }
 * ```
 */
export const ThemeVariables = Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number]))
/** Theme variables as CSS values by name. */
export type ThemeVariables = typeof ThemeVariables.Type
