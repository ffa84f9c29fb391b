/**
 * The local Solana chain itself: litesvm in process, plus what a validator adds around it. Every landed transaction
 * gets a slot of its own (the slot, block height and clock advance with it), each slot a blockhash that stays valid for
 * 150 slots, and the history records it with its balances before and after. Everything is synchronous, so two
 * requests never interleave inside one transaction.
 */
import { createHash } from "node:crypto"
import {
  type Address,
  type CompiledTransactionMessage,
  type EncodedAccount,
  getAddressDecoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  type Signature,
  type Transaction
} from "@solana/kit"
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm"
import { preflightFailure, RpcError, rpcErrorCodes, type TransactionErrorJson, transactionErrorJson } from "./errors.ts"
import { messageFee, systemProgram } from "./fees.ts"
import {
  makeSolanaHistory,
  type RunnableMessage,
  type SolanaHistory,
  type SolanaTokenBalance,
  type SolanaTxRecord,
  tokenChangesOf
} from "./history.ts"
import { mintOf, tokenAccountOf } from "./token.ts"

export type { RunnableMessage } from "./history.ts"

/** A transaction decoded from its wire bytes, with its account keys resolved. */
export interface DecodedTransaction {
  readonly transaction: Transaction
  readonly message: RunnableMessage
  /** The fee payer's signature (base58 of 64 zero bytes when unsigned, as a simulation may be). */
  readonly signature: Signature
  /** Whether the fee payer signed. */
  readonly signed: boolean
  readonly accountKeys: ReadonlyArray<Address>
  readonly loadedAddresses: SolanaTxRecord["loadedAddresses"]
}

/** What a simulation found. */
export interface Simulation {
  readonly err: TransactionErrorJson | null
  readonly logs: ReadonlyArray<string>
  readonly unitsConsumed: bigint
  /** The accounts as the transaction would leave them (empty when it fails). */
  readonly postAccounts: ReadonlyArray<EncodedAccount>
  readonly returnData: { readonly programId: Address; readonly data: Uint8Array } | null
  readonly innerInstructions: SolanaTxRecord["innerInstructions"]
}

/** Options of {@link makeLedger}. */
export interface LedgerOptions {
  /** The genesis hash, also slot 0's blockhash. */
  readonly genesisHash: string
  /** Accounts funded at genesis (system accounts holding only lamports). */
  readonly genesisAccounts: ReadonlyArray<{ readonly address: Address; readonly lamports: bigint }>
  /** The clock, unix ms. @default Date.now */
  readonly now?: () => number
}

/** The chain. */
export interface Ledger {
  readonly svm: LiteSVM
  readonly genesisHash: string
  readonly history: SolanaHistory
  /** The newest slot (also the block height: no slot is ever skipped). */
  slot(): bigint
  /** Unix seconds of `slot`, or undefined for a slot not produced yet. */
  blockTime(slot: bigint): number | undefined
  latestBlockhash(): { readonly blockhash: string; readonly lastValidBlockHeight: bigint }
  /** Whether a transaction naming `blockhash` may still land (one of the last 151 slots' blockhashes). */
  isBlockhashValid(blockhash: string): boolean
  /** Decodes wire bytes; malformed bytes are an invalid-params RPC error. */
  decode(wire: Uint8Array): DecodedTransaction
  /** Runs a transaction without keeping its effects. */
  simulate(decoded: DecodedTransaction, options: { readonly sigVerify: boolean }): Simulation
  /**
   * Runs a transaction and records it; unless `skipPreflight`, simulates it first. A transaction that cannot land
   * (preflight failed, stale blockhash, duplicate, fee not payable) is an RPC error -32002 with `err` and `logs`.
   */
  send(wire: Uint8Array, options: { readonly skipPreflight: boolean }): Signature
  /** The fee the message would pay, in lamports. */
  feeFor(message: RunnableMessage): bigint
  /** Called after every landed transaction, once the slot has advanced. */
  onLanded(listener: (record: SolanaTxRecord) => void): () => void
}

/** Slots a blockhash stays valid after its own (a validator's `MAX_PROCESSING_AGE`). */
export const blockhashValiditySlots = 150n

// A slot's blockhash: slot 0's is the genesis hash, later ones a hash of it and the slot (the same on every run).
const blockhashOf = (genesisHash: string, slot: bigint): string =>
  slot === 0n ? genesisHash : getBase58Decoder().decode(createHash("sha256").update(`${genesisHash}:${slot}`).digest())

const lookupTableHeaderBytes = 56

const innerInstructionsOf = (meta: TransactionMetadata): SolanaTxRecord["innerInstructions"] =>
  meta.innerInstructions().flatMap((list, index) =>
    list.length === 0
      ? []
      : [
          {
            index,
            instructions: list.map((inner) => ({
              programIdIndex: inner.instruction().programIdIndex(),
              accounts: [...inner.instruction().accounts()],
              data: inner.instruction().data(),
              stackHeight: inner.stackHeight()
            }))
          }
        ]
  )

/**
 * Makes a chain at slot 0 with `genesisAccounts` funded.
 * @example
 * ```ts
 * const ledger = makeLedger({ genesisHash: solanaLocalnetGenesisHash, genesisAccounts: [{ address, lamports: 10n ** 9n }] })
 * ledger.svm.getBalance(address) // 1000000000n
 * ```
 */
export const makeLedger = (options: LedgerOptions): Ledger => {
  const now = options.now ?? Date.now
  // litesvm accepts only its own latest blockhash; the ledger keeps its own window of valid ones instead.
  const svm = new LiteSVM().withBlockhashCheck(false)
  for (const account of options.genesisAccounts)
    svm.setAccount({
      address: account.address,
      lamports: lamports(account.lamports),
      data: new Uint8Array(),
      programAddress: systemProgram,
      executable: false,
      space: 0n
    })
  const history = makeSolanaHistory()
  const listeners = new Set<(record: SolanaTxRecord) => void>()
  const times: Array<number> = []
  const blockhashSlots = new Map<string, bigint>()
  let slot = 0n

  const setSlot = (next: bigint, time: number) => {
    const clock = svm.getClock()
    clock.slot = next
    clock.epoch = next / 432_000n
    clock.unixTimestamp = BigInt(time)
    svm.setClock(clock)
  }
  const produce = (next: bigint, time: number) => {
    slot = next
    times[Number(next)] = time
    blockhashSlots.set(blockhashOf(options.genesisHash, next), next)
  }
  const nowSeconds = () => Math.floor(now() / 1000)
  produce(0n, nowSeconds())
  setSlot(0n, nowSeconds())

  const isBlockhashValid = (blockhash: string) => {
    const at = blockhashSlots.get(blockhash)
    return at !== undefined && slot - at <= blockhashValiditySlots
  }

  const loadedAddressesOf = (message: RunnableMessage): DecodedTransaction["loadedAddresses"] => {
    const writable: Array<Address> = []
    const readonly: Array<Address> = []
    for (const lookup of message.version === 0 ? (message.addressTableLookups ?? []) : []) {
      const table = svm.getAccount(lookup.lookupTableAddress)
      if (!table.exists) throw preflightFailure("AddressLookupTableNotFound")
      const entry = (index: number) => {
        const start = lookupTableHeaderBytes + index * 32
        const bytes = (table.data as Uint8Array).slice(start, start + 32)
        if (bytes.length !== 32) throw preflightFailure("InvalidAddressLookupTableIndex")
        return getAddressDecoder().decode(bytes)
      }
      writable.push(...lookup.writableIndexes.map(entry))
      readonly.push(...lookup.readonlyIndexes.map(entry))
    }
    return { writable, readonly }
  }

  const decode = (wire: Uint8Array): DecodedTransaction => {
    let transaction: Transaction
    let message: CompiledTransactionMessage & { lifetimeToken: string }
    try {
      transaction = getTransactionDecoder().decode(wire)
      message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    } catch (error) {
      throw new RpcError(
        rpcErrorCodes.invalidParams,
        `failed to deserialize transaction: ${error instanceof Error ? error.message : String(error)}`
      )
    }
    if (message.version !== "legacy" && message.version !== 0)
      throw new RpcError(rpcErrorCodes.invalidParams, `unsupported transaction version ${String(message.version)}`)
    const runnable = message as RunnableMessage
    const payer = runnable.staticAccounts[0]
    if (payer === undefined)
      throw new RpcError(rpcErrorCodes.invalidParams, "failed to deserialize transaction: no fee payer")
    const signatureBytes = transaction.signatures[payer] ?? null
    const loadedAddresses = loadedAddressesOf(runnable)
    return {
      transaction,
      message: runnable,
      signature: getBase58Decoder().decode(signatureBytes ?? new Uint8Array(64)) as Signature,
      signed: signatureBytes !== null,
      accountKeys: [...runnable.staticAccounts, ...loadedAddresses.writable, ...loadedAddresses.readonly],
      loadedAddresses
    }
  }

  const simulate: Ledger["simulate"] = (decoded, { sigVerify }) => {
    svm.withSigverify(sigVerify)
    try {
      const result = svm.simulateTransaction(decoded.transaction)
      if (result instanceof FailedTransactionMetadata) {
        const meta = result.meta()
        return {
          err: transactionErrorJson(result.err()),
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
          postAccounts: [],
          returnData: null,
          innerInstructions: innerInstructionsOf(meta)
        }
      }
      const meta = result.meta()
      const returned = meta.returnData()
      const data = returned.data()
      return {
        err: null,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        postAccounts: result.postAccounts(),
        returnData: data.length === 0 ? null : { programId: getAddressDecoder().decode(returned.programId()), data },
        innerInstructions: innerInstructionsOf(meta)
      }
    } catch (error) {
      // kit refuses a transaction with a missing signature before litesvm sees it
      throw new RpcError(
        rpcErrorCodes.signatureVerificationFailure,
        `Transaction signature verification failure: ${error instanceof Error ? error.message : String(error)}`
      )
    } finally {
      svm.withSigverify(true)
    }
  }

  const tokenBalances = (keys: ReadonlyArray<Address>): Array<SolanaTokenBalance> =>
    keys.flatMap((key, accountIndex) => {
      const account = svm.getAccount(key)
      const token = tokenAccountOf(account)
      if (token === undefined || !account.exists) return []
      const decimals = mintOf(svm.getAccount(token.mint))?.decimals ?? 0
      const { mint, owner, amount } = token
      return [{ accountIndex, mint, owner, programId: account.programAddress, amount, decimals }]
    })

  const send: Ledger["send"] = (wire, { skipPreflight }) => {
    const decoded = decode(wire)
    const { message, accountKeys } = decoded
    if (!decoded.signed)
      throw new RpcError(rpcErrorCodes.signatureVerificationFailure, "Transaction signature verification failure")
    if (history.get(decoded.signature) !== undefined) throw preflightFailure("AlreadyProcessed")
    if (!isBlockhashValid(message.lifetimeToken)) throw preflightFailure("BlockhashNotFound")
    if (!skipPreflight) {
      const simulation = simulate(decoded, { sigVerify: true })
      if (simulation.err !== null) throw preflightFailure(simulation.err, simulation.logs, simulation.unitsConsumed)
    }
    const balances = () => accountKeys.map((key) => svm.getBalance(key) ?? 0n)
    const preBalances = balances()
    const preTokenBalances = tokenBalances(accountKeys)
    const next = slot + 1n
    const time = Math.max(times[Number(slot)] ?? 0, nowSeconds())
    setSlot(next, time)
    const result = (() => {
      try {
        return svm.sendTransaction(decoded.transaction)
      } catch (error) {
        setSlot(slot, times[Number(slot)] ?? time)
        throw new RpcError(
          rpcErrorCodes.signatureVerificationFailure,
          `Transaction signature verification failure: ${error instanceof Error ? error.message : String(error)}`
        )
      }
    })()
    const postBalances = balances()
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result
    const err = result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null
    // A failure before execution (fee not payable, bad signature, duplicate) charges nothing and lands nowhere.
    if (err !== null && (postBalances[0] ?? 0n) >= (preBalances[0] ?? 0n)) {
      setSlot(slot, times[Number(slot)] ?? time)
      throw preflightFailure(err, meta.logs(), meta.computeUnitsConsumed())
    }
    const fee = messageFee(message)
    const postTokenBalances = tokenBalances(accountKeys)
    const record: SolanaTxRecord = {
      signature: decoded.signature,
      slot: next,
      blockTime: time,
      fee,
      err,
      wire,
      message,
      accountKeys,
      loadedAddresses: decoded.loadedAddresses,
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances,
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: innerInstructionsOf(meta),
      solChanges: accountKeys.flatMap((address, index) => {
        const delta = (postBalances[index] ?? 0n) - (preBalances[index] ?? 0n) + (index === 0 ? fee : 0n)
        return delta === 0n ? [] : [{ address, delta }]
      }),
      tokenChanges: tokenChangesOf(preTokenBalances, postTokenBalances)
    }
    produce(next, time)
    history.add(record)
    for (const listener of listeners) {
      try {
        listener(record)
      } catch {
        // a subscriber's failure is its own: the transaction has landed all the same
      }
    }
    return decoded.signature
  }

  return {
    svm,
    genesisHash: options.genesisHash,
    history,
    slot: () => slot,
    blockTime: (at) => (at >= 0n && at <= slot ? times[Number(at)] : undefined),
    latestBlockhash: () => ({
      blockhash: blockhashOf(options.genesisHash, slot),
      lastValidBlockHeight: slot + blockhashValiditySlots
    }),
    isBlockhashValid,
    decode,
    simulate,
    send,
    feeFor: messageFee,
    onLanded: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
