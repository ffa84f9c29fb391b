/**
 * Which RPC methods the embedded wallet may run (SPEC §5, §7): safe reads run directly, unsafe ones (signing, sending,
 * permissions) open ApproveTransaction, and anything else is rejected with 'Requested RPC call is not allowed'.
 * @module
 */

/**
 * Methods that read or broadcast already-signed data: no user approval needed.
 *
 * @example
 * ```ts
 * import { SAFE_RPC_METHODS } from "./rpcMethods.ts"
 * SAFE_RPC_METHODS.includes("eth_call") // true
 * ```
 */
export const SAFE_RPC_METHODS: ReadonlyArray<string> = [
  "eth_accounts",
  "eth_blobBaseFee",
  "eth_blockNumber",
  "eth_call",
  "eth_chainId",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getAccount",
  "eth_getBalance",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getBlockReceipts",
  "eth_getBlockTransactionCountByHash",
  "eth_getBlockTransactionCountByNumber",
  "eth_getCode",
  "eth_getFilterChanges",
  "eth_getFilterLogs",
  "eth_getLogs",
  "eth_getProof",
  "eth_getStorageAt",
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getTransactionByBlockNumberAndIndex",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_getUncleCountByBlockHash",
  "eth_getUncleCountByBlockNumber",
  "eth_maxPriorityFeePerGas",
  "eth_newBlockFilter",
  "eth_newFilter",
  "eth_newPendingTransactionFilter",
  "eth_sendRawTransaction",
  "eth_syncing",
  "eth_uninstallFilter",
  "wallet_getCapabilities",
  "wallet_getCallsStatus",
  "wallet_getAssets"
]

/**
 * Methods that sign, send or grant something: the user approves each one.
 *
 * @example
 * ```ts
 * import { UNSAFE_RPC_METHODS } from "./rpcMethods.ts"
 * UNSAFE_RPC_METHODS.includes("personal_sign") // true
 * ```
 */
export const UNSAFE_RPC_METHODS: ReadonlyArray<string> = [
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
  "eth_sendUserOperation",
  "wallet_sendCalls",
  "wallet_grantPermissions",
  "wallet_revokePermissions",
  "solana_signMessage",
  "solana_signIn",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction"
]

/**
 * How an RPC request is handled: run it, ask the user first, or refuse it.
 *
 * @example
 * ```ts
 * import type { RpcMethodClass } from "./rpcMethods.ts"
 * const handling: RpcMethodClass = "unsafe"
 * ```
 */
export type RpcMethodClass = "safe" | "unsafe" | "notAllowed"

const SAFE = new Set(SAFE_RPC_METHODS)
const UNSAFE = new Set(UNSAFE_RPC_METHODS)

/**
 * Classifies an RPC method; method names are case-sensitive, as JSON-RPC's are.
 *
 * @example
 * ```ts
 * import { classifyRpcMethod } from "./rpcMethods.ts"
 * classifyRpcMethod("eth_getBalance") // "safe"
 * classifyRpcMethod("eth_sendTransaction") // "unsafe"
 * classifyRpcMethod("eth_sign") // "notAllowed"
 * ```
 */
export const classifyRpcMethod = (method: string): RpcMethodClass =>
  SAFE.has(method) ? "safe" : UNSAFE.has(method) ? "unsafe" : "notAllowed"
