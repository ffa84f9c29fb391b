"use client"
import { type AirlockState, describeError, type Message, shortenEmail } from "airlock-kit"
import { setPreferredAccount, smartAccountNetworks } from "airlock-kit/embedded"
import { useEffect, useState } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

const selectLogin = (state: AirlockState) => {
  const account = state.accounts.eip155
  const connection = state.connections.eip155?.find((c) => c.connectorId === state.activeConnectorIds.eip155)
  return `${account.user?.email ?? ""}\n${connection?.auth?.name ?? ""}\n${account.preferredAccountType ?? ""}\n${
    state.activeNetworks.eip155?.id ?? ""
  }\n${account.smartAccountDeployed === true ? "deployed" : ""}`
}

/**
 * The embedded wallet's part of Account: who is logged in (the email, shortened above 30 characters, or the social
 * name), the active account type with the switch between the smart account and the EOA (SPEC §6: the smart account
 * only where the network offers it), and Edit Email for an email login.
 */
export const EmbeddedAccount = () => {
  const client = useAirlock()
  const [email, name, type, chainId, deployed] = useAirlockSelector(selectLogin).split("\n")
  const [enabled, setEnabled] = useState<ReadonlyArray<number> | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Message | undefined>(undefined)
  const { t, text, rich } = useAirlockTranslation()
  useEffect(() => {
    let live = true
    smartAccountNetworks(client).then(
      (ids) => live && setEnabled(ids),
      () => live && setEnabled([])
    )
    return () => {
      live = false
    }
  }, [client])
  const smart = type === "smartAccount"
  const offered = enabled?.includes(Number(chainId)) === true
  const next = smart ? "eoa" : "smartAccount"
  const switchType = () => {
    setBusy(true)
    setError(undefined)
    setPreferredAccount(client, next).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false)
        setError(describeError(failure, "common.somethingWentWrong"))
      }
    )
  }
  const login = email ? shortenEmail(email) : name
  return (
    <section className="airlock-embedded" aria-label={t("embedded.wallet")}>
      {login ? (
        <p className="airlock-form-text">
          {rich("embedded.loggedInAs", { login: <span className="airlock-embedded-login">{login}</span> })}
        </p>
      ) : null}
      {/* What the user gets first; the technical term stays secondary (the sub-line, or the EOA in brackets). */}
      <p className="airlock-form-text" data-part="account-type">
        <span className="airlock-embedded-type">{smart ? t("embedded.smartAccount") : t("embedded.eoa")}</span>
        {smart ? (
          <span className="airlock-embedded-type-hint">
            {deployed ? t("embedded.smartAccountHint") : t("embedded.smartAccountUndeployed")}
          </span>
        ) : null}
      </p>
      {smart || offered ? (
        <button type="button" className="airlock-list-item" disabled={busy} onClick={switchType}>
          <span className="airlock-list-name">
            {busy ? t("embedded.switching") : smart ? t("embedded.switchToEoa") : t("embedded.switchToSmartAccount")}
          </span>
        </button>
      ) : null}
      {email ? (
        <button type="button" className="airlock-list-item" onClick={() => client.push("UpdateEmailWallet", { email })}>
          <span className="airlock-list-name">{t("embedded.editEmail")}</span>
        </button>
      ) : null}
      {error === undefined ? null : (
        <p className="airlock-send-error" role="alert">
          {text(error)}
        </p>
      )}
    </section>
  )
}
