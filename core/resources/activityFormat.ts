/**
 * How the Activity list shows an account's history (SPEC §3 Transaction, §5, §9): which transactions are shown, the
 * words, sign and amount of each row, and the date groups. Pure functions, so a custom renderer can reuse them.
 * @module
 */
import { roundHalfUp, trimTrailingZeros } from "../schema/decimal.ts"
import { operationSign } from "../schema/format.ts"
import type { CaipNetwork } from "../schema/network.ts"
import type { Transaction, TransactionTransfer } from "../schema/transaction.ts"
import { isSafeImageUrl, isSafeLinkUrl } from "../schema/urlCheck.ts"

/** One row of the Activity list. */
export interface ActivityRow {
  readonly id: string
  /** The transaction hash (EVM) or signature (Solana), when the API gives one. */
  readonly hash?: string | undefined
  /** The operation, capitalised: "Send", "Receive", "Mint", … */
  readonly title: string
  /** What moved: "-0.01 ETH", "+1 USDC", an NFT's name; more transfers add "+ N more". */
  readonly description: string
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
  /** "Today", "Yesterday", "This Week", or the month ("November 2026"). */
  readonly label: string
  readonly rows: ReadonlyArray<ActivityRow>
}

const isSpam = (transfer: TransactionTransfer) => transfer.nft_info?.flags?.is_spam === true

/**
 * Whether the Activity list shows `transaction` on `network` (SPEC §5): not when every transfer is a spam NFT, and not
 * when it belongs to another chain (a transaction that names no chain is kept).
 * @example
 * ```ts
 * import { isShownTransaction } from "airlock"
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
 * import { transferSign } from "airlock"
 * transferSign("claim", "out") // "+"
 * transferSign("send", "out") // "-"
 * ```
 */
export const transferSign = (operationType: string, direction: string | undefined): "+" | "-" | "" => {
  const sign = operationSign(operationType)
  if (sign !== "") return sign
  return direction === "in" ? "+" : direction === "out" ? "-" : ""
}

const capitalise = (text: string) => (text.length === 0 ? "Transaction" : text[0]!.toUpperCase() + text.slice(1))

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

/** The words of one transfer, or undefined when its quantity is not a readable number. */
const describeTransfer = (transfer: TransactionTransfer, operationType: string): string | undefined => {
  if (transfer.nft_info != null) return transfer.nft_info.name ?? "NFT"
  const rounded = roundHalfUp(transfer.quantity.numeric, 3)
  if (rounded === undefined) return undefined
  const amount = trimTrailingZeros(rounded).replace(/^-/, "")
  const symbol = transfer.fungible_info?.symbol ?? ""
  return `${transferSign(operationType, transfer.direction)}${amount}${symbol === "" ? "" : ` ${symbol}`}`
}

/**
 * One transaction as a row: title, the first transfer's amount to 3 decimals (half-up, decimal math) with its sign,
 * image and explorer link. Undefined when the transaction cannot be shown truthfully (an unreadable date, or an
 * amount that is not a number, e.g. a 2 MB string): such a row is left out rather than shown as 0.
 * @example
 * ```ts
 * import { activityRow } from "airlock"
 * import { mainnet } from "airlock/networks"
 * const tx = { id: "1", metadata: { operationType: "send", hash: "0xab", minedAt: "2026-01-01T00:00:00Z", sentFrom: "0x1", sentTo: "0x2", status: "confirmed" }, transfers: [{ direction: "out", quantity: { numeric: "0.0125" }, fungible_info: { symbol: "ETH" } }] }
 * activityRow(tx, mainnet)?.description // "-0.013 ETH"
 * ```
 */
export const activityRow = (transaction: Transaction, network: CaipNetwork): ActivityRow | undefined => {
  const { metadata, transfers } = transaction
  const minedAt = Date.parse(metadata.minedAt)
  if (!Number.isFinite(minedAt)) return undefined
  const [first] = transfers
  let description = ""
  if (first !== undefined) {
    const words = describeTransfer(first, metadata.operationType)
    if (words === undefined) return undefined
    description = transfers.length > 1 ? `${words} + ${transfers.length - 1} more` : words
  }
  const hash = metadata.hash
  return {
    id: transaction.id,
    ...(hash === undefined ? {} : { hash }),
    title: capitalise(metadata.operationType),
    description,
    status: metadata.status,
    minedAt,
    image: safeImage(first?.nft_info?.content?.preview?.url ?? first?.fungible_info?.icon?.url ?? undefined),
    explorerUrl: explorerTxUrl(network.blockExplorers?.default.url, hash)
  }
}

const monthFormat = /* @__PURE__ */ new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" })

/** The local midnight that starts the day `daysBefore` calendar days before the day of `at` (DST-safe). */
const startOfDay = (at: number, daysBefore = 0) => {
  const date = new Date(at)
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysBefore).getTime()
}

/**
 * The group a row mined at `minedAt` falls in, seen at `now` (local time): "Today", "Yesterday", "This Week" (the six
 * days before yesterday), else its month ("November 2026").
 * @example
 * ```ts
 * import { activityGroupLabel } from "airlock"
 * const now = new Date(2026, 10, 23, 12).getTime()
 * activityGroupLabel(new Date(2026, 10, 23, 0, 5).getTime(), now) // "Today"
 * activityGroupLabel(new Date(2026, 9, 2).getTime(), now) // "October 2026"
 * ```
 */
export const activityGroupLabel = (minedAt: number, now: number): string => {
  if (minedAt >= startOfDay(now)) return "Today"
  if (minedAt >= startOfDay(now, 1)) return "Yesterday"
  if (minedAt >= startOfDay(now, 7)) return "This Week"
  return monthFormat.format(minedAt)
}

/**
 * The rows of `transactions` shown on `network`, grouped by date (newest first), as the Activity list draws them.
 * @example
 * ```ts
 * import { groupActivity } from "airlock"
 * import { mainnet } from "airlock/networks"
 * groupActivity([], mainnet, Date.now()) // []
 * ```
 */
export const groupActivity = (
  transactions: ReadonlyArray<Transaction>,
  network: CaipNetwork,
  now: number
): ReadonlyArray<ActivityGroup> => {
  const groups: Array<{ label: string; rows: Array<ActivityRow> }> = []
  const rows = transactions
    .filter((t) => isShownTransaction(t, network.caipNetworkId))
    .flatMap((t) => activityRow(t, network) ?? [])
    .sort((a, b) => b.minedAt - a.minedAt)
  for (const row of rows) {
    const label = activityGroupLabel(row.minedAt, now)
    const last = groups.at(-1)
    if (last?.label === label) last.rows.push(row)
    else groups.push({ label, rows: [row] })
  }
  return groups
}
