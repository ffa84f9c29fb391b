/**
 * Account history as the blockchain API answers it: the indexed transactions that touch an address, newest first,
 * each turned into a SPEC §3 Transaction seen from that address (direction, operation type, amounts, NFT info).
 */
import { type Address, formatUnits, getAddress } from "viem"
import type { Transaction, TransactionTransfer } from "../../core/schema/transaction.ts"
import type { ChainSet } from "./chains.ts"
import type { IndexedTx, Movement } from "./indexer.ts"
import type { PriceOf } from "./prices.ts"
import type { TokenMeta } from "./tokenMeta.ts"

const zero = "0x0000000000000000000000000000000000000000"

// A Transfer log from a contract that does not answer name/symbol/decimals still shows, as raw units.
const unknownToken: TokenMeta = { name: "Unknown token", symbol: "UNKNOWN", decimals: 0 }

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase()

const direction = (m: Movement, address: string): "in" | "out" | "self" =>
  same(m.from, address) ? (same(m.to, address) ? "self" : "out") : "in"

const operationType = (tx: IndexedTx, mine: ReadonlyArray<Movement>, address: string): string => {
  if (tx.to === null) return "deploy"
  const dirs = new Set(mine.map((m) => direction(m, address)))
  if (mine.some((m) => same(m.from, zero))) return "mint"
  if (mine.some((m) => same(m.to, zero))) return "burn"
  if (dirs.has("in") && dirs.has("out")) return "trade"
  if (dirs.has("in")) return "receive"
  if (dirs.has("out") || dirs.has("self")) return "send"
  return "execute"
}

/** Where generated images are served, for icon and NFT preview URLs. */
export interface ImageLinks {
  token(symbol: string): string
  nft(chainId: number, token: Address, tokenId: bigint): string
}

const transfer = async (
  set: ChainSet,
  tx: IndexedTx,
  m: Movement,
  address: string,
  priceOf: PriceOf,
  images: ImageLinks
): Promise<TransactionTransfer> => {
  const dir = direction(m, address)
  if (m.kind === "erc721") {
    const collection = await set.collectionName(tx.chain, m.token)
    const url = images.nft(tx.chain.chainId, m.token, m.tokenId)
    return {
      nft_info: {
        name: `${collection} #${m.tokenId}`,
        content: { preview: { url }, detail: { url } },
        flags: { is_spam: false }
      },
      direction: dir,
      quantity: { numeric: "1" }
    }
  }
  const meta = m.kind === "native" ? tx.chain.nativeToken : ((await set.tokenMeta(tx.chain, m.token)) ?? unknownToken)
  const numeric = formatUnits(m.amount, meta.decimals)
  const price = await priceOf({
    symbol: meta.symbol,
    ...(m.kind === "native" ? {} : { address: `${tx.chain.caipNetworkId}:${m.token}` })
  })
  return {
    fungible_info: { name: meta.name, symbol: meta.symbol, icon: { url: images.token(meta.symbol) } },
    direction: dir,
    quantity: { numeric },
    price,
    value: Number(numeric) * price
  }
}

/**
 * One indexed transaction as `address` sees it.
 * @example
 * ```ts
 * import type { ChainSet } from "./chains.ts"
 * import type { IndexedTx } from "./indexer.ts"
 * import { priceIn } from "./prices.ts"
 * import type { PriceSource } from "./sources.ts"
 * declare const chainSet: ChainSet
 * declare const tx: IndexedTx
 * declare const prices: PriceSource
 * declare const images: ImageLinks
 * const entry = await toTransaction(chainSet, tx, "0xf39f…", priceIn(prices, "usd"), images)
 * entry.metadata.operationType // "send"
 * ```
 */
export const toTransaction = async (
  set: ChainSet,
  tx: IndexedTx,
  address: string,
  priceOf: PriceOf,
  images: ImageLinks
): Promise<Transaction> => {
  const mine = tx.movements.filter((m) => same(m.from, address) || same(m.to, address))
  return {
    id: `${tx.chain.caipNetworkId}:${tx.hash}`,
    metadata: {
      operationType: operationType(tx, mine, address),
      hash: tx.hash,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: getAddress(tx.from),
      sentTo: getAddress(tx.to ?? zero),
      status: tx.success ? "confirmed" : "failed",
      nonce: tx.nonce,
      chain: tx.chain.caipNetworkId
    },
    transfers: await Promise.all(mine.map((m) => transfer(set, tx, m, address, priceOf, images)))
  }
}

/** The id a cursor names: the last entry of the previous page. */
export const entryId = (tx: IndexedTx): string => `${tx.chain.caipNetworkId}:${tx.hash}`

/**
 * One page of `txs` (already filtered and sorted) after the entry named by `cursor`; `next` names this page's last
 * entry when more follow. A cursor that names no entry is `undefined` (the caller answers 400).
 */
export const page = <A>(
  txs: ReadonlyArray<A>,
  idOf: (a: A) => string,
  cursor: string | null,
  size: number
): { readonly items: ReadonlyArray<A>; readonly next: string | null } | undefined => {
  let start = 0
  if (cursor !== null) {
    const at = txs.findIndex((t) => idOf(t) === cursor)
    if (at === -1) return undefined
    start = at + 1
  }
  const items = txs.slice(start, start + size)
  const more = start + size < txs.length
  return { items, next: more && items.length > 0 ? idOf(items[items.length - 1]!) : null }
}
