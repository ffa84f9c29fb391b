/**
 * EVM transfers for the modal's Send: the `eth_sendTransaction` request of a native or ERC-20 transfer, its fee
 * (estimated gas × gas price, from the chain), and the wait for its receipt. Loaded on the first Send preview only.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import { type Client, isAddress } from "viem"
import type { PreparedTransfer, TransferArgs } from "../../core/adapter/AdapterImplementation.ts"

// Raw JSON-RPC over the ranked client: viem's estimateGas and receipt actions bring their fee, account and error
// machinery (12 KB gzip), and esbuild would put it in the chunk the balance fallback loads too.
const call = <T>(client: Client, method: string, params: ReadonlyArray<unknown>): Promise<T> =>
  client.request({ method, params } as never) as Promise<T>

const word = (value: bigint | string) =>
  (typeof value === "bigint" ? value.toString(16) : value.toLowerCase().replace(/^0x/, "")).padStart(64, "0")

/** ERC-20 `transfer(address,uint256)` call data. */
export const erc20TransferData = (to: `0x${string}`, amount: bigint): `0x${string}` =>
  `0xa9059cbb${word(to)}${word(amount)}`

/** The contract address of a CAIP-10 token address (`eip155:1:0x…`) or a bare one; undefined when neither. */
const contractOf = (address: string): `0x${string}` | undefined => {
  const last = address.split(":").at(-1) ?? ""
  return /^0x[0-9a-fA-F]{40}$/.test(last) ? (last as `0x${string}`) : undefined
}

/**
 * The request and fee of a transfer. The receiver must be a valid address, checksum included when it is mixed case.
 */
export const prepareEvmTransfer = async (client: Client, args: TransferArgs): Promise<PreparedTransfer> => {
  if (!isAddress(args.to, { strict: true })) {
    throw new Error("Invalid address: the checksum (its mix of capitals) does not match")
  }
  const from = args.from as `0x${string}`
  const to = args.to as `0x${string}`
  const contract = args.token === undefined ? undefined : contractOf(args.token.address)
  if (args.token !== undefined && contract === undefined)
    throw new Error(`Not an ERC-20 contract: ${args.token.address}`)
  const call_ =
    contract === undefined
      ? { to, value: `0x${args.amount.toString(16)}` as const }
      : { to: contract, data: erc20TransferData(to, args.amount) }
  const [gasHex, gasPriceHex] = await Promise.all([
    call<string>(client, "eth_estimateGas", [{ from, ...call_ }]),
    call<string>(client, "eth_gasPrice", [])
  ])
  const gas = BigInt(gasHex)
  const gasPrice = BigInt(gasPriceHex)
  return {
    method: "eth_sendTransaction",
    params: [{ from, ...call_, gas: `0x${gas.toString(16)}` }],
    fee: gas * gasPrice
  }
}

/** Waits for the receipt of transaction `result` (its hash); rejects when it reverted. */
export const confirmEvmTransfer = async (client: Client, result: unknown): Promise<string> => {
  if (typeof result !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(result)) {
    throw new Error("The wallet answered no transaction hash")
  }
  const deadline = Date.now() + 120_000
  for (;;) {
    const receipt = await call<{ readonly status?: string } | null>(client, "eth_getTransactionReceipt", [result])
    if (receipt !== null) {
      if (receipt.status !== "0x1") throw new Error("The transaction failed on chain")
      break
    }
    if (Date.now() > deadline) throw new Error("The transaction was not mined in 2 minutes")
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return result
}
