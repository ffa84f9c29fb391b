import * as Effect from "effect/Effect"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { ONRAMP_QUOTE_DEBOUNCE_MS, type OnrampState } from "../../state/onramp.ts"
import { StateStore } from "../../state/StateStore.ts"
import { amountOf } from "./derive.ts"
import { updateOnramp } from "./slice.ts"

/** Whether the form can be quoted: currencies chosen and an amount above zero. */
const quotable = (onramp: OnrampState): boolean =>
  onramp.status === "ready" &&
  onramp.purchaseCurrency !== undefined &&
  onramp.paymentCurrency !== undefined &&
  amountOf(onramp.amount) > 0

/**
 * Fetches quote number `seq` once the form has stayed {@link ONRAMP_QUOTE_DEBOUNCE_MS}. The service answers SPEC §7's
 * placeholder (equal to the input) when the API fails, so a quote always arrives; an older one is dropped.
 */
const fetchQuote = (seq: number) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    yield* Effect.sleep(`${ONRAMP_QUOTE_DEBOUNCE_MS} millis`)
    const onramp = store.getSnapshot().onramp
    if (onramp === undefined || onramp.quoteSeq !== seq || !quotable(onramp)) return
    const api = yield* BlockchainApi
    const quote = yield* api.getOnrampQuote({
      purchaseCurrency: onramp.purchaseCurrency!,
      paymentCurrency: onramp.paymentCurrency!,
      amount: amountOf(onramp.amount),
      ...(onramp.purchaseCurrency?.networks[0] === undefined
        ? {}
        : { network: onramp.purchaseCurrency.networks[0].name })
    })
    updateOnramp(store, (s) =>
      s.quoteSeq === seq ? { ...s, quote, quoteStatus: quote === undefined ? "idle" : "success" } : undefined
    )
  })

/**
 * Asks a new quote for the form as it is now: `pending` (fetched after the debounce) when it can be quoted, else
 * `idle` with no quote. Any older quote on its way is dropped.
 */
export const requestOnrampQuote = Effect.gen(function* () {
  const store = yield* StateStore
  const after = updateOnramp(store, (onramp) => ({
    ...onramp,
    quoteSeq: onramp.quoteSeq + 1,
    quote: undefined,
    quoteStatus: quotable(onramp) ? "pending" : "idle"
  }))
  if (after?.quoteStatus === "pending") yield* forkInClient(fetchQuote(after.quoteSeq))
})
