"use client"
import type { AirlockState } from "airlock-kit"
import { useCallback } from "react"
import { NetworkImage } from "../components/NetworkImage.tsx"
import { PendingRequest } from "../components/PendingRequest.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { useAttempt } from "../internal/useAttempt.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectTarget = (state: AirlockState) => {
  const id = state.modal.data.SwitchNetwork?.caipNetworkId
  return state.networks.find((n) => n.caipNetworkId === id)
}

const selectWalletName = (state: AirlockState) => {
  const namespace = state.activeNamespace
  const connectorId = namespace === undefined ? undefined : state.activeConnectorIds[namespace]
  return state.connectors.find((c) => c.id === connectorId)?.name
}

/**
 * Switching the connected wallet to another network: "Approve in {wallet}" with the network's icon while the wallet
 * asks; on success the modal closes; a refusal or an unsupported chain shows why, with Try again.
 */
export const SwitchNetwork = (_props: ViewProps) => {
  const client = useAirlock()
  const network = useAirlockSelector(selectTarget)
  const walletName = useAirlockSelector(selectWalletName)
  // On success core closes the modal.
  const start = useCallback(
    () => (network === undefined ? Promise.resolve() : client.switchNetwork(network)),
    [client, network]
  )
  const { attempt, retry } = useAttempt(network === undefined ? undefined : start, "network.switchFailed")
  const { t } = useAirlockTranslation()
  if (network === undefined) return <p className="airlock-empty">{t("network.notAvailable")}</p>
  return (
    <PendingRequest
      attempt={attempt}
      logo={<NetworkImage network={network} size={72} />}
      title={walletName === undefined ? t("network.approveInWallet") : t("network.approveIn", { name: walletName })}
      text={t("network.acceptSwitch", { network: network.name })}
      failedText={t("network.notSelected", { network: network.name })}
      onRetry={retry}
    />
  )
}
