/**
 * Swap (eip155), one chunk (core's swap part, `core/client/swap.ts`), loaded on the first swap action: the Swap view's
 * steps over the state's `swap` slice.
 * @module
 */
export { approveSwap, executeSwap, previewSwap } from "./execute.ts"
export { editSwap, flipSwap, resetSwap, SWAP_MAX_GAS_RESERVE, setSwapAmount, setSwapTokens, swapMax } from "./form.ts"
export { SWAP_QUOTE_DEBOUNCE_MS } from "./quote.ts"
export { type SwapStartParams, startSwap } from "./start.ts"
