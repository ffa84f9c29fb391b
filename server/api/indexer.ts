/**
 * A small block indexer over the local chains: reads every block once (transactions + receipts) and keeps the asset
 * movements in it, so account history comes from what really happened on chain.
 */
import { type Address, type Hex, toHex } from "viem"
import type { ApiChain, ChainSet } from "./chains.ts"

/** Topic 0 of `Transfer(address,address,uint256)`, shared by ERC-20 (3 topics) and ERC-721 (4 topics). */
export const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"

/** One asset moving between two addresses inside a transaction. */
export type Movement =
  | { readonly kind: "native"; readonly from: Address; readonly to: Address; readonly amount: bigint }
  | {
      readonly kind: "erc20"
      readonly token: Address
      readonly from: Address
      readonly to: Address
      readonly amount: bigint
    }
  | {
      readonly kind: "erc721"
      readonly token: Address
      readonly from: Address
      readonly to: Address
      readonly tokenId: bigint
    }

/** A mined transaction as the indexer keeps it. */
export interface IndexedTx {
  readonly chain: ApiChain
  readonly hash: Hex
  readonly blockNumber: bigint
  readonly index: number
  /** Unix seconds of the block. */
  readonly timestamp: number
  readonly from: Address
  /** Null for a contract creation. */
  readonly to: Address | null
  readonly nonce: number
  readonly success: boolean
  readonly movements: ReadonlyArray<Movement>
}

interface RawLog {
  readonly address: Address
  readonly topics: ReadonlyArray<Hex>
  readonly data: Hex
}
interface RawReceipt {
  readonly transactionHash: Hex
  readonly status: Hex
  readonly logs: ReadonlyArray<RawLog>
}

const topicAddress = (topic: Hex): Address => `0x${topic.slice(-40)}` as Address

const logMovement = (log: RawLog): Movement | undefined => {
  const [topic0, from, to, id] = log.topics
  if (topic0 !== transferTopic || from === undefined || to === undefined) return undefined
  if (id !== undefined)
    return { kind: "erc721", token: log.address, from: topicAddress(from), to: topicAddress(to), tokenId: BigInt(id) }
  if (log.data.length < 3) return undefined
  return { kind: "erc20", token: log.address, from: topicAddress(from), to: topicAddress(to), amount: BigInt(log.data) }
}

/** The indexer: `sync` brings every chain up to its latest block; `transactions` is everything seen so far. */
export interface Indexer {
  /** Indexes every block of `chains` up to the head at call time (runs per chain are queued, never overlap). */
  sync(chains: ReadonlyArray<ApiChain>): Promise<void>
  /** Indexed transactions of one chain, oldest first. */
  transactions(chain: ApiChain): ReadonlyArray<IndexedTx>
}

/**
 * Makes an indexer over a chain set. Nothing is read until the first `sync`.
 * @example
 * ```ts
 * const indexer = makeIndexer(chainSet)
 * await indexer.sync(chainSet.supported)
 * indexer.transactions(chainSet.supported[0]!).length
 * ```
 */
export const makeIndexer = (set: ChainSet): Indexer => {
  const state = new Map(
    set.all.map((chain) => [
      chain.chainId,
      { next: 0n, txs: [] as Array<IndexedTx>, running: undefined as Promise<void> | undefined }
    ])
  )

  const indexBlock = async (chain: ApiChain, number: bigint): Promise<ReadonlyArray<IndexedTx>> => {
    const [block, receipts] = await Promise.all([
      chain.client.getBlock({ blockNumber: number, includeTransactions: true }),
      chain.client.request({ method: "eth_getBlockReceipts" as never, params: [toHex(number)] as never }) as Promise<
        ReadonlyArray<RawReceipt>
      >
    ])
    const byHash = new Map(receipts.map((r) => [r.transactionHash, r]))
    return block.transactions.map((tx, index) => {
      const receipt = byHash.get(tx.hash)
      const success = receipt?.status === "0x1"
      const movements: Array<Movement> = []
      if (success && tx.value > 0n && tx.to !== null)
        movements.push({ kind: "native", from: tx.from, to: tx.to, amount: tx.value })
      for (const log of success ? (receipt?.logs ?? []) : []) {
        const movement = logMovement(log)
        if (movement !== undefined) movements.push(movement)
      }
      return {
        chain,
        hash: tx.hash,
        blockNumber: number,
        index,
        timestamp: Number(block.timestamp),
        from: tx.from,
        to: tx.to,
        nonce: tx.nonce,
        success,
        movements
      }
    })
  }

  const syncChain = async (chain: ApiChain) => {
    const s = state.get(chain.chainId)
    if (s === undefined) return
    const latest = await chain.client.getBlockNumber({ cacheTime: 0 })
    for (let n = s.next; n <= latest; n++) {
      s.txs.push(...(await indexBlock(chain, n)))
      s.next = n + 1n
    }
  }

  return {
    sync: async (chains) => {
      await Promise.all(
        chains.map((chain) => {
          const s = state.get(chain.chainId)
          if (s === undefined) return undefined
          // Queue behind a run in progress rather than join it: that run may have read the head before the
          // caller's transaction was mined.
          s.running = (s.running ?? Promise.resolve()).catch(() => undefined).then(() => syncChain(chain))
          return s.running
        })
      )
    },
    transactions: (chain) => state.get(chain.chainId)?.txs ?? []
  }
}
