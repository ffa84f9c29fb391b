"use client"
import type { AirlockState } from "airlock-kit"
import { PendingRequest } from "../components/PendingRequest.tsx"
import { WalletImage } from "../components/WalletImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { useConnectAttempt } from "../internal/useAttempt.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectParams = (state: AirlockState) => state.modal.data.ConnectingExternal

/**
 * Connecting to a browser wallet: the wallet's icon with a spinner while its prompt is open, "Continue in {wallet}";
 * a refusal shows 'Connection rejected' (and the modal shakes), any failure offers "Try again". Connecting closes the
 * modal (core's connect flow does it).
 */
export const ConnectingExternal = (_props: ViewProps) => {
  const client = useAirlock()
  const params = useAirlockSelector(selectParams)
  const connectorId = params?.connectorId
  const connector = useAirlockSelector((state) => state.connectors.find((c) => c.id === connectorId))
  const name = connector?.name ?? params?.walletName
  const { attempt, retry } = useConnectAttempt(client, connectorId)
  const { t } = useAirlockTranslation()
  return (
    <PendingRequest
      attempt={attempt}
      logo={
        <WalletImage
          name={name ?? ""}
          url={connector?.imageUrl ?? connector?.info?.icon}
          announced={connector?.type === "ANNOUNCED"}
          size={72}
        />
      }
      title={name === undefined ? t("connecting.continueInWallet") : t("connecting.continueIn", { name })}
      text={t("connecting.acceptRequest")}
      failedText={t("connecting.notConnected")}
      onRetry={retry}
    />
  )
}
