/**
 * Reading an untrusted value (a dapp's request, a wallet's answer) into bounded, typed fields: a hostile 2 MB string
 * or a nested object never reaches the state whole.
 * @module
 */

/** `text` cut to `limit` characters, ending with "…" when it was longer. */
export const clip = (text: string, limit: number): string =>
  text.length > limit ? `${text.slice(0, limit - 1)}…` : text

/** `value` as an object's fields; `{}` when it is not a plain object. */
export const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** A non-empty string cut to `limit` characters; `undefined` for anything else. */
export const boundedText = (value: unknown, limit = 100): string | undefined =>
  typeof value === "string" && value.length > 0 ? clip(value, limit) : undefined

/** A quantity (hex or decimal string, or a number) as a decimal string; `undefined` when it is not one. */
export const quantity = (value: unknown): string | undefined => {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value)
  if (typeof value !== "string" || value.length === 0 || value.length > 80) return undefined
  try {
    const parsed = BigInt(value)
    return parsed < 0n ? undefined : parsed.toString()
  } catch {
    return undefined
  }
}
