/**
 * Buy crypto (eip155, solana), one chunk (core's onramp part, `core/client/onramp.ts`), loaded on the first onramp
 * action: the onramp views' steps over the state's `onramp` slice.
 * @module
 */
export { buyWithProvider } from "./buy.ts"
export { continueOnramp, type OnrampFormChange, resetOnramp, retryOnramp, setOnrampForm } from "./form.ts"
export { type OnrampStartParams, startOnramp } from "./start.ts"
