/**
 * How the RPC writes accounts and transactions: account data in base58, base64 or `jsonParsed` (token accounts and
 * mints), and recorded transactions in the `json`, `jsonParsed` and `base64` forms of `getTransaction`.
 */
import { type Address, getBase58Decoder, type MaybeEncodedAccount, type ReadonlyUint8Array } from "@solana/kit"
import { invalidParams, RpcError, rpcErrorCodes } from "./errors.ts"
import type { SolanaTokenBalance, SolanaTxRecord } from "./history.ts"
import { mintOf, parsedTokenData, uiTokenAmount } from "./token.ts"

/** Base58 text of bytes. */
const base58 = (bytes: ReadonlyUint8Array): string => getBase58Decoder().decode(bytes)

/** Account encodings the RPC answers. */
export type AccountEncoding = "base58" | "base64" | "jsonParsed"

/** `rentEpoch` of every account: rent collection is gone, so validators answer u64::MAX. */
const rentExemptEpoch = 18_446_744_073_709_551_615n

/** Largest account a base58 answer carries (a validator's limit). */
const maxBase58Bytes = 128

/**
 * The encoding a request's config names; absent is base58, the RPC's default.
 * @example
 * ```ts
 * accountEncodingOf({ encoding: "base64" }) // "base64"
 * ```
 */
export const accountEncodingOf = (config: Readonly<Record<string, unknown>>): AccountEncoding => {
  const encoding = config.encoding ?? "base58"
  if (encoding === "binary" || encoding === "base58") return "base58"
  if (encoding === "base64" || encoding === "jsonParsed") return encoding
  throw invalidParams(
    `Invalid params: unsupported encoding ${JSON.stringify(encoding)}: use base58, base64 or jsonParsed`
  )
}

/** A `dataSlice` of a request's config, checked. */
const sliceOf = (config: Readonly<Record<string, unknown>>): { offset: number; length: number } | undefined => {
  const slice = config.dataSlice
  if (slice === undefined) return undefined
  const { offset, length } = (slice ?? {}) as { offset?: unknown; length?: unknown }
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || Number(offset) < 0 || Number(length) < 0)
    throw invalidParams("Invalid params: dataSlice must be { offset, length } of non-negative integers")
  return { offset: Number(offset), length: Number(length) }
}

/**
 * One account as `getAccountInfo` writes it (`null` when it does not exist).
 * @example
 * ```ts
 * encodeAccount(svm.getAccount(address), { encoding: "base64" }, decimalsOf)
 * ```
 */
export const encodeAccount = (
  account: MaybeEncodedAccount,
  config: Readonly<Record<string, unknown>>,
  decimalsOf: (mint: Address) => number
): object | null => {
  if (!account.exists) return null
  const encoding = accountEncodingOf(config)
  const base = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: rentExemptEpoch,
    space: account.space
  }
  if (encoding === "jsonParsed") {
    const parsed = parsedTokenData(account, decimalsOf)
    if (parsed !== undefined) return { ...base, data: parsed }
  }
  const slice = sliceOf(config)
  const all = account.data as Uint8Array
  const data = slice === undefined ? all : all.slice(slice.offset, slice.offset + slice.length)
  if (encoding === "base58") {
    if (data.length > maxBase58Bytes)
      throw new RpcError(
        rpcErrorCodes.invalidRequest,
        `Encoded binary (base 58) data should be less than ${maxBase58Bytes} bytes, please use Base64 encoding.`
      )
    return { ...base, data: [base58(data), "base58"] }
  }
  return { ...base, data: [Buffer.from(data).toString("base64"), "base64"] }
}

/**
 * A mint's decimals as the chain holds them (0 for an unknown mint).
 * @example
 * ```ts
 * const decimalsOf = mintDecimals(ledger.svm)
 * decimalsOf(usdcMint) // 6
 * ```
 */
export const mintDecimals =
  (svm: { getAccount(address: Address): MaybeEncodedAccount }) =>
  (mint: Address): number =>
    mintOf(svm.getAccount(mint))?.decimals ?? 0

const tokenBalanceJson = (balance: SolanaTokenBalance) => ({
  accountIndex: balance.accountIndex,
  mint: balance.mint,
  owner: balance.owner,
  programId: balance.programId,
  uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals)
})

/**
 * Inner instructions as the RPC writes them (data in base58).
 * @example
 * ```ts
 * innerInstructionsJson(record.innerInstructions)
 * ```
 */
export const innerInstructionsJson = (list: SolanaTxRecord["innerInstructions"]) =>
  list.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((inner) => ({
      programIdIndex: inner.programIdIndex,
      accounts: inner.accounts,
      data: base58(inner.data),
      stackHeight: inner.stackHeight
    }))
  }))

/** A transaction's status meta, as `getTransaction` writes it. */
const metaJson = (record: SolanaTxRecord) => ({
  computeUnitsConsumed: record.computeUnitsConsumed,
  err: record.err,
  fee: record.fee,
  innerInstructions: innerInstructionsJson(record.innerInstructions),
  loadedAddresses: record.loadedAddresses,
  logMessages: record.logs,
  postBalances: record.postBalances,
  postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
  preBalances: record.preBalances,
  preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
  rewards: [],
  status: record.err === null ? { Ok: null } : { Err: record.err }
})

const isWritable = (record: SolanaTxRecord, index: number): boolean => {
  const { header, staticAccounts } = record.message
  if (index >= staticAccounts.length) return index < staticAccounts.length + record.loadedAddresses.writable.length
  if (index < header.numSignerAccounts) return index < header.numSignerAccounts - header.numReadonlySignerAccounts
  return index < staticAccounts.length - header.numReadonlyNonSignerAccounts
}

const messageJson = (record: SolanaTxRecord, parsed: boolean) => {
  const { message } = record
  const keys = record.accountKeys
  const instructions = message.instructions.map((instruction) => {
    const accounts = instruction.accountIndices ?? []
    const data = base58(instruction.data ?? new Uint8Array())
    return parsed
      ? {
          programId: keys[instruction.programAddressIndex],
          accounts: accounts.map((i) => keys[i]),
          data,
          stackHeight: null
        }
      : { programIdIndex: instruction.programAddressIndex, accounts, data, stackHeight: null }
  })
  const lookups =
    message.version === 0
      ? {
          addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
            accountKey: lookup.lookupTableAddress,
            writableIndexes: lookup.writableIndexes,
            readonlyIndexes: lookup.readonlyIndexes
          }))
        }
      : {}
  const accountKeys = parsed
    ? keys.map((pubkey, index) => ({
        pubkey,
        signer: index < message.header.numSignerAccounts,
        writable: isWritable(record, index),
        source: index < message.staticAccounts.length ? "transaction" : "lookupTable"
      }))
    : message.staticAccounts
  return {
    accountKeys,
    header: {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts
    },
    recentBlockhash: message.lifetimeToken,
    instructions,
    ...lookups
  }
}

/** The transaction's signatures, base58, in signer order. */
const signaturesOf = (record: SolanaTxRecord): ReadonlyArray<string> => {
  const count = record.message.header.numSignerAccounts
  // wire layout: a compact-u16 count (one byte below 128 signers), then 64 bytes per signature
  return Array.from({ length: count }, (_, i) => base58(record.wire.slice(1 + i * 64, 1 + (i + 1) * 64)))
}

/**
 * A recorded transaction as `getTransaction` answers it, in `json`, `jsonParsed` or `base64`.
 * @example
 * ```ts
 * transactionJson(record, "json", 0)
 * ```
 */
export const transactionJson = (
  record: SolanaTxRecord,
  encoding: "json" | "jsonParsed" | "base64" | "base58",
  maxSupportedTransactionVersion: number | undefined
): object => {
  const version = record.message.version
  if (version === 0 && maxSupportedTransactionVersion === undefined)
    throw new RpcError(
      rpcErrorCodes.unsupportedTransactionVersion,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0'
    )
  const transaction =
    encoding === "base64"
      ? [Buffer.from(record.wire).toString("base64"), "base64"]
      : encoding === "base58"
        ? [base58(record.wire), "base58"]
        : { signatures: signaturesOf(record), message: messageJson(record, encoding === "jsonParsed") }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    meta: metaJson(record),
    transaction,
    ...(maxSupportedTransactionVersion === undefined ? {} : { version })
  }
}
