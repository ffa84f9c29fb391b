"use client"
import { localizeDecimal } from "airlock-kit"
import { buyWithProvider, selectOnramp } from "airlock-kit/onramp"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

/**
 * The onramp providers (SPEC §9: meld, as the remote `onramp` feature lists them): one row each, naming what the
 * purchase is. A choice opens the popup in the click itself (a later one is blocked) and hands it to core, which
 * points it at the provider's page and follows the order.
 */
export const OnrampProviders = (_props: ViewProps) => {
  const client = useAirlock()
  const onramp = useAirlockSelector(selectOnramp)
  const { network } = useAirlockNetwork()
  const { t, text, locale } = useAirlockTranslation()
  const hint = t("onramp.providerHint", {
    amount: localizeDecimal(onramp.amount, locale),
    currency: onramp.paymentCurrency?.id ?? "",
    symbol: onramp.purchaseCurrency?.symbol ?? "",
    network: network?.name ?? ""
  })
  const opening = onramp.step === "opening"
  return (
    <div className="airlock-onramp-providers" aria-busy={opening}>
      <ul className="airlock-list" aria-label={t("title.OnrampProviders")}>
        {onramp.providers.map((provider) => (
          <li key={provider.id} className="airlock-list-entry">
            <button
              type="button"
              className="airlock-list-item"
              data-testid={`onramp-provider-${provider.id}`}
              disabled={opening || !onramp.canContinue}
              onClick={() => void buyWithProvider(client, provider.id)}
            >
              <span className="airlock-network-icon" aria-hidden="true" data-size={32}>
                {provider.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="airlock-list-name">
                {provider.name}
                <span className="airlock-swap-token-name"> {hint}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {onramp.error === undefined ? null : (
        <p className="airlock-send-error" role="alert">
          {text(onramp.error)}
        </p>
      )}
    </div>
  )
}
