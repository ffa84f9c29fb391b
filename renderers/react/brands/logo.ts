/**
 * A logo as data: its parts in drawing order on a 24 × 24 grid, each `[colour, path]` (filled, even-odd, so a
 * sub-path inside another cuts a hole) or `[colour, path, width]` (stroked with round ends). `currentColor` follows
 * the text, so monochrome marks read on light and dark themes.
 */
export type Logo = ReadonlyArray<readonly [colour: string, d: string, stroke?: number]>
