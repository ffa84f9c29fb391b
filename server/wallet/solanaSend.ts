/**
 * Sends a signed Solana transaction to the chain's JSON-RPC endpoint with kit's RPC client (`sendTransaction`,
 * base64), and optionally waits until it reaches a commitment (`getSignatureStatuses`), as
 * `solana:signAndSendTransaction`'s `commitment` option asks.
 */
import {
  type Commitment,
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  isSolanaError,
  type Signature,
  type Transaction
} from "@solana/kit"
import { ProviderRpcError } from "./errors.ts"

/** Options of {@link sendSolanaTransaction}: Solana's `sendTransaction` config, plus a commitment to wait for. */
export interface SolanaSendOptions {
  readonly skipPreflight?: boolean
  readonly preflightCommitment?: Commitment
  readonly minContextSlot?: number
  readonly maxRetries?: number
  /** Wait until the transaction reaches this commitment. Absent: return as soon as the node accepted it. */
  readonly commitment?: Commitment
  /** How long to wait for `commitment`. @default 30_000 */
  readonly timeoutMs?: number
}

const commitmentRank: Readonly<Record<Commitment, number>> = { processed: 0, confirmed: 1, finalized: 2 }
const pollMs = 200

/** A kit error as the wallet's error: the node's own message when it sent one, and its JSON-RPC code. */
const rpcFailure = (rpcUrl: string, error: unknown): ProviderRpcError => {
  const context = isSolanaError(error)
    ? (error.context as { __code?: unknown; __serverMessage?: unknown; logs?: unknown })
    : {}
  const code = typeof context.__code === "number" && context.__code < 0 ? context.__code : -32603
  // kit's messages are codes only in a production bundle: prefer what the node said (its message, a preflight's logs)
  const logs = Array.isArray(context.logs) && context.logs.length > 0 ? ` (logs: ${context.logs.join(" | ")})` : ""
  const reason =
    (typeof context.__serverMessage === "string" ? context.__serverMessage : (error as Error).message) + logs
  return new ProviderRpcError(code, `The Solana RPC at ${rpcUrl} did not take the transaction: ${reason}`, error)
}

const waitFor = async (
  rpc: ReturnType<typeof createSolanaRpc>,
  signature: Signature,
  commitment: Commitment,
  timeoutMs: number
) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err)
      throw new ProviderRpcError(-32003, `Transaction ${signature} failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus && commitmentRank[status.confirmationStatus] >= commitmentRank[commitment]) return
    if (Date.now() > deadline)
      throw new ProviderRpcError(-32603, `Transaction ${signature} did not reach "${commitment}" in ${timeoutMs} ms.`)
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/**
 * Sends the transaction and returns its signature (base58) as the node reports it.
 *
 * @example
 * ```ts
 * import type { SignedSolanaTransaction } from "./solanaKey.ts"
 * declare const rpcUrl: string
 * declare const signed: SignedSolanaTransaction
 * const signature = await sendSolanaTransaction(rpcUrl, signed.transaction, { skipPreflight: true })
 * ```
 */
export const sendSolanaTransaction = async (
  rpcUrl: string,
  transaction: Transaction,
  options: SolanaSendOptions = {}
): Promise<Signature> => {
  const rpc = createSolanaRpc(rpcUrl)
  let signature: Signature
  try {
    signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: "base64",
        ...(options.skipPreflight === undefined ? {} : { skipPreflight: options.skipPreflight }),
        ...(options.preflightCommitment === undefined ? {} : { preflightCommitment: options.preflightCommitment }),
        ...(options.minContextSlot === undefined ? {} : { minContextSlot: BigInt(options.minContextSlot) }),
        ...(options.maxRetries === undefined ? {} : { maxRetries: BigInt(options.maxRetries) })
      })
      .send()
  } catch (error) {
    throw rpcFailure(rpcUrl, error)
  }
  if (options.commitment !== undefined) {
    try {
      await waitFor(rpc, signature, options.commitment, options.timeoutMs ?? 30_000)
    } catch (error) {
      throw error instanceof ProviderRpcError ? error : rpcFailure(rpcUrl, error)
    }
  }
  return signature
}
