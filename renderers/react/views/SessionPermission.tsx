"use client"
import { fromBaseUnits, localizeDecimal } from "airlock-kit"
import type { PermissionSummary } from "airlock-kit/smart-sessions"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/**
 * One smart-session permission in words (ApproveTransaction's grant and the SmartSessions list): a contract call on
 * its target (and function), a native-token allowance in the network's currency, or its ERC-7715 type as it is.
 */
export const SessionPermission = ({ permission }: { readonly permission: PermissionSummary }) => {
  const { t, locale } = useAirlockTranslation()
  const { network } = useAirlockNetwork()
  if (permission.type === "contract-call" && permission.target !== undefined) {
    return (
      <span>
        {permission.function === undefined
          ? t("sessions.contractCall", { target: permission.target })
          : t("sessions.contractFunction", { target: permission.target, function: permission.function })}
      </span>
    )
  }
  if (permission.allowance !== undefined) {
    const currency = network?.nativeCurrency
    const amount =
      currency === undefined
        ? permission.allowance
        : `${localizeDecimal(fromBaseUnits(BigInt(permission.allowance), currency.decimals), locale)} ${currency.symbol}`
    return <span>{t("sessions.nativeAllowance", { amount })}</span>
  }
  return <code>{permission.type}</code>
}
