/**
 * How the Activity list shows an account's history (SPEC §3 Transaction, §5, §9): which transactions are shown, the
 * words, sign and amount of each row, and the date groups. Pure functions, so a custom renderer can reuse them. Words
 * are catalogue data ({@link Message}): a renderer shows them in the state's language.
 * @module
 */
import type { Message, MessageId } from "../i18n/catalogue.ts"
import { roundHalfUp, trimTrailingZeros } from "../schema/decimal.ts"
import { localizeDecimal, operationSign } from "../schema/format.ts"
import type { CaipNetwork } from "../schema/network.ts"
import type { Transaction, TransactionTransfer } from "../schema/transaction.ts"
import { isSafeImageUrl, isSafeLinkUrl } from "../schema/urlCheck.ts"

/** One row of the Activity list. */
export interface ActivityRow {
  readonly id: string
  /** The transaction hash (EVM) or signature (Solana), when the API gives one. */
  readonly hash?: string | undefined
  /** The operation: "Send", "Receive", "Mint", … (an operation Airlock has no text for: the API's word, capitalised). */
  readonly title: Message
  /**
   * What moved: "-0.01 ETH", "+1 USDC", an NFT's name; more transfers add "+ N more". Undefined when nothing moved
   * (an approval).
   */
  readonly description: Message | undefined
  /** The sign of the first transfer's amount (SPEC §9), for styling: '+', '-', or '' (an NFT, nothing moved). */
  readonly sign: "+" | "-" | ""
  /** `confirmed`, `failed` or `pending` (as the API says). */
  readonly status: string
  /** When it was mined, epoch ms. */
  readonly minedAt: number
  /** The token's icon or the NFT's preview, when the URL rules allow it. */
  readonly image?: string | undefined
  /** The explorer page of the transaction, when the network has an explorer and the link is safe. */
  readonly explorerUrl?: string | undefined
}

/** A day, week or month of rows, newest first. */
export interface ActivityGroup {
  /** Stable across languages and refetches: "today", "yesterday", "week", or the month ("2026-11"). */
  readonly key: string
  /** "Today", "Yesterday", "This Week", or the month as the locale writes it ("November 2026"). */
  readonly label: Message
  readonly rows: ReadonlyArray<ActivityRow>
}

const isSpam = (transfer: TransactionTransfer) => transfer.nft_info?.flags?.is_spam === true

/**
 * Whether the Activity list shows `transaction` on `network` (SPEC §5): not when every transfer is a spam NFT, and not
 * when it belongs to another chain (a transaction that names no chain is kept).
 * @example
 * ```ts
 * import { isShownTransaction } from "airlock-kit"
 * const tx = { id: "1", metadata: { operationType: "receive", minedAt: "2026-01-01T00:00:00Z", sentFrom: "0x1", sentTo: "0x2", status: "confirmed", chain: "eip155:1" }, transfers: [] }
 * isShownTransaction(tx, "eip155:1") // true
 * isShownTransaction(tx, "eip155:8453") // false
 * ```
 */
export const isShownTransaction = (transaction: Transaction, caipNetworkId: string): boolean => {
  const { chain } = transaction.metadata
  if (chain !== undefined && chain !== caipNetworkId) return false
  return !(transaction.transfers.length > 0 && transaction.transfers.every(isSpam))
}

/**
 * The sign before an amount: SPEC §9's '+' (receive, deposit, borrow, claim) and '-' (withdraw, repay, burn) first;
 * for other operations (a send, a trade) the transfer's direction: '+' in, '-' out.
 * @example
 * ```ts
 * import { transferSign } from "airlock-kit"
 * transferSign("claim", "out") // "+"
 * transferSign("send", "out") // "-"
 * ```
 */
export const transferSign = (operationType: string, direction: string | undefined): "+" | "-" | "" => {
  const sign = operationSign(operationType)
  if (sign !== "") return sign
  return direction === "in" ? "+" : direction === "out" ? "-" : ""
}

/** The operations the catalogue names (the blockchain API's `operationType`s). */
const operations: Readonly<Record<string, MessageId>> = {
  approve: "activity.approve",
  borrow: "activity.borrow",
  burn: "activity.burn",
  cancel: "activity.cancel",
  claim: "activity.claim",
  deploy: "activity.deploy",
  deposit: "activity.deposit",
  execute: "activity.execute",
  mint: "activity.mint",
  receive: "activity.receive",
  repay: "activity.repay",
  send: "activity.send",
  stake: "activity.stake",
  trade: "activity.trade",
  unstake: "activity.unstake",
  withdraw: "activity.withdraw"
}

/** A row's title: the operation's own text, else the API's word capitalised. */
const operationTitle = (operationType: string): Message => {
  if (operationType.length === 0) return { id: "activity.transaction" }
  const id = Object.hasOwn(operations, operationType) ? operations[operationType] : undefined
  return id === undefined
    ? { id: "activity.operation", params: { operation: operationType[0]!.toUpperCase() + operationType.slice(1) } }
    : { id }
}

/** An explorer page of `hash`: `/tx/<hash>` under the explorer's path, its query (Solana's `?cluster=`) kept. */
const explorerTxUrl = (base: string | undefined, hash: string | undefined): string | undefined => {
  if (base === undefined || hash === undefined || !/^[0-9a-zA-Z]{1,128}$/.test(hash)) return undefined
  try {
    const url = new URL(base)
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/tx/${hash}`
    return isSafeLinkUrl(url.href) ? url.href : undefined
  } catch {
    return undefined
  }
}

const safeImage = (url: string | undefined) => (url !== undefined && isSafeImageUrl(url) ? url : undefined)

/**
 * What one transfer moved (an amount with its sign and symbol, written for `locale`, or an NFT's name; undefined for
 * a nameless NFT), or `false` when its quantity is not a readable number.
 */
const transferAmount = (transfer: TransactionTransfer, sign: string, locale: string): string | undefined | false => {
  if (transfer.nft_info != null) return transfer.nft_info.name ?? undefined
  const rounded = roundHalfUp(transfer.quantity.numeric, 3)
  if (rounded === undefined) return false
  const magnitude = trimTrailingZeros(rounded).replace(/^-/, "")
  const amount =
    sign === "-"
      ? localizeDecimal(`-${magnitude}`, locale)
      : localizeDecimal(magnitude, locale, { sign: sign === "+" ? "always" : "auto" })
  const symbol = transfer.fungible_info?.symbol ?? ""
  return `${amount}${symbol === "" ? "" : ` ${symbol}`}`
}

/** The row's description: what the first transfer moved, and how many more there are. */
const describeTransfers = (amount: string | undefined, more: number): Message => {
  if (amount === undefined)
    return more > 0 ? { id: "activity.nftAndMore", params: { count: more } } : { id: "activity.nft" }
  return more > 0
    ? { id: "activity.transferAndMore", params: { amount, count: more } }
    : { id: "activity.transfer", params: { amount } }
}

/**
 * One transaction as a row: title, the first transfer's amount to 3 decimals (half-up, decimal math) with its sign,
 * written for `locale` (its digits and separators, the digits exact), image and explorer link. Undefined when the transaction cannot be shown truthfully (an unreadable date, or an
 * amount that is not a number, e.g. a 2 MB string): such a row is left out rather than shown as 0.
 * @example
 * ```ts
 * import { activityRow } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const tx = { id: "1", metadata: { operationType: "send", hash: "0xab", minedAt: "2026-01-01T00:00:00Z", sentFrom: "0x1", sentTo: "0x2", status: "confirmed" }, transfers: [{ direction: "out", quantity: { numeric: "0.0125" }, fungible_info: { symbol: "ETH" } }] }
 * activityRow(tx, mainnet)?.description // { id: "activity.transfer", params: { amount: "-0.013 ETH" } }
 * ```
 */
export const activityRow = (transaction: Transaction, network: CaipNetwork, locale = "en"): ActivityRow | undefined => {
  const { metadata, transfers } = transaction
  const minedAt = Date.parse(metadata.minedAt)
  if (!Number.isFinite(minedAt)) return undefined
  const [first] = transfers
  const sign =
    first === undefined || first.nft_info != null ? "" : transferSign(metadata.operationType, first.direction)
  let description: Message | undefined
  if (first !== undefined) {
    const amount = transferAmount(first, sign, locale)
    if (amount === false) return undefined
    description = describeTransfers(amount, transfers.length - 1)
  }
  const hash = metadata.hash
  return {
    id: transaction.id,
    ...(hash === undefined ? {} : { hash }),
    title: operationTitle(metadata.operationType),
    description,
    sign,
    status: metadata.status,
    minedAt,
    image: safeImage(first?.nft_info?.content?.preview?.url ?? first?.fungible_info?.icon?.url ?? undefined),
    explorerUrl: explorerTxUrl(network.blockExplorers?.default.url, hash)
  }
}

const monthFormats = new Map<string, Intl.DateTimeFormat>()
/** The locale's month and year ("November 2026", "novembre 2026"), one formatter per locale. */
const monthFormat = (locale: string): Intl.DateTimeFormat => {
  let format = monthFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" })
    monthFormats.set(locale, format)
  }
  return format
}

/** The local midnight that starts the day `daysBefore` calendar days before the day of `at` (DST-safe). */
const startOfDay = (at: number, daysBefore = 0) => {
  const date = new Date(at)
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysBefore).getTime()
}

/**
 * The group a row mined at `minedAt` falls in, seen at `now` (local time): "Today", "Yesterday", "This Week" (the six
 * days before yesterday), else its month, written for `locale` ("November 2026"); with its key, the same in every
 * language.
 * @example
 * ```ts
 * import { activityGroupOf } from "airlock-kit"
 * const now = new Date(2026, 10, 23, 12).getTime()
 * activityGroupOf(new Date(2026, 10, 23, 0, 5).getTime(), now).label // { id: "activity.today" }
 * activityGroupOf(new Date(2026, 9, 2).getTime(), now, "de").label // { id: "activity.month", params: { month: "Oktober 2026" } }
 * ```
 */
export const activityGroupOf = (
  minedAt: number,
  now: number,
  locale = "en"
): { readonly key: string; readonly label: Message } => {
  if (minedAt >= startOfDay(now)) return { key: "today", label: { id: "activity.today" } }
  if (minedAt >= startOfDay(now, 1)) return { key: "yesterday", label: { id: "activity.yesterday" } }
  if (minedAt >= startOfDay(now, 7)) return { key: "week", label: { id: "activity.thisWeek" } }
  const date = new Date(minedAt)
  return {
    key: `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`,
    label: { id: "activity.month", params: { month: monthFormat(locale).format(minedAt) } }
  }
}

/**
 * The rows of `transactions` shown on `network`, grouped by date (newest first), as the Activity list draws them;
 * amounts and months are written for `locale`.
 * @example
 * ```ts
 * import { groupActivity } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * groupActivity([], mainnet, Date.now(), "de") // []
 * ```
 */
export const groupActivity = (
  transactions: ReadonlyArray<Transaction>,
  network: CaipNetwork,
  now: number,
  locale = "en"
): ReadonlyArray<ActivityGroup> => {
  const groups: Array<{ key: string; label: Message; rows: Array<ActivityRow> }> = []
  const rows = transactions
    .filter((t) => isShownTransaction(t, network.caipNetworkId))
    .flatMap((t) => activityRow(t, network, locale) ?? [])
    .sort((a, b) => b.minedAt - a.minedAt)
  for (const row of rows) {
    const group = activityGroupOf(row.minedAt, now, locale)
    const last = groups.at(-1)
    if (last?.key === group.key) last.rows.push(row)
    else groups.push({ ...group, rows: [row] })
  }
  return groups
}
