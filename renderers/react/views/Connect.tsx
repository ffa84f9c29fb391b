"use client"
import {
  type AirlockState,
  type ConnectSection,
  type ConnectView,
  connectSectionLabels,
  getWalletListProps,
  localizeDecimal,
  selectConnectView
} from "airlock-kit"
import { WalletItem } from "../components/WalletItem.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import { openSocialPopup, socialNames } from "../internal/socialPopup.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const sameItems = <A,>(a: ReadonlyArray<A>, b: ReadonlyArray<A>): boolean =>
  a === b || (a.length === b.length && a.every((item, i) => item === b[i]))

const entries = (section: ConnectSection): ReadonlyArray<unknown> =>
  "connectors" in section ? section.connectors : section.wallets

/** Equal when the methods and every section's entries are the same, so the view re-renders only on real changes. */
const sameConnectView = (a: ConnectView, b: ConnectView): boolean =>
  sameItems(a.methods, b.methods) &&
  a.sections.length === b.sections.length &&
  a.sections.every((section, i) => {
    const other = b.sections[i]
    return other !== undefined && section.type === other.type && sameItems(entries(section), entries(other))
  })

const selectSocials = (state: AirlockState) => state.features.socials
const selectAllWalletsCount = (state: AirlockState) => (state.features.allWallets ? state.wallets.count : undefined)

const EmailMethod = () => {
  const client = useAirlock()
  const { t } = useAirlockTranslation()
  return (
    <button type="button" className="airlock-list-item" onClick={() => client.push("EmailLogin")}>
      {t("connect.email")}
    </button>
  )
}

const SocialMethod = () => {
  const client = useAirlock()
  const socials = useAirlockSelector(selectSocials)
  const { t } = useAirlockTranslation()
  if (socials === false) return null
  return (
    <ul className="airlock-socials" aria-label={t("connect.socials")}>
      {socials.map((provider) => (
        <li key={provider}>
          <button
            type="button"
            className="airlock-list-item"
            onClick={() => {
              if (provider === "farcaster") return client.push("ConnectingFarcaster")
              // Opened here, in the click: a popup opened once the view has loaded would be blocked.
              openSocialPopup(client)
              client.push("ConnectingSocial", { provider })
            }}
          >
            {t("connect.social", { provider: socialNames[provider] })}
          </button>
        </li>
      ))}
    </ul>
  )
}

const selectConnectors = (state: AirlockState) => state.connectors

const Section = ({ id, section }: { id: string; section: ConnectSection }) => {
  const client = useAirlock()
  const connectors = useAirlockSelector(selectConnectors)
  const { t } = useAirlockTranslation()
  return (
    <ul {...normalizeProps(getWalletListProps({ id }, t(connectSectionLabels[section.type])))} className="airlock-list">
      {"connectors" in section
        ? section.connectors.map((connector) => (
            <WalletItem
              key={`connector-${connector.id}`}
              id={id}
              wallet={{ id: connector.id, name: connector.name, installed: connector.type !== "WALLET_CONNECT" }}
              imageUrl={connector.imageUrl ?? connector.info?.icon}
              announced={connector.type === "ANNOUNCED"}
              tag={connector.type === "WALLET_CONNECT" ? t("wallets.tagQr") : undefined}
              onSelect={() =>
                connector.type === "WALLET_CONNECT"
                  ? client.push("ConnectingWalletConnect")
                  : client.push("ConnectingExternal", { connectorId: connector.id, walletName: connector.name })
              }
            />
          ))
        : section.wallets.map((wallet) => {
            // A wallet of the registry that is installed here connects through its browser connector.
            const installed = wallet.rdns ? connectors.find((c) => c.info?.rdns === wallet.rdns) : undefined
            return (
              <WalletItem
                key={`wallet-${wallet.id}`}
                id={id}
                wallet={{ id: wallet.id, name: wallet.name, installed: installed !== undefined }}
                imageUrl={installed?.imageUrl ?? installed?.info?.icon ?? wallet.image_url}
                announced={installed?.type === "ANNOUNCED"}
                recent={section.type === "recent"}
                onSelect={() =>
                  installed === undefined
                    ? client.push("ConnectingWalletConnect", { walletId: wallet.id })
                    : client.push("ConnectingExternal", { connectorId: installed.id, walletName: installed.name })
                }
              />
            )
          })}
    </ul>
  )
}

const WalletMethod = ({ id }: ViewProps) => {
  const client = useAirlock()
  const { sections } = useAirlockSelector(selectConnectView, sameConnectView)
  const count = useAirlockSelector(selectAllWalletsCount)
  const { t, locale } = useAirlockTranslation()
  return (
    <div className="airlock-wallets">
      {sections.map((section) => (
        <Section key={section.type} id={id} section={section} />
      ))}
      {count === undefined ? null : (
        <button type="button" className="airlock-list-item" onClick={() => client.push("AllWallets")}>
          <span className="airlock-list-name">{t("connect.allWallets")}</span>
          {count > 0 ? <span className="airlock-tag">{localizeDecimal(String(count), locale)}</span> : null}
        </button>
      )}
    </div>
  )
}

/** The Connect view: the connect methods in core's order (email, social, wallet by default), then All Wallets. */
export const Connect = ({ id }: ViewProps) => {
  const { methods } = useAirlockSelector(selectConnectView, sameConnectView)
  return (
    <div className="airlock-connect">
      {methods.map((method) =>
        method === "email" ? (
          <EmailMethod key={method} />
        ) : method === "social" ? (
          <SocialMethod key={method} />
        ) : (
          <WalletMethod key={method} id={id} />
        )
      )}
    </div>
  )
}
