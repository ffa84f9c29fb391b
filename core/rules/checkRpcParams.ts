/**
 * SPEC §5's checks of a request's params, before it reaches a wallet: Solana signing needs a message and a public
 * key, or transaction strings, and a preflight commitment is one of the eight levels; sending calls needs destination
 * addresses starting with 0x (and data, when given, too). Other methods are left to the wallet.
 * @module
 */
import { isPreflightCommitment, isSendCallsParams, isSolanaSignParams } from "../schema/rpcParams.ts"

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/**
 * What is wrong with `params` for `method`, or `undefined` when nothing SPEC checks is.
 *
 * @example
 * ```ts
 * import { checkRpcParams } from "./checkRpcParams.ts"
 * checkRpcParams("solana_signMessage", { message: "3yZe7d" }) // "solana_signMessage needs a message and a pubkey…"
 * checkRpcParams("solana_signMessage", { message: "3yZe7d", pubkey: "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ" }) // undefined
 * ```
 */
export const checkRpcParams = (method: string, params: unknown): string | undefined => {
  switch (method) {
    case "solana_signMessage":
      return isSolanaSignParams(params) && "message" in params
        ? undefined
        : "solana_signMessage needs a message and a pubkey (strings)"
    case "solana_signTransaction":
    case "solana_signAndSendTransaction": {
      if (!isSolanaSignParams(params) || !("transaction" in params)) return `${method} needs a transaction string`
      const options = record(record(params)?.sendOptions) ?? record(record(params)?.options)
      const commitment = options?.preflightCommitment
      return commitment === undefined || isPreflightCommitment(commitment)
        ? undefined
        : `preflightCommitment must be one of processed, confirmed, finalized, recent, single, singleGossip, root, max`
    }
    case "solana_signAllTransactions":
      return isSolanaSignParams(params) && "transactions" in params
        ? undefined
        : "solana_signAllTransactions needs a list of transaction strings"
    case "wallet_sendCalls": {
      const first = Array.isArray(params) ? params[0] : params
      return isSendCallsParams(first) ? undefined : "wallet_sendCalls needs calls whose to (and data) start with 0x"
    }
    default:
      return undefined
  }
}
