/**
 * Reading Solana chains when the blockchain API cannot give a balance (SPEC §7: the API first, the RPC after): the
 * network's own RPC URLs, then the blockchain API's RPC (`{api}/v1/?chainId=solana:…&projectId=…`), each tried in
 * turn through `@solana/kit`'s RPC client. Loaded only when needed.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import { type Address, createSolanaRpc } from "@solana/kit"
import type { AdapterContext } from "../../core/adapter/AdapterContext.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"

/**
 * Lamports as SOL (9 decimals), exactly: a decimal string without trailing zeros.
 * @example
 * ```ts
 * formatLamports(1_500_000_000n) // "1.5"
 * ```
 */
export const formatLamports = (lamports: bigint): string => {
  const digits = lamports.toString().padStart(10, "0")
  const fraction = digits.slice(-9).replace(/0+$/, "")
  return `${digits.slice(0, -9)}${fraction === "" ? "" : `.${fraction}`}`
}

/**
 * Every RPC URL of `network`, the app's own first, then the blockchain API's.
 * @example
 * ```ts
 * import { solana } from "../../core/networks/solana.ts"
 * rpcUrlsOf(solana, { projectId: "p1", endpoints: { walletApi: "https://api.example", blockchainApi: "https://api.example" } })
 * ```
 */
export const rpcUrlsOf = (network: CaipNetwork, context: AdapterContext): ReadonlyArray<string> => {
  const own = network.rpcUrls.default.http.filter((url) => /^https?:\/\//.test(url))
  if (context.endpoints.blockchainApi === "" || context.projectId === undefined) return own
  const query = new URLSearchParams({ chainId: network.caipNetworkId, projectId: context.projectId })
  return [...own, `${context.endpoints.blockchainApi.replace(/\/+$/, "")}/v1/?${query}`]
}

/** The SOL balance of `address` on `network`, from the first RPC that answers. */
export const balanceOf = async (network: CaipNetwork, address: string, context: AdapterContext): Promise<string> => {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) throw new Error(`Not a Solana address: ${address}`)
  const urls = rpcUrlsOf(network, context)
  if (urls.length === 0) throw new Error(`No RPC URL for ${network.caipNetworkId}`)
  let last: unknown
  for (const url of urls) {
    try {
      const { value } = await createSolanaRpc(url)
        .getBalance(address as Address, { commitment: "confirmed" })
        .send({ abortSignal: AbortSignal.timeout(10_000) })
      return formatLamports(value)
    } catch (error) {
      last = error
    }
  }
  throw last
}
