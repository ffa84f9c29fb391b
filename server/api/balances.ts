/**
 * ERC-20 balances of one owner on one chain: one `aggregate3` call to the chain's Multicall3 when its configuration
 * names one, else one `balanceOf` call per token (chains without Multicall3, such as the sandbox's anvil nodes).
 */
import { type Address, erc20Abi } from "viem"
import type { ApiChain } from "./chains.ts"

/**
 * The balance of `owner` in each of `tokens`, in order (base units); a token whose call fails counts as 0 under
 * Multicall3, and fails the whole read without it (as a single read would).
 * @example
 * ```ts
 * import type { Address } from "viem"
 * import type { ApiChain } from "./chains.ts"
 * declare const chain: ApiChain
 * declare const usdcAddress: Address
 * const [usdc] = await tokenBalances(chain, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", [usdcAddress])
 * ```
 */
export const tokenBalances = async (
  chain: Pick<ApiChain, "client" | "multicall3">,
  owner: Address,
  tokens: ReadonlyArray<Address>
): Promise<ReadonlyArray<bigint>> => {
  if (tokens.length === 0) return []
  const calls = tokens.map((address) => ({
    address,
    abi: erc20Abi,
    functionName: "balanceOf" as const,
    args: [owner] as const
  }))
  if (chain.multicall3 === undefined) return Promise.all(calls.map((call) => chain.client.readContract(call)))
  const results = await chain.client.multicall({ contracts: calls, multicallAddress: chain.multicall3 })
  return results.map((result) => (result.status === "success" ? result.result : 0n))
}
