"use client"
import { type AirlockState, truncateAddress } from "airlock-kit"
import { useCallback } from "react"
import { NetworkImage } from "../components/NetworkImage.tsx"
import { QrCode } from "../components/QrCode.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { copyText } from "../internal/copyText.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectNetworks = (state: AirlockState) => state.networks

/**
 * Receive: the connected account's address as a QR code (the network's image in its middle) to scan from another
 * wallet, the address with a copy button, and the app's networks of the account's namespace, the only ones an asset
 * may be sent on to reach this account here.
 */
export const Receive = (_props: ViewProps) => {
  const client = useAirlock()
  const { address, namespace } = useAirlockAccount()
  const { network } = useAirlockNetwork()
  const all = useAirlockSelector(selectNetworks)
  const { t } = useAirlockTranslation()
  const inNamespace = useCallback((n: (typeof all)[number]) => n.chainNamespace === namespace, [namespace])
  if (address === undefined) return <p className="airlock-empty">{t("common.notConnected")}</p>
  const networks = all.filter(inNamespace)
  const copy = () => copyText(client, address)

  return (
    <div className="airlock-receive">
      <QrCode
        value={address}
        label={t("receive.qrCode", { address })}
        size={240}
        logo={network === undefined ? undefined : <NetworkImage network={network} size={48} />}
      />
      <p className="airlock-receive-address" title={address} data-testid="receive-address">
        {truncateAddress(address)}
      </p>
      <button type="button" className="airlock-button airlock-receive-copy" onClick={() => void copy()}>
        {t("common.copyAddress")}
      </button>
      <h3 className="airlock-receive-heading" id="airlock-receive-networks">
        {t("receive.networks")}
      </h3>
      <ul className="airlock-receive-networks" aria-labelledby="airlock-receive-networks">
        {networks.map((n) => (
          <li key={n.caipNetworkId} className="airlock-receive-network">
            <NetworkImage network={n} size={24} />
            <span>{n.name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
