/**
 * Account names (SPEC §4 name registration, §5 validation): the label's check, the coin type an EVM chain registers
 * under (ENSIP-11), and the registration message the wallet signs. Shared by core's names flows and the sandbox API,
 * so both read a name the same way.
 * @module
 */
import { accountNamePattern } from "../schema/checks.ts"

/** The name zone Airlock registers names in unless the app names another. */
export const defaultNameZone = "airlock.id"

/** Why a label cannot be registered (SPEC §5): under 4 characters, or a character that is no letter, digit or hyphen. */
export type AccountNameProblem = "tooShort" | "invalidCharacters"

/**
 * What is wrong with a name's label, or `undefined` when it can be registered.
 * @example
 * ```ts
 * accountNameProblem("abc") // "tooShort"
 * accountNameProblem("ada_1") // "invalidCharacters"
 * accountNameProblem("ada-1") // undefined
 * ```
 */
export const accountNameProblem = (label: string): AccountNameProblem | undefined =>
  label.length > 0 && !accountNamePattern.test(label) ? "invalidCharacters" : label.length < 4 ? "tooShort" : undefined

/** The largest EVM chain id a name can be registered on, plus one: ENSIP-11 sets bit 31 of the coin type. */
export const nameChainIdLimit = 2147483648

/**
 * The coin type of an EVM chain (ENSIP-11: `0x80000000 | chainId`), or `undefined` for a chain id that has none
 * (at or above 2147483648, SPEC §5 'Invalid chainId').
 * @example
 * ```ts
 * evmCoinType(8453) // 2147492101
 * evmCoinType(2147483648) // undefined
 * ```
 */
export const evmCoinType = (chainId: number): number | undefined =>
  Number.isInteger(chainId) && chainId >= 0 && chainId < nameChainIdLimit ? chainId + nameChainIdLimit : undefined

/**
 * The EVM chain id of a coin type: 60 is Ethereum (1), an ENSIP-11 type gives its chain; `undefined` otherwise.
 * @example
 * ```ts
 * chainIdOfCoinType(2147492101) // 8453
 * ```
 */
export const chainIdOfCoinType = (coinType: number): number | undefined =>
  coinType === 60
    ? 1
    : Number.isInteger(coinType) && coinType >= nameChainIdLimit && coinType < 2 * nameChainIdLimit
      ? coinType - nameChainIdLimit
      : undefined

/**
 * A full name from a label typed and a zone: the label without surrounding space, lower case, then `.zone`.
 * @example
 * ```ts
 * fullName(" Ada ", "airlock.id") // "ada.airlock.id"
 * ```
 */
export const fullName = (label: string, zone: string): string => `${label.trim().toLowerCase()}.${zone}`

/** What a name registration signs: the name, its attributes and when (unix seconds), as JSON text. */
export interface NameRegistrationMessage {
  readonly name: string
  readonly attributes: Readonly<Record<string, string>>
  readonly timestamp: number
}

/**
 * The text the wallet signs to register `name` at `timestampMs` (the API reads the name and the time from it).
 * @example
 * ```ts
 * nameRegistrationMessage("ada.airlock.id", 1764200000000)
 * // '{"name":"ada.airlock.id","attributes":{},"timestamp":1764200000}'
 * ```
 */
export const nameRegistrationMessage = (name: string, timestampMs: number): string =>
  JSON.stringify({ name, attributes: {}, timestamp: Math.floor(timestampMs / 1000) })

/**
 * Reads a registration message back; `undefined` for text that is not one (no JSON object, no string name, no
 * whole-number timestamp, attributes other than strings).
 * @example
 * ```ts
 * readNameRegistrationMessage('{"name":"ada.airlock.id","attributes":{},"timestamp":1764200000}')?.name // "ada.airlock.id"
 * ```
 */
export const readNameRegistrationMessage = (text: string): NameRegistrationMessage | undefined => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined
  const { name, attributes = {}, timestamp } = value as Record<string, unknown>
  if (typeof name !== "string" || typeof timestamp !== "number" || !Number.isSafeInteger(timestamp)) return undefined
  if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) return undefined
  if (!Object.values(attributes).every((v) => typeof v === "string")) return undefined
  return { name, attributes: attributes as Readonly<Record<string, string>>, timestamp }
}
