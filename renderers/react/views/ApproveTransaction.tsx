"use client"
import { type AirlockState, fromBaseUnits, getViewParams, localizeDecimal, type MessageId } from "airlock-kit"
import { answerRequest } from "airlock-kit/embedded"
import { useState } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { SessionPermission } from "./SessionPermission.tsx"

const selectRequest = (state: AirlockState) => getViewParams(state.modal, "ApproveTransaction")

const askIds = [
  "approve.signMessage",
  "approve.signTypedData",
  "approve.sendTransaction",
  "approve.sendUserOperation",
  "approve.sendCalls",
  "approve.grantPermissions",
  "approve.revokePermissions"
] as const satisfies ReadonlyArray<MessageId>

/** What each unsafe method asks, in words. */
const asks: Readonly<Record<string, (typeof askIds)[number]>> = {
  personal_sign: "approve.signMessage",
  eth_signTypedData_v4: "approve.signTypedData",
  eth_sendTransaction: "approve.sendTransaction",
  eth_sendUserOperation: "approve.sendUserOperation",
  wallet_sendCalls: "approve.sendCalls",
  wallet_grantPermissions: "approve.grantPermissions",
  wallet_revokePermissions: "approve.revokePermissions"
}

const Row = ({ label, value }: { readonly label: string; readonly value: string | undefined }) =>
  value === undefined ? null : (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )

/**
 * Approve Transaction (SPEC §4): a request the app made of the embedded wallet (sign, send), with what it asks, to
 * approve or reject; a method in neither of SPEC §5's lists reads 'Action not allowed'.
 */
export const ApproveTransaction = () => {
  const client = useAirlock()
  const request = useAirlockSelector(selectRequest)
  const { network } = useAirlockNetwork()
  const { t, rich, locale } = useAirlockTranslation()
  const [approved, setApproved] = useState<string | undefined>(undefined)
  if (request === undefined) return null
  if (request.notAllowed === true || request.id === undefined) {
    return (
      <div className="airlock-connecting" data-state="failed">
        <p className="airlock-connecting-title" role="alert">
          {t("approve.actionNotAllowed")}
        </p>
        <p className="airlock-connecting-text">
          {rich("approve.notAllowedMethod", { method: <code>{request.method}</code> })}
        </p>
        <button type="button" className="airlock-button airlock-retry" onClick={() => client.goBack()}>
          {t("common.close")}
        </button>
      </div>
    )
  }
  const { id } = request
  const currency = network?.nativeCurrency
  const value =
    request.value === undefined || currency === undefined
      ? request.value
      : `${localizeDecimal(fromBaseUnits(BigInt(request.value), currency.decimals), locale)} ${currency.symbol}`
  const waiting = approved === id
  const ask = asks[request.method]
  // An unsafe method without words of its own (SPEC §5's list may grow) is named by the method itself.
  const action = <span className="airlock-form-title">{ask === undefined ? request.method : t(ask)}</span>
  return (
    <div className="airlock-form">
      <p className="airlock-form-text">
        {network === undefined ? action : rich("approve.actionOnNetwork", { action, network: network.name })}
      </p>
      <dl className="airlock-send-summary" aria-label={t("approve.request")}>
        <Row label={t("approve.method")} value={request.method} />
        <Row label={t("approve.to")} value={request.to} />
        <Row label={t("approve.value")} value={value} />
        <Row
          label={t("approve.calls")}
          value={request.calls === undefined ? undefined : localizeDecimal(String(request.calls), locale)}
        />
        <Row label={t("approve.message")} value={request.message} />
        <Row label={t("approve.sessionKey")} value={request.signer} />
        {request.permissions === undefined || request.permissions.length === 0 ? null : (
          <div>
            <dt>{t("approve.permissions")}</dt>
            <dd>
              {request.permissions.map((permission, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a request's permissions never reorder
                <div key={index}>
                  <SessionPermission permission={permission} />
                </div>
              ))}
            </dd>
          </div>
        )}
        <Row
          label={t("approve.expiry")}
          value={
            request.expiry === undefined
              ? undefined
              : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
                  new Date(request.expiry * 1000)
                )
          }
        />
        <Row label={t("approve.data")} value={request.data} />
      </dl>
      {waiting ? (
        <p className="airlock-send-status" role="status">
          {t("approve.waiting")}
        </p>
      ) : (
        <div className="airlock-send-actions">
          <button
            type="button"
            className="airlock-button airlock-button-secondary"
            onClick={() => void answerRequest(client, id, false)}
          >
            {t("approve.reject")}
          </button>
          <button
            type="button"
            className="airlock-button airlock-primary"
            onClick={() => {
              setApproved(id)
              void answerRequest(client, id, true)
            }}
          >
            {t("approve.approve")}
          </button>
        </div>
      )}
    </div>
  )
}
