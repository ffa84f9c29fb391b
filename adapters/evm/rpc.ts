/**
 * Reading EVM chains: per chain, the app's own RPC URLs and the blockchain API's RPC (`{api}/v1/?chainId=…&projectId=…`,
 * SPEC §7) behind viem's `fallback`, ranked as SPEC §9 says (poll 4 s, 10 samples, 1 s timeout, weights 0.7
 * stability / 0.3 latency), so a dead endpoint is skipped and the best one is used first.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import { type Client, createClient, fallback, http } from "viem"
import { getBalance } from "viem/actions"
import type { AdapterContext } from "../../core/adapter/AdapterContext.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"

/** SPEC §9's ranking of RPC transports. */
export const rpcRanking = {
  interval: 4_000,
  sampleCount: 10,
  timeout: 1_000,
  weights: { stability: 0.7, latency: 0.3 }
} as const

/**
 * Every RPC URL of `network`, the app's own first, then the blockchain API's.
 * @example
 * ```ts
 * import { mainnet } from "../../core/networks/index.ts"
 * rpcUrlsOf(mainnet, { projectId: "p1", endpoints: { walletApi: "https://api.example", blockchainApi: "https://api.example" } })
 * // [...mainnet's own, "https://api.example/v1/?chainId=eip155%3A1&projectId=p1"]
 * ```
 */
export const rpcUrlsOf = (network: CaipNetwork, context: AdapterContext): ReadonlyArray<string> => {
  const own = network.rpcUrls.default.http.filter((url) => /^https?:\/\//.test(url))
  if (context.endpoints.blockchainApi === "" || context.projectId === undefined) return own
  const query = new URLSearchParams({ chainId: network.caipNetworkId, projectId: context.projectId })
  return [...own, `${context.endpoints.blockchainApi.replace(/\/+$/, "")}/v1/?${query}`]
}

/**
 * A cache of one ranked public client per chain (made on first use: ranking polls only chains the app reads).
 * @example
 * ```ts
 * const rpc = makeRpc({ projectId: "p1", endpoints: { walletApi: "https://api.example", blockchainApi: "https://api.example" } })
 * ```
 */
export const makeRpc = (context: AdapterContext, ranking: false | typeof rpcRanking = rpcRanking) => {
  // A bare client with the one action used: viem's public client would bring every action into this chunk.
  const clients = new Map<string, Client>()
  const clientFor = (network: CaipNetwork): Client => {
    let client = clients.get(network.caipNetworkId)
    if (client === undefined) {
      const transports = rpcUrlsOf(network, context).map((url) => http(url, { retryCount: 0, timeout: 10_000 }))
      if (transports.length === 0) throw new Error(`No RPC URL for ${network.caipNetworkId}`)
      client = createClient({ transport: fallback(transports, { rank: ranking, retryCount: 0 }) })
      clients.set(network.caipNetworkId, client)
    }
    return client
  }
  return {
    /** The ranked client of `network`, for the actions a lazy module imports itself (transfers). */
    clientFor,
    /** The native balance of `address` on `network`, in wei. */
    balanceOf: (network: CaipNetwork, address: `0x${string}`): Promise<bigint> =>
      getBalance(clientFor(network), { address })
  }
}
