/**
 * `npm run docs:i18n`: writes the catalogue's ids by area, with their English texts, into docs/i18n.md between its
 * `<!-- ids:start -->` and `<!-- ids:end -->` lines. test/docs/i18n.test.ts fails while the doc lags behind the
 * catalogue, and says to run this.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { areas } from "../core/i18n/en/index.ts"

/** The file each area's texts live in, under core/i18n/en/. */
export const areaFiles: { readonly [Area in keyof typeof areas]: string } = {
  button: "buttons.ts",
  title: "titles.ts",
  common: "common.ts",
  connect: "connect.ts",
  wallets: "wallets.ts",
  profileWallets: "profileWallets.ts",
  connecting: "connecting.ts",
  embedded: "embedded.ts",
  account: "account.ts",
  tokens: "tokens.ts",
  activity: "activity.ts",
  nfts: "nfts.ts",
  receive: "receive.ts",
  network: "network.ts",
  approve: "approve.ts",
  send: "send.ts",
  names: "names.ts",
  sessions: "sessions.ts",
  swap: "swap.ts",
  onramp: "onramp.ts",
  siwx: "siwx.ts",
  errors: "errors.ts",
  alert: "errors.ts"
}

const headings: { readonly [Area in keyof typeof areas]: string } = {
  button: "The buttons (`button.*`), on the first load",
  title: "Every view's header title (`title.<View>`)",
  common: "Shared by several views (`common.*`)",
  connect: "Connect (`connect.*`)",
  wallets: "Wallet rows and All Wallets (`wallets.*`)",
  profileWallets: "ProfileWallets: several wallets at once (`profileWallets.*`)",
  connecting: "The connecting views (`connecting.*`)",
  embedded: "The embedded wallet: email, codes, account type (`embedded.*`)",
  account: "Account (`account.*`)",
  tokens: "The Tokens tab (`tokens.*`)",
  activity: "The Activity tab (`activity.*`)",
  nfts: "The NFTs tab and an NFT's detail (`nfts.*`)",
  receive: "Receive (`receive.*`)",
  network: "Networks (`network.*`)",
  approve: "Approve Transaction (`approve.*`)",
  send: "Send: its form, token picker and preview (`send.*`)",
  sessions: "Smart sessions: Account's entry and the SmartSessions view (`sessions.*`)",
  names: "Account names: RegisterAccountName and its success (`names.*`)",
  swap: "Swap: its form, token picker and preview (`swap.*`)",
  onramp: "Buy Crypto: its form, the provider list and the buy in progress (`onramp.*`)",
  siwx: "Sign in with the wallet (`siwx.*`)",
  errors: "Errors, SPEC §8 and Airlock's own (`<Tag>.<Reason>`, from core/errors/texts.ts)",
  alert: "APKT alerts (`alert.<Code>.title` / `.description`, from core/errors/alerts.ts)"
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ")

/** The generated part of docs/i18n.md: one table per area. */
export const idTables = (): string =>
  Object.entries(areas)
    .map(([area, messages]) => {
      const key = area as keyof typeof areas
      const rows = Object.entries(messages as Readonly<Record<string, string>>).map(
        ([id, text]) => `| \`${id}\` | ${cell(text)} |`
      )
      return [
        `### ${headings[key]}`,
        "",
        `${rows.length} ids in \`core/i18n/en/${areaFiles[key]}\`.`,
        "",
        "| id | English |",
        "| --- | --- |",
        ...rows
      ].join("\n")
    })
    .join("\n\n")

const start = "<!-- ids:start -->"
const end = "<!-- ids:end -->"

/** `doc` with its generated block replaced by {@link idTables}. */
export const withIdTables = (doc: string): string => {
  const from = doc.indexOf(start)
  const to = doc.indexOf(end)
  if (from === -1 || to < from) throw new Error(`docs/i18n.md lacks its ${start} … ${end} block`)
  return `${doc.slice(0, from + start.length)}\n\n${idTables()}\n\n${doc.slice(to)}`
}

if (import.meta.main) {
  const path = new URL("../docs/i18n.md", import.meta.url)
  writeFileSync(path, withIdTables(readFileSync(path, "utf8")))
}
