/**
 * The onramp's actions for any renderer (the React onramp views, or an app's own), a few lines each: each runs core's
 * onramp flow (core's onramp part, fetched on the first call) on the client's runtime. None
 * rejects for the purchase's own reasons: `selectOnramp(state)` says where it stands; a stopped client's actions
 * reject with its error.
 * @module
 */
import type * as Effect from "effect/Effect"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { AirlockClient } from "../client/types.ts"
import type { OnrampFormChange } from "../flows/onramp/form.ts"
import type { OnrampStartParams } from "../flows/onramp/start.ts"
import { SOCIAL_POPUP_SIZE } from "../router/constants.ts"

type Flows = typeof import("../flows/onramp/index.ts")

let loaded: Flows | undefined

const run = <A, E>(airlock: AirlockClient, f: (flows: Flows) => Effect.Effect<A, E, CoreServices>): Promise<A> =>
  loaded === undefined
    ? import("../client/onramp.ts").then((m) => {
        loaded = m.flows
        return airlock.runtime.runPromise(f(m.flows))
      })
    : airlock.runtime.runPromise(f(loaded))

/**
 * Starts a purchase on the active network (the Onramp view runs it when it shows): the API's currencies, USDC and USD
 * (SPEC §4) unless `params` name others, and the quote of `params.amount`. Off eip155 and solana, `status` is
 * `unsupported`.
 * @example
 * ```ts
 * await startOnramp(airlock, { amount: "50" })
 * ```
 */
export const startOnramp = (airlock: AirlockClient, params?: OnrampStartParams): Promise<void> =>
  run(airlock, (m) => m.startOnramp(params))

/**
 * Changes the form: the amount to pay as typed, the crypto (`purchaseCurrencies[i].id`) and the fiat currency
 * (`USD`, `EUR`) to buy with, the payment method (`card`, `ach_bank_account`, whose limits then apply). A new quote
 * is asked once the form has stayed 300 ms.
 * @example
 * ```ts
 * await setOnrampForm(airlock, { amount: "50", purchaseCurrency: "ETH" })
 * ```
 */
export const setOnrampForm = (airlock: AirlockClient, change: OnrampFormChange): Promise<void> =>
  run(airlock, (m) => m.setOnrampForm(change))

/**
 * The form's Continue (`canContinue`): the provider list (OnrampProviders).
 * @example
 * ```ts
 * await continueOnramp(airlock)
 * ```
 */
export const continueOnramp = (airlock: AirlockClient): Promise<void> => run(airlock, (m) => m.continueOnramp)

// The onramp popup, empty, at SPEC §9's popup size (600 × 800), opened in the click before anything awaits (a popup
// opened later is blocked); `undefined` without a window or when the browser refused it (then a new tab).
const openPopup = (): Window | undefined => {
  if (typeof window === "undefined") return undefined
  const popup =
    window.open(
      "",
      "airlock-onramp",
      `width=${SOCIAL_POPUP_SIZE.width},height=${SOCIAL_POPUP_SIZE.height},popup=yes`
    ) ?? undefined
  // The provider's page must not reach back into the app's window.
  if (popup !== undefined) popup.opener = null
  return popup
}

/**
 * The provider list's choice; call it in the click: it opens the popup at once (or takes `popup`), then (the amount within SPEC §9's limits, else
 * the popup closes and nothing opens) points it at the provider's page, shows OnrampBuyInProgress and follows the
 * order to its end, after which balances and history are fetched again.
 * @example
 * ```ts
 * document.querySelector("#meld")?.addEventListener("click", () => void buyWithProvider(airlock, "meld"))
 * ```
 */
export const buyWithProvider = (
  airlock: AirlockClient,
  providerId: string,
  popup: Window | undefined = openPopup()
): Promise<void> => run(airlock, (m) => m.buyWithProvider(providerId, popup))

/**
 * Forgets the purchase's form and order: USDC and USD again (SPEC §4).
 * @example
 * ```ts
 * await resetOnramp(airlock)
 * ```
 */
export const resetOnramp = (airlock: AirlockClient): Promise<void> => run(airlock, (m) => m.resetOnramp)

/**
 * Buy in progress's Try again: forgets the purchase and goes back to Buy Crypto.
 * @example
 * ```ts
 * await retryOnramp(airlock)
 * ```
 */
export const retryOnramp = (airlock: AirlockClient): Promise<void> => run(airlock, (m) => m.retryOnramp)
