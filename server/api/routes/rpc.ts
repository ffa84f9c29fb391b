/**
 * The blockchain API's per-chain RPC endpoint (SPEC §7 `{rpc}/v1/?chainId={chain}&projectId={id}`): JSON-RPC posted
 * here is forwarded to the local chain, so an app configured with the hosted RPC shape still reaches anvil (or the
 * local Solana chain, for its `solana:` id). Only what a dapp needs passes (`evmProxyMethods`): reads and signed
 * transactions. Signing with the node's accounts and chain control (anvil's cheat codes, mining, tracing) are refused.
 */
import { Schema } from "effect"
import { SAFE_RPC_METHODS } from "../../../core/rules/rpcMethods.ts"
import { rpcId } from "../../http/guard.ts"
import type { ApiRoute } from "../app.ts"
import { decodeQuery, HttpError, json } from "../router.ts"
import { namesSolanaChain } from "../solana.ts"

/** The answer is whatever JSON the chain returns. */
const JsonRpcAnswer = Schema.Unknown

/**
 * The EVM methods the proxy forwards: the wallet's safe reads (SPEC §5, `SAFE_RPC_METHODS`, which include
 * `eth_sendRawTransaction`: a transaction the user's wallet signed) that a node answers, and a few node-only reads.
 * Everything else is refused, because anvil answers it with its unlocked dev accounts (signing, sending,
 * `eth_accounts`) or lets the caller control the chain (balances, time, mining, tracing): through the proxy any page
 * could spend from those accounts.
 */
export const evmProxyMethods: ReadonlySet<string> = new Set([
  ...SAFE_RPC_METHODS.filter((method) => method.startsWith("eth_") && method !== "eth_accounts"),
  "eth_createAccessList",
  "eth_protocolVersion",
  "eth_simulateV1",
  "net_listening",
  "net_version",
  "web3_clientVersion",
  "web3_sha3"
])

/** Solana methods the proxy refuses: the local chain's faucet (a hosted RPC offers no airdrop). */
export const solanaRefusedMethods: ReadonlySet<string> = new Set(["requestAirdrop"])

/** JSON-RPC "method not found", which hosted RPCs answer for a method they do not offer. */
export const methodNotAvailableCode = -32601

/**
 * Whether the proxy forwards `method` to a chain of `namespace`.
 * @example
 * ```ts
 * isForwarded("eip155", "eth_call") // true
 * isForwarded("eip155", "personal_sign") // false: anvil would sign with a dev account
 * isForwarded("eip155", "anvil_setBalance") // false
 * ```
 */
export const isForwarded = (namespace: "eip155" | "solana", method: unknown): boolean =>
  typeof method === "string" &&
  (namespace === "eip155" ? evmProxyMethods.has(method) : !solanaRefusedMethods.has(method))

const requestOf = (entry: unknown): { readonly id?: unknown; readonly method?: unknown } =>
  typeof entry === "object" && entry !== null ? entry : {}

const refusal = (entry: unknown) => {
  const { id, method } = requestOf(entry)
  return {
    jsonrpc: "2.0",
    id: rpcId(id),
    error: {
      code: methodNotAvailableCode,
      message: `Method ${String(method).slice(0, 100)} is not available: the sandbox RPC serves reads and signed transactions, not signing or chain control`
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

/** The query of `POST /v1`: the chain to forward to (CAIP-2, or a bare EVM chain id). */
const RpcQuery = Schema.Struct({ chainId: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))) })

/** The RPC route. */
export const rpcRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "POST",
    path: "/v1",
    handle: async ({ query, body, app }) => {
      const chainId = decodeQuery(RpcQuery, query).chainId ?? ""
      const { solana } = app.chains
      const chain =
        app.chains.find(chainId) ?? (solana !== undefined && namesSolanaChain(solana, chainId) ? solana : undefined)
      if (chain === undefined) throw new HttpError(400, "Unsupported or missing chainId")
      if (body === undefined) throw new HttpError(400, "Missing JSON-RPC body")
      const entries: ReadonlyArray<unknown> = Array.isArray(body) ? body : [body]
      const namespace = chain.caipNetworkId.startsWith("solana:") ? "solana" : "eip155"
      const forwarded = (entry: unknown) => isForwarded(namespace, requestOf(entry).method)
      const refused = entries.filter((entry) => !forwarded(entry))
      if (refused.length === 0) {
        const { status, answer } = await forward(chain.rpcUrl, chain.caipNetworkId, body)
        // A JSON-RPC error is the caller's; only a failing chain node is a bad gateway.
        return json(JsonRpcAnswer, answer, status < 500 ? status : 502)
      }
      if (!Array.isArray(body)) return json(JsonRpcAnswer, refusal(body))
      // A batch: refused entries are answered here, the rest go to the chain in one batch (JSON-RPC allows any order).
      const allowed = entries.filter(forwarded)
      if (allowed.length === 0) return json(JsonRpcAnswer, refused.map(refusal))
      const { status, answer } = await forward(chain.rpcUrl, chain.caipNetworkId, allowed)
      if (status >= 500) throw new HttpError(502, `Chain ${chain.caipNetworkId} failed`)
      return json(JsonRpcAnswer, [...(Array.isArray(answer) ? answer : [answer]), ...refused.map(refusal)])
    }
  }
]
