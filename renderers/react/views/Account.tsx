"use client"
import {
  type AccountTab,
  type AirlockState,
  accountTabs,
  formatBalance,
  getTabHandlers,
  getTabListProps,
  getTabPanelProps,
  getTabProps,
  isSafeLinkUrl,
  isViewEnabled,
  type MessageId,
  truncateAddress
} from "airlock-kit"
import { type CSSProperties, lazy, Suspense, useState } from "react"
import { NetworkImage } from "../components/NetworkImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { copyText } from "../internal/copyText.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import type { ViewProps } from "../modal/ViewProps.ts"
import { ActivityList } from "./ActivityList.tsx"
import { NftGrid } from "./NftGrid.tsx"
import { TokenList } from "./TokenList.tsx"

// The embedded wallet's part (login, account type, email) loads only for an embedded-wallet user.
const EmbeddedAccount = lazy(() => import("./groups/embedded.ts").then((m) => ({ default: m.EmbeddedAccount })))

const selectIsAuth = (state: AirlockState) => {
  const namespace = state.activeNamespace
  const connectorId = namespace === undefined ? undefined : state.activeConnectorIds[namespace]
  return connectorId !== undefined && state.connectors.find((c) => c.id === connectorId)?.type === "AUTH"
}

// The tab last chosen, per client: coming back to Account (from an NFT's detail, a send) shows it again.
const lastTabs = new WeakMap<object, AccountTab>()

/** Each tab's name. */
const tabNames = {
  Tokens: "account.tabTokens",
  NFTs: "account.tabNfts",
  Activity: "account.tabActivity"
} as const satisfies Record<AccountTab, MessageId>

/** What each tab shows; one line per tab. */
const TabPanel = ({ tab, activityEnabled }: { readonly tab: AccountTab; readonly activityEnabled: boolean }) => {
  const { t } = useAirlockTranslation()
  if (tab === "Tokens") return <TokenList />
  if (tab === "NFTs") return <NftGrid />
  return activityEnabled ? <ActivityList /> : <p className="airlock-empty">{t("activity.empty")}</p>
}

const selectProfile = (state: AirlockState) => {
  const account = state.activeNamespace === undefined ? undefined : state.accounts[state.activeNamespace]
  return `${account?.profileName ?? ""}\n${account?.profileImage ?? ""}`
}

const selectReceiveEnabled = (state: AirlockState) => isViewEnabled("Receive", state.features)
// SPEC §9: send on eip155 and solana only.
const selectSendEnabled = (state: AirlockState) =>
  isViewEnabled("Send", state.features) && (state.activeNamespace === "eip155" || state.activeNamespace === "solana")
const selectActivityEnabled = (state: AirlockState) => isViewEnabled("Activity", state.features)
// Issue 23: swaps on EVM networks only (the Swap view says when the network has none).
const selectSwapEnabled = (state: AirlockState) =>
  isViewEnabled("Swap", state.features) && state.activeNamespace === "eip155"
// Issue 24: buying crypto on eip155 and solana (SPEC §9).
const selectOnrampEnabled = (state: AirlockState) =>
  isViewEnabled("Onramp", state.features) && (state.activeNamespace === "eip155" || state.activeNamespace === "solana")
// SPEC §7: smart sessions when that feature is on and the embedded wallet's smart account is connected (the rule of
// `smartSessionsAddress` in airlock-kit/smart-sessions, read here without loading that entry into Account's chunk).
const selectSessionsEnabled = (state: AirlockState) =>
  state.features.smartSessions && state.accounts.eip155?.preferredAccountType === "smartAccount"
const selectMultiWallet = (state: AirlockState) => state.features.multiWallet
const shownFeatures = ["onramp", "swaps", "receive", "send"] as const
// SPEC §9's order of the feature row (onramp, swaps, receive, send), as the app set it.
const selectFeaturesOrder = (state: AirlockState) => state.features.walletFeaturesOrder

/** A wallet feature's button (Send, Receive): a line icon and its name. */
const FeatureButton = ({
  label,
  icon,
  onClick
}: {
  readonly label: string
  readonly icon: string
  readonly onClick: () => void
}) => (
  <button type="button" className="airlock-button airlock-feature-button" onClick={onClick}>
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
    {label}
  </button>
)

/** Two colours from an address, for an avatar that tells accounts apart at a glance (no image needed). */
const avatarHues = (address: string): readonly [number, number] => {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return [hash % 360, (hash >>> 9) % 360]
}

const Avatar = ({ address, image }: { readonly address: string; readonly image: string | undefined }) => {
  const src = safeImageSrc(image)
  if (src !== undefined) return <img className="airlock-account-avatar" src={src} alt="" width={64} height={64} />
  const [a, b] = avatarHues(address)
  // Set through the CSSOM (React's style prop), which a strict style-src policy allows.
  const hues = { "--airlock-avatar-a": `${a}`, "--airlock-avatar-b": `${b}` } as CSSProperties
  return <span className="airlock-account-avatar" style={hues} aria-hidden="true" />
}

/**
 * The explorer page of `address` on the network's explorer, when it is a safe link: `/address/…` on EVM explorers,
 * `/account/…` on Solana's; a cluster query of the explorer's URL (`?cluster=devnet`) is kept.
 */
const explorerUrl = (base: string | undefined, address: string, namespace: string | undefined): string | undefined => {
  if (base === undefined) return undefined
  try {
    const url = new URL(base)
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/${namespace === "solana" ? "account" : "address"}/${address}`
    return isSafeLinkUrl(url.href) ? url.href : undefined
  } catch {
    return undefined
  }
}

/**
 * The Account view: avatar, name (or the address, 4 + 6), balance floored to 3 decimals, copy address, the network
 * (opens the network list), the explorer link, Disconnect (of the namespace shown: another namespace's connection stays),
 * and the Tokens / NFTs / Activity tabs.
 */
export const Account = ({ id }: ViewProps) => {
  const client = useAirlock()
  const { address, balance, balanceSymbol } = useAirlockAccount()
  const { network } = useAirlockNetwork()
  const { t, locale, dir } = useAirlockTranslation()
  const [profileName, profileImage] = useAirlockSelector(selectProfile).split("\n")
  const receiveEnabled = useAirlockSelector(selectReceiveEnabled)
  const sendEnabled = useAirlockSelector(selectSendEnabled)
  const swapEnabled = useAirlockSelector(selectSwapEnabled)
  const sessionsEnabled = useAirlockSelector(selectSessionsEnabled)
  const onrampEnabled = useAirlockSelector(selectOnrampEnabled)
  const featuresOrder = useAirlockSelector(selectFeaturesOrder)
  // The remote 'activity' flag (SPEC §6) gates the history; without it the tab says there is none to show.
  const activityEnabled = useAirlockSelector(selectActivityEnabled)
  const isAuth = useAirlockSelector(selectIsAuth)
  const multiWallet = useAirlockSelector(selectMultiWallet)
  // Which tab is shown is the view's own UI state, remembered per client while the page lives.
  const [selected, setSelected] = useState<AccountTab>(() => lastTabs.get(client) ?? "Tokens")
  const tabs = { id, tabs: accountTabs, selected, dir }
  // Click and keyboard behaviour come from core's anatomy; the renderer only says how to select and focus.
  const actions = {
    select: (tab: AccountTab) => {
      lastTabs.set(client, tab)
      setSelected(tab)
    },
    focus: (tabId: string) => document.getElementById(tabId)?.focus()
  }
  if (address === undefined) return <p className="airlock-empty">{t("common.notConnected")}</p>
  const copy = () => copyText(client, address)

  const explorer = explorerUrl(network?.blockExplorers?.default.url, address, network?.chainNamespace)
  return (
    <div className="airlock-account">
      <Avatar address={address} image={profileImage || undefined} />
      <div className="airlock-account-id">
        <p className="airlock-account-name" title={address}>
          {profileName || truncateAddress(address)}
        </p>
        <button
          type="button"
          className="airlock-icon-button"
          aria-label={t("common.copyAddress")}
          onClick={() => void copy()}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <rect x="5" y="5" width="9" height="9" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path
              d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          </svg>
        </button>
      </div>
      {/* Unknown while it loads, or when neither the API nor the chain answered: no line rather than a wrong 0. */}
      {balance === undefined ? null : (
        <p className="airlock-account-balance">{formatBalance(balance, balanceSymbol, locale)}</p>
      )}
      {/* Wallet features (buy, swap, receive, send), in the features' order: one button each. */}
      <div className="airlock-account-features">
        {/* A feature the app's order leaves out still shows, last. */}
        {[...featuresOrder, ...shownFeatures.filter((f) => !featuresOrder.includes(f))].map((feature) =>
          feature === "onramp" && onrampEnabled ? (
            <FeatureButton
              key={feature}
              label={t("onramp.buy")}
              icon="M2 5h12v7.5H2zM2 7.5h12M4.5 10.5h2"
              onClick={() => client.push("Onramp")}
            />
          ) : feature === "swaps" && swapEnabled ? (
            <FeatureButton
              key={feature}
              label={t("swap.swap")}
              icon="M3 5.5h10m0 0L10.5 3M13 5.5 10.5 8M13 10.5H3m0 0L5.5 8M3 10.5 5.5 13"
              onClick={() => client.push("Swap")}
            />
          ) : feature === "receive" && receiveEnabled ? (
            <FeatureButton
              key={feature}
              label={t("account.receive")}
              icon="M8 2v8m-3.5-3.5L8 10l3.5-3.5M3 13.5h10"
              onClick={() => client.push("Receive")}
            />
          ) : feature === "send" && sendEnabled ? (
            <FeatureButton
              key={feature}
              label={t("account.send")}
              icon="M8 12.5v-9m-3.5 3.5L8 3.5l3.5 3.5"
              onClick={() => client.push("Send")}
            />
          ) : null
        )}
      </div>
      {isAuth ? (
        <Suspense fallback={null}>
          <EmbeddedAccount />
        </Suspense>
      ) : null}
      <div className="airlock-account-actions">
        {network === undefined ? null : (
          <button type="button" className="airlock-list-item" data-nav="" onClick={() => client.push("Networks")}>
            <NetworkImage network={network} />
            <span className="airlock-list-name">{network.name}</span>
          </button>
        )}
        {/* Multi-wallet: the connections, to switch, add or disconnect one (SPEC §6: only with the feature on). */}
        {multiWallet ? (
          <button type="button" className="airlock-list-item" data-nav="" onClick={() => client.push("ProfileWallets")}>
            <span className="airlock-list-name">{t("profileWallets.manage")}</span>
          </button>
        ) : null}
        {/* SPEC §9: names on eip155 only; an account with a name has chosen already. */}
        {network?.chainNamespace === "eip155" && !profileName ? (
          <button
            type="button"
            className="airlock-list-item"
            data-nav=""
            onClick={() => client.push("RegisterAccountName")}
          >
            <span className="airlock-list-name">{t("names.choose")}</span>
          </button>
        ) : null}
        {sessionsEnabled ? (
          <button type="button" className="airlock-list-item" data-nav="" onClick={() => client.push("SmartSessions")}>
            <span className="airlock-list-name">{t("sessions.entry")}</span>
          </button>
        ) : null}
        {explorer === undefined ? null : (
          <a className="airlock-list-item" href={explorer} target="_blank" rel="noopener noreferrer">
            <span className="airlock-list-name">{t("account.blockExplorer")}</span>
          </a>
        )}
        <button
          type="button"
          className="airlock-list-item"
          data-tone="danger"
          onClick={() => void client.disconnect(network?.chainNamespace)}
        >
          <span className="airlock-list-name">{t("account.disconnect")}</span>
        </button>
      </div>
      <div {...normalizeProps(getTabListProps(tabs))} className="airlock-tabs">
        {accountTabs.map((tab) => (
          <button
            key={tab}
            {...normalizeProps(getTabProps(tabs, tab))}
            {...getTabHandlers(tabs, tab, actions)}
            className="airlock-tab"
          >
            {t(tabNames[tab])}
          </button>
        ))}
      </div>
      {accountTabs.map((tab) => (
        <div key={tab} {...normalizeProps(getTabPanelProps(tabs, tab))} className="airlock-tab-panel">
          {/* Only the open tab's content: a hidden tab fetches nothing (NFTs, activity load when first shown). */}
          {tab === selected ? <TabPanel tab={tab} activityEnabled={activityEnabled} /> : null}
        </div>
      ))}
    </div>
  )
}
