/**
 * The built-in history source: a transfer indexer over the configured chains. From each chain's `fromBlock` (default:
 * its head when the indexer starts, so a public chain is never read from genesis) it reads at most
 * `maxBlocksPerSync` blocks per sync: native transfers from the block bodies, the configured tokens' and
 * collections' `Transfer` logs with `eth_getLogs` on their addresses, and each transaction's status from the block's
 * receipts. Every RPC call goes through the chain's client, under its timeout. What it keeps lives in memory.
 */
import { type Address, type Hex, toHex } from "viem"
import type { ApiChain, ChainSet } from "./chains.ts"
import type { HistorySource } from "./sources.ts"

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
interface RawTransferLog extends RawLog {
  readonly transactionHash: Hex
  readonly blockNumber: Hex
}
interface RawReceipt {
  readonly transactionHash: Hex
  readonly status: Hex
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

/** The indexer: `sync` brings chains up to their head, a bounded number of blocks at a time. */
export interface Indexer {
  /** Pins where each chain without a `fromBlock` starts: its head now. A chain that fails is pinned at its first sync. */
  start(): Promise<void>
  /**
   * Indexes up to `maxBlocksPerSync` more blocks of each of `chains`, towards the head at call time (runs per chain
   * are queued, never overlap).
   */
  sync(chains: ReadonlyArray<ApiChain>): Promise<void>
  /** Indexed transactions of one chain, oldest first. */
  indexed(chain: ApiChain): ReadonlyArray<IndexedTx>
}

/** Options of {@link makeIndexer}. */
export interface IndexerOptions {
  /** Most blocks one sync reads per chain; the rest wait for the next sync. @default 1000 */
  readonly maxBlocksPerSync?: number
}

/** The addresses whose `Transfer` logs a chain's history tracks: its tokens, collections and swap tokens. */
export const trackedAddresses = (chain: ApiChain): ReadonlyArray<Address> => [
  ...new Set(
    [
      ...chain.tokens.map((token) => token.address),
      ...chain.nfts,
      ...(chain.swap === undefined ? [] : [chain.swap.weth, ...(chain.swap.tokens ?? [])])
    ].map((address) => address.toLowerCase() as Address)
  )
]

/**
 * Makes an indexer over a chain set. Nothing is read until `start` or the first `sync`.
 * @example
 * ```ts
 * import type { ChainSet } from "./chains.ts"
 * declare const chainSet: ChainSet
 * const indexer = makeIndexer(chainSet)
 * await indexer.sync(chainSet.supported)
 * indexer.indexed(chainSet.supported[0]!).length
 * ```
 */
export const makeIndexer = (set: ChainSet, options: IndexerOptions = {}): Indexer => {
  const maxBlocks = BigInt(Math.max(1, options.maxBlocksPerSync ?? 1000))
  const state = new Map(
    set.all.map((chain) => [
      chain.chainId,
      {
        next: chain.fromBlock,
        txs: [] as Array<IndexedTx>,
        running: undefined as Promise<void> | undefined
      }
    ])
  )

  const transferLogs = async (chain: ApiChain, from: bigint, to: bigint): Promise<ReadonlyArray<RawTransferLog>> => {
    const address = trackedAddresses(chain)
    if (address.length === 0) return []
    return (await chain.client.request({
      method: "eth_getLogs" as never,
      params: [{ address, topics: [transferTopic], fromBlock: toHex(from), toBlock: toHex(to) }] as never
    })) as ReadonlyArray<RawTransferLog>
  }

  const indexBlock = async (
    chain: ApiChain,
    number: bigint,
    logs: ReadonlyMap<Hex, ReadonlyArray<RawTransferLog>>
  ): Promise<ReadonlyArray<IndexedTx>> => {
    const [block, receipts] = await Promise.all([
      chain.client.getBlock({ blockNumber: number, includeTransactions: true }),
      chain.client.request({ method: "eth_getBlockReceipts" as never, params: [toHex(number)] as never }) as Promise<
        ReadonlyArray<RawReceipt>
      >
    ])
    const byHash = new Map(receipts.map((r) => [r.transactionHash, r]))
    return block.transactions.map((tx, index) => {
      const success = byHash.get(tx.hash)?.status === "0x1"
      const movements: Array<Movement> = []
      if (success && tx.value > 0n && tx.to !== null)
        movements.push({ kind: "native", from: tx.from, to: tx.to, amount: tx.value })
      // a reverted transaction leaves no logs, so every log here is of a successful one
      for (const log of logs.get(tx.hash) ?? []) {
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

  const headOf = (chain: ApiChain) => chain.client.getBlockNumber({ cacheTime: 0 })

  const syncChain = async (chain: ApiChain) => {
    const s = state.get(chain.chainId)
    if (s === undefined) return
    const latest = await headOf(chain)
    s.next ??= latest
    const last = s.next + maxBlocks - 1n < latest ? s.next + maxBlocks - 1n : latest
    if (last < s.next) return
    const logs = new Map<Hex, Array<RawTransferLog>>()
    for (const log of await transferLogs(chain, s.next, last))
      logs.set(log.transactionHash, [...(logs.get(log.transactionHash) ?? []), log])
    for (let n = s.next; n <= last; n++) {
      s.txs.push(...(await indexBlock(chain, n, logs)))
      s.next = n + 1n
    }
  }

  const queue = (chain: ApiChain, run: () => Promise<void>) => {
    const s = state.get(chain.chainId)
    if (s === undefined) return undefined
    // Queue behind a run in progress rather than join it: that run may have read the head before the caller's
    // transaction was mined.
    s.running = (s.running ?? Promise.resolve()).catch(() => undefined).then(run)
    return s.running
  }

  return {
    start: async () => {
      await Promise.all(
        set.all.map((chain) =>
          queue(chain, async () => {
            const s = state.get(chain.chainId)
            if (s !== undefined && s.next === undefined) s.next = await headOf(chain)
          })?.catch(() => undefined)
        )
      )
    },
    sync: async (chains) => {
      await Promise.all(chains.map((chain) => queue(chain, () => syncChain(chain))))
    },
    indexed: (chain) => state.get(chain.chainId)?.txs ?? []
  }
}

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase()

/** Whether `tx` concerns `address`: it sent it, or an asset moved from or to it. */
export const touches = (tx: IndexedTx, address: string): boolean =>
  same(tx.from, address) || tx.movements.some((m) => same(m.from, address) || same(m.to, address))

/**
 * Orders history newest first across chains (block time, then chain id, block and position), the order `cursor`
 * pages through.
 */
export const newestFirst = (a: IndexedTx, b: IndexedTx): number =>
  b.timestamp - a.timestamp ||
  a.chain.chainId - b.chain.chainId ||
  Number(b.blockNumber - a.blockNumber) ||
  b.index - a.index

/**
 * The indexer as a history source: syncs the chains asked for, then answers what touches the address.
 * @example
 * ```ts
 * import type { ChainSet } from "./chains.ts"
 * declare const chainSet: ChainSet
 * const history = indexerHistory(makeIndexer(chainSet))
 * await history.transactions(chainSet.supported, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
 * ```
 */
export const indexerHistory = (indexer: Indexer): HistorySource => ({
  transactions: async (chains, address) => {
    await indexer.sync(chains)
    return chains
      .flatMap((chain) => indexer.indexed(chain))
      .filter((tx) => touches(tx, address))
      .sort(newestFirst)
  }
})
