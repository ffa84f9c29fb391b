import { describe, expect, it } from "vitest"
import { type Message, messageText } from "../../../core/i18n/catalogue.ts"
import { en } from "../../../core/i18n/en/index.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import {
  activityGroupOf,
  activityRow,
  groupActivity,
  isShownTransaction,
  transferSign
} from "../../../core/resources/activityFormat.ts"
import type { Transaction, TransactionTransfer } from "../../../core/schema/transaction.ts"

// How the Activity list shows history: which transactions, the sign and amount of each row, and the date groups.

const transfer = (numeric: string, extra: Partial<TransactionTransfer> = {}): TransactionTransfer => ({
  quantity: { numeric },
  fungible_info: { symbol: "ETH" },
  direction: "out",
  ...extra
})

const tx = (
  id: string,
  operationType: string,
  transfers: ReadonlyArray<TransactionTransfer>,
  extra = {}
): Transaction => ({
  id,
  metadata: {
    operationType,
    hash: `0x${id.padStart(64, "a")}`,
    minedAt: "2026-11-23T10:00:00Z",
    sentFrom: "0x1",
    sentTo: "0x2",
    status: "confirmed",
    chain: "eip155:1",
    ...extra
  },
  transfers
})

/** A text as an English reader sees it. */
const english = (message: Message | undefined) => (message === undefined ? undefined : messageText(en, message))

/** The English label of the group a row mined at `minedAt` falls in, seen at `now`. */
const groupLabel = (minedAt: number, now: number, locale?: string) =>
  english(activityGroupOf(minedAt, now, locale).label)

const spamNft = { nft_info: { name: "Free mint!", flags: { is_spam: true } }, quantity: { numeric: "1" } }

describe("which transactions are shown", () => {
  it("hides a transaction whose every transfer is a spam NFT, keeps one with a real transfer beside it", () => {
    expect(isShownTransaction(tx("1", "receive", [spamNft, spamNft]), "eip155:1")).toBe(false)
    expect(isShownTransaction(tx("2", "receive", [spamNft, transfer("1")]), "eip155:1")).toBe(true)
    expect(isShownTransaction(tx("3", "approve", []), "eip155:1")).toBe(true)
  })

  it("shows only the active chain's transactions (one naming no chain is kept)", () => {
    expect(isShownTransaction(tx("1", "send", [transfer("1")]), "eip155:8453")).toBe(false)
    expect(isShownTransaction(tx("1", "send", [transfer("1")], { chain: undefined }), "eip155:8453")).toBe(true)
  })
})

describe("the sign of an amount", () => {
  it("is '+' for receive, deposit, borrow and claim and '-' for withdraw, repay and burn, whatever the direction", () => {
    for (const op of ["receive", "deposit", "borrow", "claim"]) expect(transferSign(op, "out")).toBe("+")
    for (const op of ["withdraw", "repay", "burn"]) expect(transferSign(op, "in")).toBe("-")
  })

  it("follows the transfer's direction for other operations, and is empty without one", () => {
    expect(transferSign("send", "out")).toBe("-")
    expect(transferSign("trade", "in")).toBe("+")
    expect(transferSign("approve", undefined)).toBe("")
  })
})

describe("a row", () => {
  it("shows the quantity to 3 decimals, half-up, in decimal math, with the symbol and sign", () => {
    expect(english(activityRow(tx("1", "send", [transfer("0.0125")]), mainnet)?.description)).toBe("-0.013 ETH")
    expect(
      english(activityRow(tx("1", "receive", [transfer("0.0124", { direction: "in" })]), mainnet)?.description)
    ).toBe("+0.012 ETH")
    // Beyond a float's precision: 2^53 + 1 with a half-up carry.
    expect(english(activityRow(tx("1", "receive", [transfer("9007199254740993.9995")]), mainnet)?.description)).toBe(
      "+9007199254740994 ETH"
    )
    expect(english(activityRow(tx("1", "burn", [transfer("0.0004")]), mainnet)?.description)).toBe("-0 ETH")
    // In the locale's writing: the same half-up digits, its separator and signs.
    expect(english(activityRow(tx("1", "send", [transfer("1234.0125")]), mainnet, "de")?.description)).toBe(
      "-1234,013 ETH"
    )
    expect(english(activityRow(tx("1", "claim", [transfer("0.5")]), mainnet, "ar-EG")?.description)).toBe(
      "\u061c+٠٫٥ ETH"
    )
  })

  it("names an NFT, counts further transfers, capitalises the operation, and links the explorer's /tx/ page", () => {
    const row = activityRow(
      tx("1", "mint", [{ nft_info: { name: "Punk #3" }, quantity: { numeric: "1" } }, transfer("1")]),
      mainnet
    )
    expect([english(row?.title), english(row?.description), row?.status]).toEqual([
      "Mint",
      "Punk #3 + 1 more",
      "confirmed"
    ])
    // An NFT carries no sign; an operation Airlock has no text for reads as the API's word; none as "Transaction".
    expect(row?.sign).toBe("")
    expect(english(activityRow(tx("1", "frobnicate", []), mainnet)?.title)).toBe("Frobnicate")
    expect(english(activityRow(tx("1", "", []), mainnet)?.title)).toBe("Transaction")
    expect(activityRow(tx("1", "approve", []), mainnet)?.description).toBeUndefined()
    expect(
      english(activityRow(tx("1", "mint", [{ quantity: { numeric: "1" }, nft_info: {} }]), mainnet)?.description)
    ).toBe("NFT")
    expect(row?.explorerUrl).toBe(`https://etherscan.io/tx/0x${"1".padStart(64, "a")}`)
  })

  it("leaves out a row it cannot show truthfully: a 2 MB amount, garbage, an unreadable date", () => {
    expect(activityRow(tx("1", "send", [transfer("9".repeat(2_000_000))]), mainnet)).toBeUndefined()
    expect(activityRow(tx("1", "send", [transfer("1e99999")]), mainnet)).toBeUndefined()
    expect(activityRow(tx("1", "send", [transfer("lots")]), mainnet)).toBeUndefined()
    expect(activityRow(tx("1", "send", [transfer("1")], { minedAt: "yesterday-ish" }), mainnet)).toBeUndefined()
  })

  it("gives no explorer link for a hash that is not one, nor an image for an unsafe URL", () => {
    const row = activityRow(
      tx("1", "send", [transfer("1", { fungible_info: { symbol: "ETH", icon: { url: "javascript:alert(1)" } } })], {
        hash: "../../evil?x="
      }),
      mainnet
    )
    expect(row?.explorerUrl).toBeUndefined()
    expect(row?.image).toBeUndefined()
  })
})

describe("date groups", () => {
  const now = new Date(2026, 10, 23, 0, 30).getTime() // just after midnight, local time

  it("splits at local midnight: Today, Yesterday, This Week (six more days), then the month", () => {
    expect(groupLabel(new Date(2026, 10, 23, 0, 0).getTime(), now)).toBe("Today")
    expect(groupLabel(new Date(2026, 10, 22, 23, 59).getTime(), now)).toBe("Yesterday")
    expect(groupLabel(new Date(2026, 10, 22, 0, 0).getTime(), now)).toBe("Yesterday")
    expect(groupLabel(new Date(2026, 10, 21, 23, 59).getTime(), now)).toBe("This Week")
    expect(groupLabel(new Date(2026, 10, 16, 0, 0).getTime(), now)).toBe("This Week")
    expect(groupLabel(new Date(2026, 10, 15, 23, 59).getTime(), now)).toBe("November 2026")
    expect(groupLabel(new Date(2025, 11, 31).getTime(), now)).toBe("December 2025")
  })

  it("writes the month for the locale (Intl), and keys a group the same in every language", () => {
    const october = new Date(2026, 9, 2).getTime()
    expect(groupLabel(october, now, "de")).toBe("Oktober 2026")
    expect(groupLabel(october, now, "fr")).toBe("octobre 2026")
    expect(groupLabel(october, now, "ja")).toBe("2026年10月")
    expect(activityGroupOf(october, now, "de").key).toBe(activityGroupOf(october, now).key)
    expect(activityGroupOf(new Date(2026, 10, 23, 0, 5).getTime(), now, "de").label).toEqual({ id: "activity.today" })
  })

  it("groups the shown rows newest first; 10,000 transactions group without trouble", () => {
    const at = (d: Date) => ({ minedAt: d.toISOString() })
    const groups = groupActivity(
      [
        tx("1", "send", [transfer("1")], at(new Date(2026, 9, 1))),
        tx("2", "send", [transfer("1")], at(new Date(2026, 10, 23, 0, 10))),
        tx("3", "send", [transfer("1")], { ...at(new Date(2026, 10, 23, 0, 5)), chain: "eip155:8453" }),
        tx("4", "receive", [spamNft], at(new Date(2026, 10, 22)))
      ],
      mainnet,
      now
    )
    expect(groups.map((g) => [english(g.label), g.rows.map((r) => r.id)])).toEqual([
      ["Today", ["2"]],
      ["October 2026", ["1"]]
    ])
    const many = Array.from({ length: 10_000 }, (_, i) =>
      tx(String(i), "receive", [transfer(`${i}.5`)], {
        minedAt: new Date(2026, 10, 23 - (i % 400)).toISOString(),
        chain: "eip155:8453"
      })
    )
    const big = groupActivity(many, base, now)
    expect(big.reduce((n, g) => n + g.rows.length, 0)).toBe(10_000)
    expect(english(big[0]?.label)).toBe("Today")
  })
})
