"use client"
import {
  type AirlockState,
  type ChainNamespace,
  type ConnectionEntry,
  type MessageId,
  shortenEmail,
  truncateAddress
} from "airlock-kit"
import { WalletImage } from "../components/WalletImage.tsx"
import { useAirlockConnections } from "../hooks/useAirlockConnections.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

// The app's namespaces, in its networks' order, one string so a re-render happens only when they change.
const selectNamespaces = (state: AirlockState) => [...new Set(state.networks.map((n) => n.chainNamespace))].join(" ")

const statusNames = {
  connected: "profileWallets.statusActive",
  active: "profileWallets.statusConnected"
} as const satisfies Record<ConnectionEntry["status"], MessageId>

/** One connection: its wallet, account and status, Switch (when it is not the one in use) and Disconnect. */
const ConnectionRow = ({
  connection,
  onSwitch,
  onDisconnect
}: {
  readonly connection: ConnectionEntry
  readonly onSwitch: () => void
  readonly onDisconnect: () => void
}) => {
  const { t } = useAirlockTranslation()
  const { name, status, address, authName } = connection
  const account =
    authName !== undefined ? shortenEmail(authName) : address === undefined ? "" : truncateAddress(address)
  return (
    <li className="airlock-list-entry airlock-profile-wallet" data-part="connection" data-status={status}>
      <WalletImage name={name} url={connection.icon} announced size={32} />
      <span className="airlock-profile-wallet-id">
        <span className="airlock-list-name">{name}</span>
        <span className="airlock-profile-wallet-line">
          <span className="airlock-tag">{t(statusNames[status])}</span>
          <span className="airlock-profile-wallet-account" title={address}>
            {account}
          </span>
        </span>
      </span>
      {status === "active" ? (
        <button
          type="button"
          className="airlock-button airlock-button-secondary airlock-profile-wallet-switch"
          aria-label={t("profileWallets.switchTo", { name })}
          onClick={onSwitch}
        >
          {t("profileWallets.switch")}
        </button>
      ) : null}
      <button
        type="button"
        className="airlock-icon-button"
        aria-label={t("profileWallets.disconnectWallet", { name })}
        title={t("profileWallets.disconnect")}
        onClick={onDisconnect}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path
            d="M6 3H4a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h2M10.5 5.5 13 8l-2.5 2.5M13 8H6.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </li>
  )
}

/** A namespace's heading: EVM, Solana, or the namespace's own name. */
const groupName = (t: ReturnType<typeof useAirlockTranslation>["t"], namespace: ChainNamespace): string =>
  namespace === "eip155"
    ? t("profileWallets.groupEvm")
    : namespace === "solana"
      ? t("profileWallets.groupSolana")
      : t("profileWallets.groupOther", { namespace })

/**
 * ProfileWallets (multi-wallet, SPEC §2 §4): the live connections grouped by the app's namespaces, each with its
 * status (the one in use is Active); Switch makes a listed one the one in use, Disconnect ends one and leaves the
 * others, and Add wallet opens Connect for the namespace (a wallet connected there brings ProfileWallets back).
 */
export const ProfileWallets = (_props: ViewProps) => {
  const { t } = useAirlockTranslation()
  const { connections, switchConnection, disconnectConnection, addWallet } = useAirlockConnections()
  const namespaces = useAirlockSelector(selectNamespaces).split(" ").filter(Boolean) as Array<ChainNamespace>
  const ignore = () => undefined
  return (
    <div className="airlock-profile-wallets">
      {namespaces.map((namespace) => {
        const group = groupName(t, namespace)
        const rows = connections.filter((c) => c.namespace === namespace)
        const headingId = `airlock-profile-wallets-${namespace}`
        return (
          <section key={namespace} className="airlock-profile-wallets-group" aria-labelledby={headingId}>
            <h3 className="airlock-activity-group" id={headingId}>
              {group}
            </h3>
            {rows.length === 0 ? (
              <p className="airlock-empty">{t("profileWallets.none")}</p>
            ) : (
              <ul className="airlock-list" aria-labelledby={headingId}>
                {rows.map((connection) => (
                  <ConnectionRow
                    key={connection.connectorId}
                    connection={connection}
                    onSwitch={() => void switchConnection(connection).catch(ignore)}
                    onDisconnect={() => void disconnectConnection(connection).catch(ignore)}
                  />
                ))}
              </ul>
            )}
            <button
              type="button"
              className="airlock-list-item"
              data-nav=""
              aria-describedby={headingId}
              onClick={() => void addWallet(namespace).catch(ignore)}
            >
              <span className="airlock-list-name">{t("profileWallets.add")}</span>
            </button>
          </section>
        )
      })}
    </div>
  )
}
