"use client"
import { useEffect, useRef, useState } from "react"
import { AirlockError } from "../../../core/errors/AirlockError.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { NetworkImage } from "../components/NetworkImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

type Attempt = { readonly status: "switching" } | { readonly status: "failed"; readonly message: string }

const selectTarget = (state: AirlockState) => {
  const id = state.modal.data.SwitchNetwork?.caipNetworkId
  return state.networks.find((n) => n.caipNetworkId === id)
}

const selectWalletName = (state: AirlockState) => {
  const namespace = state.activeNamespace
  const connectorId = namespace === undefined ? undefined : state.activeConnectorIds[namespace]
  return state.connectors.find((c) => c.id === connectorId)?.name ?? "your wallet"
}

/**
 * Switching the connected wallet to another network: "Approve in {wallet}" with the network's icon while the wallet
 * asks; on success the modal closes; a refusal or an unsupported chain shows why, with Try again.
 */
export const SwitchNetwork = (_props: ViewProps) => {
  const client = useAirlock()
  const network = useAirlockSelector(selectTarget)
  const walletName = useAirlockSelector(selectWalletName)
  const [attempt, setAttempt] = useState<Attempt>({ status: "switching" })
  const [round, setRound] = useState(0)
  const started = useRef(-1)

  useEffect(() => {
    if (network === undefined || started.current === round) return
    started.current = round
    setAttempt({ status: "switching" })
    client.switchNetwork(network).then(
      () => client.close().catch(() => undefined),
      (error: unknown) =>
        setAttempt({
          status: "failed",
          message: error instanceof AirlockError ? error.shortMessage : "Failed to switch network"
        })
    )
  }, [client, network, round])

  if (network === undefined) return <p className="airlock-empty">This network is not available.</p>
  const failed = attempt.status === "failed"
  return (
    <div className="airlock-connecting" data-state={attempt.status}>
      <div className="airlock-connecting-logo">
        <NetworkImage network={network} size={72} />
        {failed ? null : <span className="airlock-spinner" aria-hidden="true" />}
      </div>
      <p className="airlock-connecting-title" role="status">
        {failed ? attempt.message : `Approve in ${walletName}`}
      </p>
      <p className="airlock-connecting-text">
        {failed ? `${network.name} was not selected.` : `Accept the switch to ${network.name} in the wallet.`}
      </p>
      {failed ? (
        <button type="button" className="airlock-button airlock-retry" onClick={() => setRound((n) => n + 1)}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
