"use client"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { QrCode } from "../components/QrCode.tsx"
import { WalletImage } from "../components/WalletImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useConnectAttempt } from "../internal/useAttempt.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectUri = (state: AirlockState) => state.walletConnect.uri
const selectConnectorId = (state: AirlockState) =>
  state.connectors.find((connector) => connector.type === "WALLET_CONNECT")?.id
const selectWallet = (state: AirlockState) => {
  const id = state.modal.data.ConnectingWalletConnect?.walletId
  if (id === undefined) return undefined
  const { recent, featured, recommended, all } = state.wallets
  return [...recent, ...featured, ...recommended, ...all].find((wallet) => wallet.id === id)
}

/**
 * WalletConnect: the pairing's QR code (the chosen wallet's icon in its middle), "Copy link", and the wallet's
 * answer: connected closes the modal; a refusal shows 'Connection rejected' with Try again (a new pairing).
 */
export const ConnectingWalletConnect = (_props: ViewProps) => {
  const client = useAirlock()
  const uri = useAirlockSelector(selectUri)
  const connectorId = useAirlockSelector(selectConnectorId)
  const wallet = useAirlockSelector(selectWallet)
  const { attempt, retry } = useConnectAttempt(client, connectorId)
  const copy = async () => {
    if (uri === undefined) return
    try {
      await navigator.clipboard.writeText(uri)
      client.showSnack({ message: "Link copied", variant: "success" })
    } catch {
      client.showSnack({ message: "Could not copy the link", variant: "error" })
    }
  }
  if (connectorId === undefined) {
    // SPEC §8's text for a WalletConnect view without its connector (the app has no walletConnect() adapter).
    return <p className="airlock-empty">WalletConnectConnector not found</p>
  }
  const failed = attempt.status === "failed"
  return (
    <div className="airlock-connecting airlock-walletconnect" data-state={failed ? "failed" : "pending"}>
      {failed ? (
        <>
          <p className="airlock-connecting-title" role="status">
            {attempt.message}
          </p>
          <button type="button" className="airlock-button airlock-retry" onClick={retry}>
            Try again
          </button>
        </>
      ) : uri === undefined ? (
        <div className="airlock-qr airlock-qr-loading" aria-busy="true">
          <span className="airlock-spinner" aria-hidden="true" />
        </div>
      ) : (
        <>
          <QrCode
            value={uri}
            label={`WalletConnect QR code${wallet === undefined ? "" : ` for ${wallet.name}`}`}
            logo={
              wallet === undefined ? undefined : <WalletImage name={wallet.name} url={wallet.image_url} size={48} />
            }
          />
          <p className="airlock-connecting-text" role="status">
            Scan this QR code with {wallet === undefined ? "your phone's wallet" : wallet.name}
          </p>
          <button type="button" className="airlock-list-item airlock-copy-link" onClick={() => void copy()}>
            <span className="airlock-list-name">Copy link</span>
          </button>
        </>
      )}
    </div>
  )
}
