/**
 * The blockchain API's per-chain RPC endpoint (SPEC §7 `{rpc}/v1/?chainId={chain}&projectId={id}`): JSON-RPC posted
 * here is forwarded to the local chain, so an app configured with the hosted RPC shape still reaches anvil.
 */
import { Schema } from "effect"
import type { ApiRoute } from "../app.ts"
import { HttpError, json } from "../router.ts"

/** The answer is whatever JSON the chain returns. */
const JsonRpcAnswer = Schema.Unknown

/** The RPC route. */
export const rpcRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "POST",
    path: "/v1",
    handle: async ({ query, body, app }) => {
      const chain = app.chains.find(query.get("chainId") ?? "")
      if (chain === undefined) throw new HttpError(400, "Unsupported or missing chainId")
      if (body === undefined) throw new HttpError(400, "Missing JSON-RPC body")
      const response = await fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body)
      }).catch(() => {
        throw new HttpError(502, `Chain ${chain.caipNetworkId} is not reachable`)
      })
      const answer: unknown = await response.json().catch(() => {
        throw new HttpError(502, `Chain ${chain.caipNetworkId} answered with invalid JSON`)
      })
      // A JSON-RPC error is the caller's; only a failing chain node is a bad gateway.
      return json(JsonRpcAnswer, answer, response.status < 500 ? response.status : 502)
    }
  }
]
