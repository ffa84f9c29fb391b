/**
 * Swap's actions for any renderer (the React one's Swap view, or an app's own), on the first load as a few lines each:
 * each runs core's swap flow (core's swap part, fetched on the first call) on the client's runtime. Once the part has
 * arrived an action applies in the caller's own tick (a controlled input reads the amount back at once). None rejects
 * for the swap's own reasons: `selectSwap(state).error` says what failed (its `reason` typed `SwapFailureReason`); a
 * stopped client's actions reject with its error.
 * @module
 */
import type * as Effect from "effect/Effect"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { SwapStartParams } from "../flows/swap/start.ts"
import type { AirlockClient } from "./types.ts"

type Flows = typeof import("../flows/swap/index.ts")
type Name =
  | "startSwap"
  | "setSwapAmount"
  | "setSwapTokens"
  | "flipSwap"
  | "swapMax"
  | "previewSwap"
  | "editSwap"
  | "approveSwap"
  | "executeSwap"
  | "resetSwap"

let loaded: Flows | undefined

/** The action `name` of core's swap part: a flow (an Effect, or a function making one of the arguments) run on the client's runtime. */
const action =
  (name: Name) =>
  (airlock: AirlockClient, ...args: ReadonlyArray<unknown>): Promise<void> => {
    const run = (flows: Flows) => {
      const flow = flows[name] as
        | Effect.Effect<void, never, CoreServices>
        | ((...a: ReadonlyArray<unknown>) => Effect.Effect<void, never, CoreServices>)
      return airlock.runtime.runPromise(typeof flow === "function" ? flow(...args) : flow)
    }
    if (loaded !== undefined) return run(loaded)
    return import("./swap.ts").then((m) => {
      loaded = m.flows
      return run(m.flows)
    })
  }

/**
 * Starts a swap on the active EVM network (the Swap view runs it when it shows): the network's swap tokens, the
 * balances, the prices; from the native coin to the list's first other token unless `params` name them (by symbol or
 * address), with `params.amount`. Off the EVM namespace or SPEC §9's swap networks, `status` is `unsupported`.
 * @example
 * ```ts
 * await startSwap(airlock, { fromToken: "ETH", toToken: "USDC", amount: "0.5" })
 * ```
 */
export const startSwap: (airlock: AirlockClient, params?: SwapStartParams) => Promise<void> = action("startSwap")

/**
 * Sets the amount to swap, as typed ("0,5" is "0.5"). Its quote is asked once the amount has stayed 300 ms
 * (`quoteStatus: "pending"` until then); an empty or zero amount has none.
 * @example
 * ```ts
 * await setSwapAmount(airlock, "0.5")
 * ```
 */
export const setSwapAmount: (airlock: AirlockClient, amount: string) => Promise<void> = action("setSwapAmount")

/**
 * Chooses the tokens by CAIP-10 address (`selectSwap(state).tokens[i].address`); either may be left out. Choosing
 * the other side's token swaps the two.
 * @example
 * ```ts
 * import { selectSwap, setSwapTokens } from "airlock-kit"
 * await setSwapTokens(airlock, { to: selectSwap(airlock.getState()).tokens[1]?.address })
 * ```
 */
export const setSwapTokens: (
  airlock: AirlockClient,
  tokens: { readonly from?: string | undefined; readonly to?: string | undefined }
) => Promise<void> = action("setSwapTokens")

/**
 * Flips the tokens; the quote's amount becomes the amount to swap.
 * @example
 * ```ts
 * await flipSwap(airlock)
 * ```
 */
export const flipSwap: (airlock: AirlockClient) => Promise<void> = action("flipSwap")

/**
 * Max: the from token's whole balance; the native coin keeps back 300,000 gas at the standard gas price.
 * @example
 * ```ts
 * await swapMax(airlock)
 * ```
 */
export const swapMax: (airlock: AirlockClient) => Promise<void> = action("swapMax")

/**
 * Review (`canPreview`): checks the router's allowance, builds the approval when it is short and the swap; step
 * `preview` with the network fee, or back to the form with the error.
 * @example
 * ```ts
 * await previewSwap(airlock)
 * ```
 */
export const previewSwap: (airlock: AirlockClient) => Promise<void> = action("previewSwap")

/**
 * From the preview back to the form, which keeps its values.
 * @example
 * ```ts
 * await editSwap(airlock)
 * ```
 */
export const editSwap: (airlock: AirlockClient) => Promise<void> = action("editSwap")

/**
 * The preview's Approve (`needsApproval`): the wallet approves the router for the from token; once final, the
 * preview offers Swap.
 * @example
 * ```ts
 * await approveSwap(airlock)
 * ```
 */
export const approveSwap: (airlock: AirlockClient) => Promise<void> = action("approveSwap")

/**
 * The preview's Swap: the wallet sends the swap; once final, the balances and history are fetched again, the
 * 'Swapped …' snack shows and the modal goes back from Swap. Refused or failed, the preview shows the error.
 * @example
 * ```ts
 * await executeSwap(airlock)
 * ```
 */
export const executeSwap: (airlock: AirlockClient) => Promise<void> = action("executeSwap")

/**
 * Forgets the swap (`selectSwap` is idle again).
 * @example
 * ```ts
 * await resetSwap(airlock)
 * ```
 */
export const resetSwap: (airlock: AirlockClient) => Promise<void> = action("resetSwap")
