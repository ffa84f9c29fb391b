/**
 * Solana errors as the RPC spells them: litesvm's transaction errors turned into the JSON `TransactionError` a
 * validator answers (`"BlockhashNotFound"`, `{ "InstructionError": [0, { "Custom": 1 }] }`), and the JSON-RPC errors
 * of the sandbox's RPC server.
 */

/** A transaction error as JSON, exactly as a validator's RPC writes it (what `@solana/kit` parses). */
export type TransactionErrorJson =
  | string
  | {
      readonly InstructionError: readonly [
        number,
        string | { readonly Custom: number } | { readonly BorshIoError: string }
      ]
    }
  | { readonly DuplicateInstruction: number }
  | { readonly InsufficientFundsForRent: { readonly account_index: number } }
  | { readonly ProgramExecutionTemporarilyRestricted: { readonly account_index: number } }

// litesvm's fieldless errors are `const enum`s (numbers at run time, no names): these lists are the declared order.
const transactionErrorNames = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled"
] as const

const instructionErrorNames = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError"
] as const

const instructionErrorJson = (error: unknown): string | { Custom: number } | { BorshIoError: string } => {
  if (typeof error === "number") return instructionErrorNames[error] ?? "InvalidError"
  if (typeof error === "object" && error !== null) {
    if ("code" in error) return { Custom: Number(error.code) }
    if ("msg" in error) return { BorshIoError: String(error.msg) }
  }
  return "InvalidError"
}

/**
 * A litesvm transaction error (`FailedTransactionMetadata.err()`) as the RPC's JSON.
 * @example
 * ```ts
 * const failed = svm.sendTransaction(tx)
 * if (failed instanceof FailedTransactionMetadata) transactionErrorJson(failed.err()) // { InstructionError: [0, { Custom: 1 }] }
 * ```
 */
export const transactionErrorJson = (error: unknown): TransactionErrorJson => {
  if (typeof error === "number") return transactionErrorNames[error] ?? "SanitizeFailure"
  if (typeof error !== "object" || error === null) return "SanitizeFailure"
  const fields = error as { index?: number; accountIndex?: number; err?: () => unknown }
  if (typeof fields.err === "function" && fields.index !== undefined)
    return { InstructionError: [fields.index, instructionErrorJson(fields.err())] }
  if (fields.index !== undefined) return { DuplicateInstruction: fields.index }
  if (fields.accountIndex !== undefined)
    return error.constructor.name.includes("Restricted")
      ? { ProgramExecutionTemporarilyRestricted: { account_index: fields.accountIndex } }
      : { InsufficientFundsForRent: { account_index: fields.accountIndex } }
  return "SanitizeFailure"
}

const words = (name: string): string => name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()

/**
 * The human text of a transaction error, as a validator writes it after "Transaction simulation failed: ".
 * @example
 * ```ts
 * describeTransactionError({ InstructionError: [0, { Custom: 1 }] }) // "Error processing Instruction 0: custom program error: 0x1"
 * ```
 */
export const describeTransactionError = (error: TransactionErrorJson): string => {
  if (typeof error === "string") {
    if (error === "AlreadyProcessed") return "This transaction has already been processed"
    const text = words(error)
    return text.charAt(0).toUpperCase() + text.slice(1)
  }
  if ("InstructionError" in error) {
    const [index, inner] = error.InstructionError
    const detail =
      typeof inner === "string"
        ? words(inner)
        : "Custom" in inner
          ? `custom program error: 0x${inner.Custom.toString(16)}`
          : inner.BorshIoError
    return `Error processing Instruction ${index}: ${detail}`
  }
  return words(Object.keys(error)[0] ?? "transaction error")
}

/** A JSON-RPC error a handler throws; the server answers it as `{ code, message, data? }`. */
export class RpcError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** The JSON-RPC codes the server answers with (the standard ones, and Solana's server errors it uses). */
export const rpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Preflight failed (or the transaction could not land): `data` carries `err` and `logs`. */
  sendTransactionPreflightFailure: -32002,
  signatureVerificationFailure: -32003,
  blockNotAvailable: -32004,
  unsupportedTransactionVersion: -32015
} as const

/**
 * The error `sendTransaction` answers when a transaction cannot land: -32002 with `err` and `logs` in `data`, as
 * kit's `SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE` reads it.
 * @example
 * ```ts
 * throw preflightFailure("BlockhashNotFound")
 * ```
 */
export const preflightFailure = (err: TransactionErrorJson, logs: ReadonlyArray<string> = [], unitsConsumed = 0n) =>
  new RpcError(
    rpcErrorCodes.sendTransactionPreflightFailure,
    `Transaction simulation failed: ${describeTransactionError(err)}`,
    {
      accounts: null,
      err,
      innerInstructions: null,
      logs,
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed
    }
  )

/**
 * An invalid-params error (-32602).
 * @example
 * ```ts
 * throw invalidParams("Invalid param: WrongSize")
 * ```
 */
export const invalidParams = (message: string): RpcError => new RpcError(rpcErrorCodes.invalidParams, message)
