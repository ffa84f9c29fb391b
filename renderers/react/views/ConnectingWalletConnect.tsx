"use client"
import {
  type AirlockState,
  type MessageId,
  selectWalletConnectWallet,
  type WalletLinkKind,
  walletLink,
  walletLinkKinds,
  walletLinkTarget
} from "airlock-kit"
import { QrCode } from "../components/QrCode.tsx"
import { WalletImage } from "../components/WalletImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { useConnectAttempt } from "../internal/useAttempt.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectUri = (state: AirlockState) => state.walletConnect.uri
const selectConnectorId = (state: AirlockState) =>
  state.connectors.find((connector) => connector.type === "WALLET_CONNECT")?.id
const selectIsMobile = (state: AirlockState) => state.isMobile
const selectAllWalletsOn = (state: AirlockState) => state.features.allWallets

const linkLabels: Record<WalletLinkKind, MessageId & `connecting.open${string}`> = {
  mobile: "connecting.openMobile",
  desktop: "connecting.openDesktop",
  web: "connecting.openWeb"
}

/**
 * WalletConnect: on a desktop the pairing's QR code (the chosen wallet's icon in its middle), the chosen wallet's
 * desktop and web apps and "Copy link"; on a phone no QR code (it would have to scan itself) but "Open {wallet}"
 * first — a plain link that already holds the pairing URI, so the tap opens the app at once, as iOS requires — then
 * its web app and "Copy link" (the plain pairing, with no wallet chosen, offers All Wallets). Then the wallet's
 * answer: connected closes the modal; a refusal shows 'Connection rejected' with Try again (a new pairing). The Basic
 * variant (an app that uses Airlock for WalletConnect only) adds a way to the full wallet list.
 */
export const ConnectingWalletConnect = ({ basic = false }: ViewProps & { readonly basic?: boolean | undefined }) => {
  const client = useAirlock()
  const uri = useAirlockSelector(selectUri)
  const connectorId = useAirlockSelector(selectConnectorId)
  const wallet = useAirlockSelector(selectWalletConnectWallet)
  const isMobile = useAirlockSelector(selectIsMobile)
  const allWalletsOn = useAirlockSelector(selectAllWalletsOn)
  const { attempt, retry } = useConnectAttempt(client, connectorId)
  const { t, text } = useAirlockTranslation()
  const copy = async () => {
    if (uri === undefined) return
    try {
      await navigator.clipboard.writeText(uri)
      client.showSnack({ message: { id: "connecting.linkCopied" }, variant: "success" })
    } catch {
      client.showSnack({ message: { id: "connecting.linkCopyFailed" }, variant: "error" })
    }
  }
  // The Basic variant's way to the full list, in every state (a refusal) as well as the QR; on a phone also the plain
  // pairing's, as no QR is shown there. Without a WalletConnect connector no wallet of that list could connect.
  const allWallets =
    connectorId !== undefined && (basic || (isMobile && wallet === undefined && allWalletsOn)) ? (
      <button type="button" className="airlock-list-item" onClick={() => client.push("AllWallets")}>
        <span className="airlock-list-name">{t("connect.allWallets")}</span>
      </button>
    ) : null
  if (connectorId === undefined) {
    // SPEC §8's text for a WalletConnect view without its connector (the app has no walletConnect() adapter).
    return (
      <div className="airlock-connecting">
        <p className="airlock-empty">{t("ConnectionError.WalletConnectConnectorNotFound")}</p>
        {allWallets}
      </div>
    )
  }
  const failed = attempt.status === "failed"
  return (
    <div className="airlock-connecting airlock-walletconnect" data-state={failed ? "failed" : "pending"}>
      {failed ? (
        <>
          <p className="airlock-connecting-title" role="status">
            {text(attempt.message)}
          </p>
          <button type="button" className="airlock-button airlock-retry" onClick={retry}>
            {t("common.tryAgain")}
          </button>
        </>
      ) : uri === undefined ? (
        <div className="airlock-qr airlock-qr-loading" aria-busy="true">
          <span className="airlock-spinner" aria-hidden="true" />
        </div>
      ) : (
        <>
          {isMobile ? (
            // The same device: no QR code to scan (AppKit hides it on a phone too); the wallet's app opens from its
            // link below, the first action, and "Copy link" stays for a wallet without one.
            <>
              {wallet === undefined ? null : (
                <div className="airlock-connecting-logo">
                  <WalletImage name={wallet.name} url={wallet.image_url} size={72} />
                </div>
              )}
              <p className="airlock-connecting-title">
                {wallet === undefined
                  ? t("connecting.continueInWallet")
                  : t("connecting.continueIn", { name: wallet.name })}
              </p>
              <p className="airlock-connecting-text" role="status">
                {t("connecting.acceptInWallet")}
              </p>
            </>
          ) : (
            <>
              <QrCode
                value={uri}
                label={wallet === undefined ? t("connecting.qrCode") : t("connecting.qrCodeFor", { name: wallet.name })}
                logo={
                  wallet === undefined ? undefined : <WalletImage name={wallet.name} url={wallet.image_url} size={48} />
                }
              />
              <p className="airlock-connecting-text" role="status">
                {wallet === undefined ? t("connecting.scanWithPhone") : t("connecting.scanWith", { name: wallet.name })}
              </p>
            </>
          )}
          {wallet === undefined
            ? null
            : walletLinkKinds(wallet, { isMobile }).map((kind) => {
                const link = walletLink(wallet, kind, uri)
                if (link === undefined) return null
                return (
                  <a
                    key={kind}
                    className={
                      kind === "mobile" ? "airlock-button airlock-wallet-link" : "airlock-list-item airlock-wallet-link"
                    }
                    data-kind={kind}
                    href={link.href}
                    {...(walletLinkTarget(link.href) === "_blank"
                      ? { target: "_blank", rel: "noreferrer noopener" }
                      : {})}
                  >
                    <span className="airlock-list-name">{t(linkLabels[kind], { name: wallet.name })}</span>
                  </a>
                )
              })}
          <button type="button" className="airlock-list-item airlock-copy-link" onClick={() => void copy()}>
            <span className="airlock-list-name">{t("connecting.copyLink")}</span>
          </button>
        </>
      )}
      {allWallets}
    </div>
  )
}

/** ConnectingWalletConnectBasic (SPEC §2): the QR code for any wallet, and a way to the full list. */
export const ConnectingWalletConnectBasic = (props: ViewProps) => <ConnectingWalletConnect {...props} basic />
