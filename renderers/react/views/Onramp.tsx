"use client"
import { localizeDecimal, type MessageId } from "airlock-kit"
import { continueOnramp, type OnrampProblem, selectOnramp, setOnrampForm, startOnramp } from "airlock-kit/onramp"
import { useEffect, useId } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

/** What the form's button says while something is missing. */
const problemTexts = {
  enterAmount: "onramp.enterAmount",
  belowMinimum: "onramp.belowMinimum",
  aboveMaximum: "onramp.aboveMaximum",
  noCurrency: "onramp.noCurrency"
} as const satisfies Record<OnrampProblem, MessageId>

/** The payment methods' names; another id shows as itself. */
const methodTexts: Readonly<Record<string, "onramp.methodCard" | "onramp.methodBank">> = {
  card: "onramp.methodCard",
  ach_bank_account: "onramp.methodBank"
}

/** A quote's decimal without its trailing zeros ("49.150000" is "49.15"). */
export const trimDecimal = (amount: string | number): string => {
  const text = String(amount)
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text
}

/**
 * Buy Crypto (eip155, solana): draws core's onramp machine (`selectOnramp`) and forwards the user's intents to it. The
 * crypto to buy on the active network, the amount and the fiat currency, the payment method with its limits, the quote
 * (what the amount gets, fees, total) and Continue to the provider list, offered only within SPEC §9's limits.
 */
export const Onramp = (_props: ViewProps) => {
  const client = useAirlock()
  const onramp = useAirlockSelector(selectOnramp)
  const ids = { amount: useId(), buy: useId(), fiat: useId(), method: useId(), problem: useId() }
  const { t, locale } = useAirlockTranslation()
  // Core starts the purchase (currencies, USDC and USD) when the view shows, and again after it forgot it.
  const idle = onramp.status === "idle"
  useEffect(() => {
    if (idle) void startOnramp(client)
  }, [client, idle])

  if (onramp.status === "unsupported") {
    return (
      <p className="airlock-empty" role="alert">
        {t("onramp.unsupported")}
      </p>
    )
  }
  if (onramp.status !== "ready") {
    return (
      <p className="airlock-empty" role="status">
        {t("common.loading")}
      </p>
    )
  }
  const { quote, purchaseCurrency, paymentCurrency, problem, problemLimit } = onramp
  const pending = onramp.quoteStatus === "pending"
  const problemText =
    problem === undefined
      ? undefined
      : t(problemTexts[problem], {
          amount: localizeDecimal(String(problemLimit?.amount ?? ""), locale),
          currency: problemLimit?.currency ?? ""
        })
  const action = problem === "enterAmount" ? problemText : pending ? t("onramp.fetchingQuote") : t("onramp.continue")
  const shownProblem = problem === "enterAmount" ? undefined : problemText
  const methodName = (id: string) => {
    const known = methodTexts[id]
    return known === undefined ? id : t(known)
  }
  return (
    <form
      className="airlock-send airlock-onramp"
      onSubmit={(event) => {
        event.preventDefault()
        void continueOnramp(client)
      }}
    >
      <label className="airlock-field-label" htmlFor={ids.buy}>
        {t("onramp.youBuy")}
      </label>
      <select
        id={ids.buy}
        className="airlock-input"
        data-testid="onramp-purchase-currency"
        value={purchaseCurrency?.id ?? ""}
        onChange={(event) => void setOnrampForm(client, { purchaseCurrency: event.target.value })}
      >
        {onramp.purchaseCurrencies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.symbol || c.id}
          </option>
        ))}
      </select>
      <label className="airlock-field-label" htmlFor={ids.amount}>
        {t("onramp.youPay")}
      </label>
      <div className="airlock-send-amount">
        <input
          id={ids.amount}
          className="airlock-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          data-testid="onramp-amount"
          value={onramp.amount}
          aria-invalid={shownProblem === undefined ? undefined : true}
          aria-describedby={shownProblem === undefined ? undefined : ids.problem}
          onChange={(event) => void setOnrampForm(client, { amount: event.target.value })}
        />
        <select
          id={ids.fiat}
          className="airlock-input"
          aria-label={t("onramp.payWith")}
          data-testid="onramp-payment-currency"
          value={paymentCurrency?.id ?? ""}
          onChange={(event) => void setOnrampForm(client, { paymentCurrency: event.target.value })}
        >
          {onramp.paymentCurrencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id}
            </option>
          ))}
        </select>
      </div>
      <label className="airlock-field-label" htmlFor={ids.method}>
        {t("onramp.paymentMethod")}
      </label>
      <select
        id={ids.method}
        className="airlock-input"
        data-testid="onramp-payment-method"
        value={onramp.paymentMethod ?? ""}
        onChange={(event) => void setOnrampForm(client, { paymentMethod: event.target.value })}
      >
        {onramp.paymentMethods.map((m) => (
          <option key={m.id} value={m.id}>
            {methodName(m.id)} (
            {t("onramp.limits", {
              min: localizeDecimal(m.min, locale),
              max: localizeDecimal(m.max, locale),
              currency: paymentCurrency?.id ?? ""
            })}
            )
          </option>
        ))}
      </select>
      {quote === undefined ? null : (
        <dl className="airlock-send-summary" data-testid="onramp-quote">
          <div>
            <dt>{t("onramp.youBuy")}</dt>
            <dd data-testid="onramp-quote-amount">
              {t("onramp.youGet", {
                amount: localizeDecimal(trimDecimal(quote.purchaseAmount.amount), locale),
                symbol: purchaseCurrency?.symbol ?? quote.purchaseAmount.currency
              })}
            </dd>
          </div>
          <div>
            <dt>{t("onramp.fees")}</dt>
            <dd>
              {localizeDecimal(onramp.fees ?? "0", locale)} {quote.paymentTotal.currency}
            </dd>
          </div>
          <div>
            <dt>{t("onramp.total")}</dt>
            <dd>
              {localizeDecimal(String(quote.paymentTotal.amount), locale)} {quote.paymentTotal.currency}
            </dd>
          </div>
        </dl>
      )}
      {shownProblem === undefined ? null : (
        <p className="airlock-send-error" id={ids.problem} role="alert" data-testid="onramp-problem">
          {shownProblem}
        </p>
      )}
      <button type="submit" className="airlock-button" data-testid="onramp-continue" disabled={!onramp.canContinue}>
        {action}
      </button>
    </form>
  )
}
