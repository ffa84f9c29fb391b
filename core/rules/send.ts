/**
 * The send form's rules (SPEC §3 send state, §5, §8): what an amount and a receiver must be before a transfer is
 * prepared. Amounts are decimal strings turned into the token's base units with BigInt, never floating point.
 * @module
 */
import { isEvmAddress, isSolanaAddress } from "../schema/checks.ts"
import { usdFormat } from "../schema/format.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { TokenBalance } from "../schema/token.ts"

// A uint256 has 78 digits; with 18 decimals and separators 100 characters is more than any real amount.
const maxAmountLength = 100
const amountPattern = /^(\d*)(?:\.(\d*))?$/

/**
 * `amount` (a decimal string as typed: "0.5", ".5", "1.") in base units of a token with `decimals` decimals;
 * `undefined` when it is not a plain non-negative decimal (signs, exponents, spaces, over 100 characters) or has more
 * decimals than the token.
 * @example
 * ```ts
 * import { toBaseUnits } from "airlock-kit"
 * toBaseUnits("0.01", 18) // 10000000000000000n
 * toBaseUnits("1.0000001", 6) // undefined
 * ```
 */
export const toBaseUnits = (amount: string, decimals: number): bigint | undefined => {
  if (amount.length === 0 || amount.length > maxAmountLength) return undefined
  const match = amountPattern.exec(amount)
  if (match === null) return undefined
  const whole = match[1] ?? ""
  const fraction = (match[2] ?? "").replace(/0+$/, "")
  if (whole === "" && (match[2] ?? "") === "") return undefined
  if (fraction.length > decimals) return undefined
  return BigInt(`${whole}${fraction.padEnd(decimals, "0")}` || "0")
}

/**
 * Base units as a decimal string without trailing zeros (`fromBaseUnits(1500000n, 6)` is "1.5").
 * @example
 * ```ts
 * fromBaseUnits(10000000000000000n, 18) // "0.01"
 * ```
 */
export const fromBaseUnits = (units: bigint, decimals: number): string => {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "")
  return `${negative ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`
}

/** A token's decimals as a number, when the API's string is a sane one (0 to 255). */
export const tokenDecimals = (token: TokenBalance): number | undefined => {
  const decimals = Number(token.quantity.decimals)
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : undefined
}

/** Whether `text` is a name to resolve (`vitalik.eth`, `ada.airlock.id`) rather than an address. */
export const isReceiverName = (text: string): boolean => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(text) && text.length <= 255

/**
 * Whether `text` is an address of `namespace` (SPEC §5: EVM `0x` + 40 hex; Solana base58 of 32 to 44 characters).
 * An EVM address's checksum is checked when the transfer is prepared (the EVM adapter has the hash function).
 * @example
 * ```ts
 * import { isReceiverAddress } from "airlock-kit"
 * isReceiverAddress("eip155", "0x52908400098527886E0F7030069857D2E4169EE7") // true
 * ```
 */
export const isReceiverAddress = (namespace: ChainNamespace, text: string): boolean =>
  namespace === "eip155" ? isEvmAddress(text) : namespace === "solana" ? isSolanaAddress(text) : text.length > 0

/** A send form as the user filled it. */
export interface SendForm {
  readonly namespace: ChainNamespace
  readonly token?: TokenBalance | undefined
  /** As typed. */
  readonly amount: string
  /** An address, or a name to resolve. */
  readonly receiver: string
}

/**
 * Why a send form cannot be sent: a `SendError` reason (its text is the catalogue's `SendError.<reason>`) and the
 * values its text names.
 */
export type SendFormProblem =
  | {
      readonly reason:
        | "AmountAndReceiverRequired"
        | "AmountZero"
        | "TokenRequired"
        | "InvalidAmount"
        | "InsufficientBalance"
    }
  | { readonly reason: "InvalidAddress" }
  | { readonly reason: "NoDecimals"; readonly params: { readonly symbol: string } }
  | { readonly reason: "TooManyDecimals"; readonly params: { readonly symbol: string; readonly decimals: number } }

/** What {@link checkSendForm} says: why the form cannot be sent, else the amount in base units. */
export type SendFormCheck =
  | ({ readonly ok: false } & SendFormProblem)
  | { readonly ok: true; readonly baseUnits: bigint; readonly decimals: number }

/**
 * Checks a send form in the order a user fixes it: an amount and a receiver (SPEC §8 'An amount and receiver address
 * are required'), an amount above zero ('The amount must be above zero'), a token ('A token is required'), a readable amount, no more decimals than the
 * token has, no more than the balance, and an address of the namespace or a name.
 * @example
 * ```ts
 * import { checkSendForm } from "airlock-kit"
 * checkSendForm({ namespace: "eip155", amount: "0", receiver: "" }).ok // false
 * ```
 */
export const checkSendForm = (form: SendForm): SendFormCheck => {
  const amount = form.amount.trim()
  const receiver = form.receiver.trim()
  const zero = amount.length <= maxAmountLength && /^0*\.?0*$/.test(amount)
  if (amount === "" || receiver === "") return { ok: false, reason: "AmountAndReceiverRequired" }
  // A zero typed next to a filled receiver: say what is wrong with the amount, not that the receiver is missing.
  if (zero) return { ok: false, reason: "AmountZero" }
  const { token } = form
  if (token === undefined) return { ok: false, reason: "TokenRequired" }
  const decimals = tokenDecimals(token)
  if (decimals === undefined) return { ok: false, reason: "TokenRequired" }
  if (amount.length > maxAmountLength || !amountPattern.test(amount)) return { ok: false, reason: "InvalidAmount" }
  const baseUnits = toBaseUnits(amount, decimals)
  if (baseUnits === undefined) {
    return decimals === 0
      ? { ok: false, reason: "NoDecimals", params: { symbol: token.symbol } }
      : { ok: false, reason: "TooManyDecimals", params: { symbol: token.symbol, decimals } }
  }
  const balance = toBaseUnits(token.quantity.numeric, decimals)
  if (balance === undefined || baseUnits > balance) return { ok: false, reason: "InsufficientBalance" }
  if (!isReceiverAddress(form.namespace, receiver) && !isReceiverName(receiver)) {
    return { ok: false, reason: "InvalidAddress" }
  }
  return { ok: true, baseUnits, decimals }
}

/**
 * The amount's value in USD at the token's price, to the cent, in decimal math, written as `locale` writes dollars
 * ("$1,250.00", "1.250,00 $"); undefined without a price. The cents are exact: `Intl.NumberFormat` writes the decimal
 * string itself, never a float.
 * @example
 * ```ts
 * import { sendValueInUsd } from "airlock-kit"
 * sendValueInUsd("0.5", 2500) // "$1,250.00"
 * sendValueInUsd("0.5", 2500, "de") // "1.250,00 $"
 * ```
 */
export const sendValueInUsd = (amount: string, price: number | undefined, locale = "en"): string | undefined => {
  if (price === undefined || !Number.isFinite(price) || price < 0) return undefined
  const units = toBaseUnits(amount.trim() === "" ? "0" : amount.trim(), 40)
  if (units === undefined) return undefined
  // The price as an exact decimal (a float's shortest round-trip text), then cents = amount × price, half-up.
  const shortest = String(price)
  const priceText = /e/i.test(shortest) ? price.toFixed(20).replace(/0+$/, "").replace(/\.$/, "") : shortest
  const priceUnits = toBaseUnits(priceText, 20)
  if (priceUnits === undefined) return undefined
  const scaled = units * priceUnits // 60 decimals
  const cents = (scaled + 5n * 10n ** 57n) / 10n ** 58n
  const dollars = cents / 100n
  const rest = (cents % 100n).toString().padStart(2, "0")
  return usdFormat(locale).format(`${dollars}.${rest}` as `${number}`)
}

/** A transfer ready to confirm: what the preview shows, and the request that sends it. */
export interface SendPreview {
  readonly namespace: ChainNamespace
  readonly caipNetworkId: string
  readonly from: string
  /** The receiver's address (resolved when the form named a name). */
  readonly to: string
  /** The name the form gave, and its avatar, when the receiver was a name (SPEC §3 receiverProfileName, image). */
  readonly receiverProfileName?: string | undefined
  readonly receiverProfileImageUrl?: string | undefined
  readonly token: TokenBalance
  /** The amount as a decimal string in the token's unit. */
  readonly amount: string
  /** The amount's value in USD ("$12.35"), when the token has a price (SPEC §3 networkBalanceInUSD). */
  readonly valueInUsd?: string | undefined
  /** The network fee in the native coin, as a decimal string, and its symbol. */
  readonly fee: string
  readonly feeSymbol: string
  readonly request: { readonly method: string; readonly params: unknown }
}
