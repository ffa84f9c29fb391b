/**
 * `airlock-kit/onramp`: buy crypto through an onramp provider (SPEC §9: eip155 and solana), from any renderer. The
 * state's `onramp` slice read with {@link selectOnramp}, and the actions that drive it; the flows load with core's
 * onramp part on the first action. An entry of its own, so that none of it is on the first load of `airlock-kit`.
 * @module
 */
export type { OnrampFormChange } from "../flows/onramp/form.ts"
export type { OnrampStartParams } from "../flows/onramp/start.ts"
export type { OnrampAmount, OnrampQuote, PaymentCurrency, PurchaseCurrency } from "../schema/onramp.ts"
export {
  ONRAMP_ORDER_POLL_MS,
  ONRAMP_ORDER_TIMEOUT_MS,
  type OnrampOrderView,
  type OnrampProblem,
  type OnrampProvider,
  type OnrampStep,
  type OnrampView,
  selectOnramp
} from "../state/onramp.ts"
export { buyWithProvider, continueOnramp, resetOnramp, retryOnramp, setOnrampForm, startOnramp } from "./actions.ts"
