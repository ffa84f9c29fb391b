"use client"
import { useState } from "react"
import { answerRequest } from "../../../adapters/embedded/actions.ts"
import { actionNotAllowedText } from "../../../core/errors/catalogue.ts"
import { getViewParams } from "../../../core/router/state.ts"
import { fromBaseUnits } from "../../../core/rules/send.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"

const selectRequest = (state: AirlockState) => getViewParams(state.modal, "ApproveTransaction")

/** What each unsafe method asks, in words. */
const asks: Readonly<Record<string, string>> = {
  personal_sign: "Sign a message",
  eth_signTypedData_v4: "Sign typed data",
  eth_sendTransaction: "Send a transaction",
  eth_sendUserOperation: "Send a user operation",
  wallet_sendCalls: "Send a batch of calls",
  wallet_grantPermissions: "Grant permissions",
  wallet_revokePermissions: "Revoke permissions"
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
  const [approved, setApproved] = useState<string | undefined>(undefined)
  if (request === undefined) return null
  if (request.notAllowed === true || request.id === undefined) {
    return (
      <div className="airlock-connecting" data-state="failed">
        <p className="airlock-connecting-title" role="alert">
          {actionNotAllowedText}
        </p>
        <p className="airlock-connecting-text">
          The app asked for <code>{request.method}</code>, which the embedded wallet does not allow.
        </p>
        <button type="button" className="airlock-button airlock-retry" onClick={() => client.goBack()}>
          Close
        </button>
      </div>
    )
  }
  const { id } = request
  const currency = network?.nativeCurrency
  const value =
    request.value === undefined || currency === undefined
      ? request.value
      : `${fromBaseUnits(BigInt(request.value), currency.decimals)} ${currency.symbol}`
  const waiting = approved === id
  return (
    <div className="airlock-form">
      <p className="airlock-form-text">
        <span className="airlock-form-title">{asks[request.method] ?? request.method}</span>
        {network === undefined ? null : ` on ${network.name}`}
      </p>
      <dl className="airlock-send-summary" aria-label="Request">
        <Row label="Method" value={request.method} />
        <Row label="To" value={request.to} />
        <Row label="Value" value={value} />
        <Row label="Calls" value={request.calls === undefined ? undefined : String(request.calls)} />
        <Row label="Message" value={request.message} />
        <Row label="Data" value={request.data} />
      </dl>
      {waiting ? (
        <p className="airlock-send-status" role="status">
          Waiting for the wallet…
        </p>
      ) : (
        <div className="airlock-send-actions">
          <button
            type="button"
            className="airlock-button airlock-button-secondary"
            onClick={() => void answerRequest(client, id, false)}
          >
            Reject
          </button>
          <button
            type="button"
            className="airlock-button airlock-primary"
            onClick={() => {
              setApproved(id)
              void answerRequest(client, id, true)
            }}
          >
            Approve
          </button>
        </div>
      )}
    </div>
  )
}
