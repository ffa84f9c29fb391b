/**
 * The JSON-RPC helpers the chain seeding uses: one request with a timeout, and a receipt read that waits for anvil's
 * automined block.
 */
import type { Address, Hex } from "viem"

/** How long one JSON-RPC request to a local node may take before it fails. */
export const rpcTimeoutMs = 10_000

/**
 * Sends one JSON-RPC request and returns its result, or throws the node's error message (or a timeout).
 *
 * @example
 * ```ts
 * const block = await rpcRequest<string>("http://127.0.0.1:8545", "eth_blockNumber")
 * ```
 */
export const rpcRequest = async <T>(rpcUrl: string, method: string, params: ReadonlyArray<unknown> = []) => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(rpcTimeoutMs)
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** How long {@link receiptOf} waits for a sent transaction's block. */
export const receiptTimeoutMs = 10_000

/**
 * The receipt of a sent transaction. Anvil answers `eth_sendTransaction` before the automined block is stored, so a
 * receipt read straight after can be null: ask again, a few ms apart, until the block is there or
 * {@link receiptTimeoutMs} has passed (then null).
 *
 * @example
 * ```ts
 * const receipt = await receiptOf("http://127.0.0.1:8545", hash)
 * ```
 */
export const receiptOf = async (rpcUrl: string, hash: Hex): Promise<{ status: Hex } | null> => {
  const deadline = performance.now() + receiptTimeoutMs
  for (let attempt = 0; ; attempt++) {
    const receipt = await rpcRequest<{ status: Hex } | null>(rpcUrl, "eth_getTransactionReceipt", [hash])
    if (receipt !== null || performance.now() > deadline) return receipt
    if (attempt >= 20) await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A transaction for one of anvil's unlocked accounts. */
export interface TxRequest {
  readonly from: Address
  readonly to?: Address
  readonly value?: bigint
  readonly data?: Hex
}

const hex = (value: bigint): Hex => `0x${value.toString(16)}`

/**
 * Sends `transactions` in order through anvil's unlocked accounts (automine: one block each) and waits for each one's
 * block before the next: anvil answers a send before its block is stored, and a call sent into that gap (a mint right
 * after the token's deployment) would be estimated against the state without the contract, and fail. Throws naming
 * the first transaction that did not succeed (`what` and its index).
 *
 * @example
 * ```ts
 * const hashes = await sendInOrder("http://127.0.0.1:8545", [{ from: alice, to: bob, value: 1n }], "seed transaction")
 * ```
 */
export const sendInOrder = async (
  rpcUrl: string,
  transactions: ReadonlyArray<TxRequest>,
  what: string
): Promise<Array<Hex>> => {
  const hashes: Array<Hex> = []
  for (const [index, tx] of transactions.entries()) {
    const request = {
      from: tx.from,
      ...(tx.to ? { to: tx.to } : {}),
      ...(tx.value ? { value: hex(tx.value) } : {}),
      ...(tx.data ? { data: tx.data } : {})
    }
    const hash = await rpcRequest<Hex>(rpcUrl, "eth_sendTransaction", [request])
    const receipt = await receiptOf(rpcUrl, hash)
    if (receipt?.status !== "0x1") throw new Error(`${what} ${index} (${hash}) failed on ${rpcUrl}`)
    hashes.push(hash)
  }
  return hashes
}
