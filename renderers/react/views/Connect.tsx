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
import { startEmailLogin } from "airlock-kit/embedded"
import { Fragment } from "react"
import { SocialLogins } from "../components/SocialLogins.tsx"
import { WalletImage } from "../components/WalletImage.tsx"
import { WalletItem } from "../components/WalletItem.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { EmailForm } from "../internal/EmailForm.tsx"
import { normalizeProps } from "../internal/normalizeProps.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const sameItems = <A,>(a: ReadonlyArray<A>, b: ReadonlyArray<A>): boolean =>
  a === b || (a.length === b.length && a.every((item, i) => item === b[i]))

const entries = (section: ConnectSection): ReadonlyArray<unknown> =>
  "connectors" in section ? section.connectors : section.wallets

const recentIdsOf = (section: ConnectSection): ReadonlyArray<string> =>
  ("recentIds" in section ? section.recentIds : undefined) ?? []

/** Equal when the methods and every section's entries are the same, so the view re-renders only on real changes. */
const sameConnectView = (a: ConnectView, b: ConnectView): boolean =>
  sameItems(a.methods, b.methods) &&
  a.allWallets === b.allWallets &&
  sameItems(a.allWalletsImages, b.allWalletsImages) &&
  a.sections.length === b.sections.length &&
  a.sections.every((section, i) => {
    const other = b.sections[i]
    return (
      other !== undefined &&
      section.type === other.type &&
      sameItems(entries(section), entries(other)) &&
      sameItems(recentIdsOf(section), recentIdsOf(other))
    )
  })

const selectSocials = (state: AirlockState) => state.features.socials
const selectWalletCount = (state: AirlockState) => state.wallets.count

/** All Wallets' picture: a 2 x 2 tile of registry wallets' images (empty squares for the ones missing), decorative. */
const RegistryTile = ({ images }: { readonly images: ReadonlyArray<string> }) => (
  <span className="airlock-avatar airlock-wallet-tile" aria-hidden="true">
    {[0, 1, 2, 3].map((slot) => {
      const url = images[slot]
      return url === undefined ? <span key={slot} /> : <WalletImage key={url} name="" url={url} size={13} />
    })}
  </span>
)

/** The email field inline: submitting it starts the same login as the Email Login view, and shows the code next. */
const EmailMethod = () => {
  const client = useAirlock()
  const { t } = useAirlockTranslation()
  return (
    <EmailForm
      inline
      label={t("embedded.email")}
      submitLabel={t("common.continue")}
      busyLabel={t("embedded.sendingCode")}
      placeholder={t("embedded.emailPlaceholder")}
      onSubmit={(email) => startEmailLogin(client, email)}
    />
  )
}

const selectConnectors = (state: AirlockState) => state.connectors

const selectIsMobile = (state: AirlockState) => state.isMobile

const Section = ({ id, section }: { id: string; section: ConnectSection }) => {
  const client = useAirlock()
  const connectors = useAirlockSelector(selectConnectors)
  // On a phone WalletConnect opens a wallet by deep link (through All Wallets), not a QR code: no "QR" tag there.
  const isMobile = useAirlockSelector(selectIsMobile)
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
              recent={section.recentIds?.includes(connector.id) === true}
              tag={connector.type === "WALLET_CONNECT" && !isMobile ? t("wallets.tagQr") : undefined}
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

const WalletMethod = ({ id, view }: ViewProps & { view: ConnectView }) => {
  const client = useAirlock()
  const count = useAirlockSelector(selectWalletCount)
  const { t, locale } = useAirlockTranslation()
  return (
    <div className="airlock-wallets">
      {view.sections.map((section) => (
        <Section key={section.type} id={id} section={section} />
      ))}
      {!view.allWallets ? null : (
        <button type="button" className="airlock-list-item" data-nav="" onClick={() => client.push("AllWallets")}>
          <RegistryTile images={view.allWalletsImages} />
          <span className="airlock-list-name">{t("connect.allWallets")}</span>
          {count > 0 ? <span className="airlock-tag">{localizeDecimal(String(count), locale)}</span> : null}
        </button>
      )}
    </div>
  )
}

/**
 * The Connect view: the connect methods in core's order (email, social, wallet by default), each group drawn only
 * when it has something to offer and an "or" divider between two groups: the email field inline, the social logins
 * as a row of icon buttons, then the wallet sections and All Wallets.
 */
export const Connect = ({ id }: ViewProps) => {
  const view = useAirlockSelector(selectConnectView, sameConnectView)
  const socials = useAirlockSelector(selectSocials)
  const { t } = useAirlockTranslation()
  return (
    <div className="airlock-connect">
      {view.methods.map((method, i) => (
        <Fragment key={method}>
          {i === 0 ? null : (
            <p className="airlock-or">
              <span>{t("connect.or")}</span>
            </p>
          )}
          {method === "email" ? (
            <EmailMethod />
          ) : method === "social" ? (
            socials === false ? null : (
              <SocialLogins socials={socials} />
            )
          ) : (
            <WalletMethod id={id} view={view} />
          )}
        </Fragment>
      ))}
    </div>
  )
}
