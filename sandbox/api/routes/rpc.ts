/**
 * The blockchain API's per-chain RPC endpoint (SPEC §7 `{rpc}/v1/?chainId={chain}&projectId={id}`): JSON-RPC posted
 * here is forwarded to the local chain, so an app configured with the hosted RPC shape still reaches anvil (or the
 * local Solana chain, for its `solana:` id). Only what a dapp needs passes: chain-control methods (anvil's cheat codes,
 * mining, tracing, the pool) are refused.
 */
import { Schema } from "effect"
import type { ApiRoute } from "../app.ts"
import { HttpError, json } from "../router.ts"
import { namesSolanaChain } from "../solana.ts"

/** The answer is whatever JSON the chain returns. */
const JsonRpcAnswer = Schema.Unknown

/** Method prefixes the proxy refuses: they control the node (balances, time, mining, snapshots) or trace it. */
export const blockedMethodPrefixes: ReadonlyArray<string> = ["anvil_", "evm_", "hardhat_", "debug_", "txpool_"]

/**
 * Methods refused outright: anvil signs these with its unlocked dev accounts, so through the proxy any page could
 * spend from them. A dapp sends transactions its wallet signed (`eth_sendRawTransaction`).
 */
export const blockedMethods: ReadonlyArray<string> = ["eth_sendtransaction", "eth_senduncheckedtransaction", "eth_sign"]

/** JSON-RPC "method not found", which hosted RPCs answer for a method they do not offer. */
export const methodNotAvailableCode = -32601

/**
 * Whether the proxy refuses `method`.
 * @example
 * ```ts
 * isBlockedMethod("anvil_setBalance") // true
 * isBlockedMethod("eth_sendTransaction") // true
 * isBlockedMethod("eth_call") // false
 * ```
 */
export const isBlockedMethod = (method: unknown): boolean =>
  typeof method === "string" &&
  (blockedMethods.includes(method.toLowerCase()) ||
    blockedMethodPrefixes.some((prefix) => method.toLowerCase().startsWith(prefix)))

const requestOf = (entry: unknown): { readonly id?: unknown; readonly method?: unknown } =>
  typeof entry === "object" && entry !== null ? entry : {}

const refusal = (entry: unknown) => {
  const { id, method } = requestOf(entry)
  return {
    jsonrpc: "2.0",
    id: id ?? null,
    error: {
      code: methodNotAvailableCode,
      message: `Method ${String(method)} is not available: the sandbox RPC serves dapp reads and sends, not chain control`
    }
  }
}

const forward = async (rpcUrl: string, caipNetworkId: string, body: unknown) => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  }).catch(() => {
    throw new HttpError(502, `Chain ${caipNetworkId} is not reachable`)
  })
  const answer: unknown = await response.json().catch(() => {
    throw new HttpError(502, `Chain ${caipNetworkId} answered with invalid JSON`)
  })
  return { status: response.status, answer }
}

/** The RPC route. */
export const rpcRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "POST",
    path: "/v1",
    handle: async ({ query, body, app }) => {
      const chainId = query.get("chainId") ?? ""
      const { solana } = app.chains
      const chain =
        app.chains.find(chainId) ?? (solana !== undefined && namesSolanaChain(solana, chainId) ? solana : undefined)
      if (chain === undefined) throw new HttpError(400, "Unsupported or missing chainId")
      if (body === undefined) throw new HttpError(400, "Missing JSON-RPC body")
      const entries: ReadonlyArray<unknown> = Array.isArray(body) ? body : [body]
      const refused = entries.filter((entry) => isBlockedMethod(requestOf(entry).method))
      if (refused.length === 0) {
        const { status, answer } = await forward(chain.rpcUrl, chain.caipNetworkId, body)
        // A JSON-RPC error is the caller's; only a failing chain node is a bad gateway.
        return json(JsonRpcAnswer, answer, status < 500 ? status : 502)
      }
      if (!Array.isArray(body)) return json(JsonRpcAnswer, refusal(body))
      // A batch: refused entries are answered here, the rest go to the chain in one batch (JSON-RPC allows any order).
      const allowed = entries.filter((entry) => !isBlockedMethod(requestOf(entry).method))
      if (allowed.length === 0) return json(JsonRpcAnswer, refused.map(refusal))
      const { status, answer } = await forward(chain.rpcUrl, chain.caipNetworkId, allowed)
      if (status >= 500) throw new HttpError(502, `Chain ${chain.caipNetworkId} failed`)
      return json(JsonRpcAnswer, [...(Array.isArray(answer) ? answer : [answer]), ...refused.map(refusal)])
    }
  }
]
