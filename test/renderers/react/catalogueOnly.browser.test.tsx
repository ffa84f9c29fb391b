import { beforeAll, describe, expect, test } from "vitest"
import { userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { Connector } from "../../../core/schema/connector.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import type { Transaction } from "../../../core/schema/transaction.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { fakeAccount, fakeAdapter, type TestAirlockClient } from "../../../core/testing/index.ts"
import { marked, markers } from "../../fixtures/pseudoLocales.ts"
import { renderAirlock, skipAnimations } from "./setup.tsx"

// Every text on screen comes from the catalogue: the main views drawn with a catalogue whose every text sits between
// markers (⟦…⟧); a visible text or an accessible name (aria-label, title, placeholder, alt) with letters outside the
// markers must be the fixture's data (a wallet's or a network's name, an address, an amount).

beforeAll(() => skipAnimations())

const registry: ReadonlyArray<WalletListing> = [
  { id: "rainbow", name: "Rainbow" },
  { id: "zerion", name: "Zerion" }
]
const injected: Connector = { id: "io.metamask", type: "ANNOUNCED", name: "MetaMask", chain: "eip155" }
const token = (symbol: string, name: string, numeric: string, value: number) =>
  ({ name, symbol, chainId: "eip155:1", price: value, value, quantity: { decimals: "18", numeric } }) as TokenBalance
const minedAt = Date.now()
const transaction: Transaction = {
  id: "tx-1",
  metadata: {
    operationType: "send",
    hash: `0x${"1".padStart(64, "0")}`,
    minedAt: new Date(minedAt).toISOString(),
    sentFrom: "0x1",
    sentTo: "0x2",
    status: "pending",
    chain: "eip155:1"
  },
  transfers: [{ quantity: { numeric: "0.5" }, fungible_info: { symbol: "ETH" }, direction: "out" }]
}

/** The fixture's data: names, an address, symbols, an explorer, as a user may see them. */
const data = [
  ...registry.map((wallet) => wallet.name),
  "MetaMask",
  "Test Wallet",
  mainnet.name,
  "Etherscan",
  fakeAccount,
  `${fakeAccount.slice(0, 4)}...${fakeAccount.slice(-6)}`,
  "Ether",
  "ETH",
  "Google",
  "Discord",
  "GitHub",
  "Facebook",
  "Apple",
  "Farcaster",
  "X",
  // When the transaction was mined, as Intl writes it for the locale (data, not a text of the catalogue).
  new Intl.DateTimeFormat("en", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(minedAt)
]
/** The letters a placeholder image shows for a name (a wallet's, a network's, a token's initial). */
const initials = new Set(data.map((text) => text.slice(0, 1).toUpperCase()))

/** What is left of `text` once the catalogue's texts and the fixture's data are taken out: words from elsewhere. */
const unmarked = (text: string): ReadonlyArray<string> => {
  let rest = text.replace(new RegExp(`${markers.open}[\\s\\S]*?${markers.close}`, "g"), " ")
  for (const value of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(" ")
  return rest.split(/\s+/).filter((word) => /\p{L}/u.test(word) && !(word.length === 1 && initials.has(word)))
}

/** Every visible text on the page and every accessible name, with the words in it that are not the catalogue's. */
const stray = (): ReadonlyArray<string> => {
  const texts: Array<string> = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement
    if (parent === null || parent.closest("script, style") !== null) continue
    if (!parent.checkVisibility({ visibilityProperty: true })) continue
    texts.push(node.textContent ?? "")
  }
  const words = unmarked(texts.join("\n")).map((word) => `text: ${word}`)
  for (const element of document.body.querySelectorAll("*")) {
    for (const name of ["aria-label", "aria-description", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(name)
      if (value !== null) words.push(...unmarked(value).map((word) => `${name}: ${word}`))
    }
  }
  return words
}

const open = async (state?: (state: AirlockState) => AirlockState) => {
  const { adapter } = fakeAdapter()
  const rendered = await renderAirlock({
    locale: marked,
    networks: [mainnet],
    adapters: [adapter],
    walletApi: { wallets: registry },
    blockchainApi: {
      balances: { [fakeAccount]: [token("ETH", "Ether", "1.23999", 3099.975)] },
      transactions: { [fakeAccount]: [transaction] }
    },
    ...(state === undefined ? {} : { state })
  })
  return rendered
}

/** Waits for `selector` in the dialog, then expects no stray words on the page. */
const expectOnlyCatalogueTexts = async (client: TestAirlockClient, selector: string) => {
  await expect.poll(() => document.querySelector(`dialog ${selector}`), { timeout: 10_000 }).not.toBeNull()
  expect(client.getState().i18n.messages).toBe(marked.messages)
  expect(stray()).toEqual([])
}

describe("every text on screen comes from the catalogue", () => {
  test("Connect (email, social logins, wallets, All Wallets), All Wallets, Email Login", async () => {
    const withEverything = (state: AirlockState): AirlockState => ({
      ...state,
      connectors: [injected, { id: "AUTH", type: "AUTH", name: "Email", chain: "eip155" }],
      wallets: { ...state.wallets, recent: [registry[0]!], recommended: [registry[1]!], count: 650 }
    })
    const { client, button } = await open(withEverything)
    await userEvent.click(button)
    await expectOnlyCatalogueTexts(client, ".airlock-socials")
    client.push("AllWallets")
    await expectOnlyCatalogueTexts(client, ".airlock-wallet-card")
    client.push("EmailLogin")
    await expectOnlyCatalogueTexts(client, ".airlock-form")
    client.push("ConnectingWalletConnect")
    await expectOnlyCatalogueTexts(client, ".airlock-connecting")
  })

  test("Account and its tabs, Receive, Networks, a snack and an alert", async () => {
    const { client, button } = await open()
    await client.connect("test.wallet")
    await userEvent.click(button)
    await expectOnlyCatalogueTexts(client, ".airlock-token")
    const tab = (name: string) => [...document.querySelectorAll("dialog [role=tab]")].find((t) => t.id.endsWith(name))
    await userEvent.click(tab("-NFTs")!)
    await expectOnlyCatalogueTexts(client, ".airlock-nfts, .airlock-empty")
    await userEvent.click(tab("-Activity")!)
    await expectOnlyCatalogueTexts(client, ".airlock-activity-status")
    client.showSnack({ message: { id: "common.addressCopied" }, variant: "success" })
    client.setState((state) => ({ ...state, alert: { code: "APKT003", variant: "error" } }))
    await expectOnlyCatalogueTexts(client, ".airlock-alert")
    await expect.poll(() => document.querySelector(".airlock-snack")?.textContent).not.toBe("")
    expect(stray()).toEqual([])
    client.push("Receive")
    await expectOnlyCatalogueTexts(client, ".airlock-receive")
    client.push("Networks")
    await expectOnlyCatalogueTexts(client, "[data-part=network-item]")
  })
})
