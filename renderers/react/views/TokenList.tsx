"use client"
import { formatBalance, formatUsd, type TokenBalance } from "airlock-kit"
import { memo } from "react"
import { useAirlockTokens } from "../hooks/useAirlockTokens.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"

/**
 * One token: icon (a safe URL, else its symbol's first letter), name, quantity floored to 3 decimals with the symbol,
 * value in USD. Memoised on the row object: a refetch keeps an unchanged row's object (structural sharing), so it does
 * not render again.
 */
const TokenRow = memo(({ token }: { readonly token: TokenBalance }) => {
  const { locale } = useAirlockTranslation()
  const icon = safeImageSrc(token.iconUrl)
  return (
    <li className="airlock-token" data-part="token">
      {icon === undefined ? (
        <span className="airlock-network-icon" aria-hidden="true" data-size={32}>
          {token.symbol.slice(0, 1).toUpperCase()}
        </span>
      ) : (
        <img className="airlock-network-icon" src={icon} alt="" width={32} height={32} data-size={32} />
      )}
      <span className="airlock-token-name">{token.name}</span>
      <span className="airlock-token-amount">
        <span className="airlock-token-quantity">{formatBalance(token.quantity.numeric, token.symbol, locale)}</span>
        <span className="airlock-token-value">{formatUsd(token.value, locale)}</span>
      </span>
    </li>
  )
})

/**
 * The Account view's Tokens tab: the total in USD and the connected account's tokens on its network, most valuable
 * first (SPEC §3 token balances; tokens with 0 decimals dropped). While the first answer is on its way: a busy line;
 * on a failure with nothing to show: 'Token Balance Unavailable' (SPEC §8).
 */
export const TokenList = () => {
  const { status, tokens, totalValue } = useAirlockTokens()
  const { t, locale } = useAirlockTranslation()
  if (tokens.length === 0) {
    if (status === "error") return <p className="airlock-empty">{t("AccountDataError.TokenBalanceUnavailable")}</p>
    if (status === "success") return <p className="airlock-empty">{t("tokens.empty")}</p>
    return (
      <p className="airlock-empty" aria-busy="true">
        {t("tokens.loading")}
      </p>
    )
  }
  return (
    <>
      <p className="airlock-token-total">
        <span>{t("tokens.total")}</span> <span data-part="tokens-total">{formatUsd(totalValue, locale)}</span>
      </p>
      <ul className="airlock-list" aria-label={t("tokens.list")}>
        {tokens.map((token) => (
          <TokenRow key={token.address ?? `native:${token.symbol}`} token={token} />
        ))}
      </ul>
    </>
  )
}
