"use client"
import type { AirlockState } from "airlock-kit"
import { loadSmartSessions, revokeSmartSession, selectSmartSessions } from "airlock-kit/smart-sessions"
import { useEffect, useMemo } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { SessionPermission } from "./SessionPermission.tsx"

const select = (state: AirlockState) => selectSmartSessions(state)
const selectAddress = (state: AirlockState) => state.smartSessions?.address

/**
 * Sessions (SPEC §7, the `smartSessions` feature): the smart sessions the connected smart account granted, each with
 * its app, permissions, dates and state, and Revoke for an active one (the wallet signs, no ApproveTransaction: the
 * user asked for it).
 */
export const SmartSessions = () => {
  const client = useAirlock()
  const view = useAirlockSelector(select)
  const loadedFor = useAirlockSelector(selectAddress)
  const { t, text, locale } = useAirlockTranslation()
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }), [locale])
  const date = (seconds: number) => dates.format(new Date(seconds * 1000))
  useEffect(() => {
    // A failure shows as the view's error; nothing else to do with it here.
    if (view.enabled) void loadSmartSessions(client).catch(() => undefined)
  }, [client, view.enabled])
  if (!view.enabled) return null
  const loading = view.status === "loading" || (view.status === "idle" && loadedFor === undefined)
  return (
    <div className="airlock-send airlock-sessions">
      <p className="airlock-send-usd">{t("sessions.intro")}</p>
      {view.error === undefined ? null : (
        <p className="airlock-send-error" role="alert">
          {text(view.error)}
        </p>
      )}
      {view.status === "failed" ? (
        <button
          type="button"
          className="airlock-button airlock-retry"
          onClick={() => void loadSmartSessions(client).catch(() => undefined)}
        >
          {t("sessions.retry")}
        </button>
      ) : null}
      {loading && view.sessions.length === 0 ? (
        <p className="airlock-send-status" role="status">
          {t("sessions.loading")}
        </p>
      ) : view.sessions.length === 0 ? (
        view.status === "failed" ? null : (
          <p className="airlock-empty">{t("sessions.empty")}</p>
        )
      ) : (
        <ul className="airlock-list" aria-label={t("title.SmartSessions")}>
          {view.sessions.map((session) => (
            <li key={session.pci} className="airlock-list-entry" data-session-status={session.status}>
              <dl className="airlock-send-summary">
                {session.app === undefined ? null : (
                  <div>
                    <dt>{t("sessions.app")}</dt>
                    <dd>{session.app}</dd>
                  </div>
                )}
                <div>
                  <dt>{t("sessions.permissions")}</dt>
                  <dd>
                    {session.permissions.map((permission, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a session's permissions never reorder
                      <div key={index}>
                        <SessionPermission permission={permission} />
                      </div>
                    ))}
                  </dd>
                </div>
                <div>
                  <dt>{t("sessions.granted")}</dt>
                  <dd>{date(session.createdAt)}</dd>
                </div>
                <div>
                  <dt>{t("sessions.expires")}</dt>
                  <dd>{date(session.expiry)}</dd>
                </div>
              </dl>
              <div className="airlock-send-actions">
                <p className="airlock-send-status">
                  {session.status === "revoked" && session.revokedAt !== undefined
                    ? t("sessions.revoked", { date: date(session.revokedAt) })
                    : session.status === "expired"
                      ? t("sessions.expired")
                      : view.revoking === session.pci
                        ? t("sessions.revoking")
                        : t("sessions.active")}
                </p>
                {session.status === "active" ? (
                  <button
                    type="button"
                    className="airlock-button airlock-button-secondary"
                    data-tone="danger"
                    disabled={!session.canRevoke}
                    // The failure shows as the view's error.
                    onClick={() => void revokeSmartSession(client, session.pci).catch(() => undefined)}
                  >
                    {t("sessions.revoke")}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
