/**
 * The local Solana chain's transaction history: every transaction that landed (succeeded, or failed after paying its
 * fee), with its slot, time, fee, balances before and after and the SOL and SPL amounts each party gained or lost, so
 * `getSignaturesForAddress`, `getTransaction` and the sandbox API's history answer from what really happened.
 */
import type { Address, CompiledTransactionMessage, Signature } from "@solana/kit"
import type { TransactionErrorJson } from "./errors.ts"

/** A compiled message the chain runs: legacy or v0, with its blockhash. */
export type RunnableMessage = Extract<CompiledTransactionMessage, { version: "legacy" | 0 }> & {
  readonly lifetimeToken: string
}

/** An SPL token account's balance at one point of a transaction (`pre/postTokenBalances` of the RPC). */
export interface SolanaTokenBalance {
  /** Index of the token account among the transaction's account keys. */
  readonly accountIndex: number
  readonly mint: Address
  /** The wallet that owns the token account. */
  readonly owner: Address
  /** The token program (SPL Token or Token-2022). */
  readonly programId: Address
  /** Base units. */
  readonly amount: bigint
  readonly decimals: number
}

/** One inner (CPI) instruction, as the RPC lists it. */
export interface SolanaInnerInstruction {
  readonly programIdIndex: number
  readonly accounts: ReadonlyArray<number>
  readonly data: Uint8Array
  readonly stackHeight: number
}

/** A transaction the chain processed. */
export interface SolanaTxRecord {
  readonly signature: Signature
  readonly slot: bigint
  /** Unix seconds of its slot. */
  readonly blockTime: number
  /** Lamports the fee payer paid. */
  readonly fee: bigint
  /** Null when it succeeded. */
  readonly err: TransactionErrorJson | null
  /** The transaction as sent (wire bytes). */
  readonly wire: Uint8Array
  readonly message: RunnableMessage
  /** Static keys, then addresses loaded from lookup tables (writable, then read-only). */
  readonly accountKeys: ReadonlyArray<Address>
  readonly loadedAddresses: { readonly writable: ReadonlyArray<Address>; readonly readonly: ReadonlyArray<Address> }
  readonly preBalances: ReadonlyArray<bigint>
  readonly postBalances: ReadonlyArray<bigint>
  readonly preTokenBalances: ReadonlyArray<SolanaTokenBalance>
  readonly postTokenBalances: ReadonlyArray<SolanaTokenBalance>
  readonly logs: ReadonlyArray<string>
  readonly computeUnitsConsumed: bigint
  /** Per top-level instruction index, the instructions it invoked (empty lists left out). */
  readonly innerInstructions: ReadonlyArray<{
    readonly index: number
    readonly instructions: ReadonlyArray<SolanaInnerInstruction>
  }>
  /** Lamports each account gained (+) or lost (−), the fee left out; zero changes left out. */
  readonly solChanges: ReadonlyArray<{ readonly address: Address; readonly delta: bigint }>
  /** Base units of each mint each wallet gained or lost, over all its token accounts; zero changes left out. */
  readonly tokenChanges: ReadonlyArray<{
    readonly owner: Address
    readonly mint: Address
    readonly decimals: number
    readonly delta: bigint
  }>
}

/** Read access to the history. */
export interface SolanaHistory {
  /** Every processed transaction, oldest first. */
  all(): ReadonlyArray<SolanaTxRecord>
  get(signature: string): SolanaTxRecord | undefined
  /** Transactions that name `address` among their account keys, newest first (what `getSignaturesForAddress` lists). */
  forAddress(address: string): ReadonlyArray<SolanaTxRecord>
  /**
   * Transactions that concern the wallet `address`: it is an account key, or a token account it owns changed hands
   * (an incoming SPL transfer names only the token account), newest first.
   */
  involving(address: string): ReadonlyArray<SolanaTxRecord>
}

/** The history plus the way to add to it (the chain's side). */
export interface WritableSolanaHistory extends SolanaHistory {
  add(record: SolanaTxRecord): void
}

/**
 * An empty history.
 * @example
 * ```ts
 * const history = makeSolanaHistory()
 * history.add(record)
 * history.forAddress(record.accountKeys[0]!)[0] === record // true
 * ```
 */
export const makeSolanaHistory = (): WritableSolanaHistory => {
  const records: Array<SolanaTxRecord> = []
  const bySignature = new Map<string, SolanaTxRecord>()
  const byKey = new Map<string, Array<SolanaTxRecord>>()
  const byWallet = new Map<string, Array<SolanaTxRecord>>()
  const index = (map: Map<string, Array<SolanaTxRecord>>, keys: Iterable<string>, record: SolanaTxRecord) => {
    for (const key of new Set(keys)) {
      const list = map.get(key)
      if (list === undefined) map.set(key, [record])
      else list.push(record)
    }
  }
  const newestFirst = (list: ReadonlyArray<SolanaTxRecord> | undefined) => (list ?? []).slice().reverse()
  return {
    add: (record) => {
      records.push(record)
      bySignature.set(record.signature, record)
      index(byKey, record.accountKeys, record)
      const owners = [...record.preTokenBalances, ...record.postTokenBalances].map((balance) => balance.owner)
      index(byWallet, [...record.accountKeys, ...owners], record)
    },
    all: () => records,
    get: (signature) => bySignature.get(signature),
    forAddress: (address) => newestFirst(byKey.get(address)),
    involving: (address) => newestFirst(byWallet.get(address))
  }
}

/**
 * Per wallet and mint, the base units gained or lost across its token accounts (zero changes left out).
 * @example
 * ```ts
 * tokenChangesOf(preTokenBalances, postTokenBalances) // [{ owner, mint, decimals: 6, delta: -25000000n }, …]
 * ```
 */
export const tokenChangesOf = (
  pre: ReadonlyArray<SolanaTokenBalance>,
  post: ReadonlyArray<SolanaTokenBalance>
): SolanaTxRecord["tokenChanges"] => {
  const changes = new Map<string, { owner: Address; mint: Address; decimals: number; delta: bigint }>()
  const add = (balance: SolanaTokenBalance, sign: bigint) => {
    const key = `${balance.owner}:${balance.mint}`
    const change = changes.get(key) ?? {
      owner: balance.owner,
      mint: balance.mint,
      decimals: balance.decimals,
      delta: 0n
    }
    change.delta += sign * balance.amount
    changes.set(key, change)
  }
  for (const balance of pre) add(balance, -1n)
  for (const balance of post) add(balance, 1n)
  return [...changes.values()].filter((change) => change.delta !== 0n)
}
