"use client"
import { localizeDecimal } from "airlock-kit"
import { type OnrampStep, retryOnramp, selectOnramp } from "airlock-kit/onramp"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"
import { trimDecimal } from "./Onramp.tsx"

const endTexts: Partial<Record<OnrampStep, "onramp.failed" | "onramp.cancelled" | "onramp.timeout">> = {
  failed: "onramp.failed",
  cancelled: "onramp.cancelled",
  timeout: "onramp.timeout"
}

/**
 * The buy in progress: what core's order follower says (waiting for the provider's window, payment received, the
 * crypto bought, or why it ended). Done goes back to Account; after a failure or cancel, Try again starts a new form.
 */
export const OnrampBuyInProgress = (_props: ViewProps) => {
  const client = useAirlock()
  const onramp = useAirlockSelector(selectOnramp)
  const { t, locale } = useAirlockTranslation()
  const { order, step } = onramp
  const symbol = onramp.purchaseCurrency?.symbol ?? ""
  const provider = onramp.providers.find((p) => p.id === order?.provider)?.name ?? order?.provider ?? ""
  const ended = step === "success" || endTexts[step] !== undefined
  const message =
    step === "success"
      ? t("onramp.success", {
          amount: localizeDecimal(trimDecimal(order?.purchaseAmount?.amount ?? ""), locale),
          symbol: order?.purchaseAmount?.currency ?? symbol
        })
      : endTexts[step] !== undefined
        ? t(endTexts[step]!)
        : order?.status === "processing"
          ? t("onramp.processing", { symbol })
          : t("onramp.waiting", { provider })
  return (
    <div className="airlock-onramp-progress" data-step={step} aria-busy={!ended}>
      <p
        className={step === "failed" ? "airlock-send-error" : "airlock-send-status"}
        role={step === "failed" ? "alert" : "status"}
        data-testid="onramp-progress"
      >
        {message}
      </p>
      {!ended ? null : step === "success" || step === "timeout" ? (
        <button type="button" className="airlock-button" onClick={() => void client.open({ view: "Account" })}>
          {t("onramp.done")}
        </button>
      ) : (
        <button type="button" className="airlock-button" onClick={() => void retryOnramp(client)}>
          {t("onramp.tryAgain")}
        </button>
      )}
    </div>
  )
}
