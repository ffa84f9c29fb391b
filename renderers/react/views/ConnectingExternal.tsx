"use client"
import { useEffect, useRef, useState } from "react"
import { ConnectionError } from "../../../core/errors/catalogue.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { WalletImage } from "../components/WalletImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

type Attempt = { readonly status: "connecting" } | { readonly status: "failed"; readonly message: string }

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
  const name = connector?.name ?? params?.walletName ?? "your wallet"
  const [attempt, setAttempt] = useState<Attempt>({ status: "connecting" })
  const [round, setRound] = useState(0)
  // One request per round, also under StrictMode's double effects: a wallet shows one prompt per click.
  const started = useRef(-1)

  useEffect(() => {
    if (connectorId === undefined || started.current === round) return
    started.current = round
    setAttempt({ status: "connecting" })
    client.connect(connectorId).catch((error: unknown) => {
      const message = error instanceof ConnectionError ? error.shortMessage : "Failed to connect"
      setAttempt({ status: "failed", message })
      if (error instanceof ConnectionError && error.reason === "ConnectionRejected") client.shake()
    })
  }, [client, connectorId, round])

  const failed = attempt.status === "failed"
  return (
    <div className="airlock-connecting" data-state={attempt.status}>
      <div className="airlock-connecting-logo">
        <WalletImage
          name={name}
          url={connector?.imageUrl ?? connector?.info?.icon}
          announced={connector?.type === "ANNOUNCED"}
          size={72}
        />
        {failed ? null : <span className="airlock-spinner" aria-hidden="true" />}
      </div>
      <p className="airlock-connecting-title" role="status">
        {failed ? attempt.message : `Continue in ${name}`}
      </p>
      <p className="airlock-connecting-text">
        {failed
          ? "The wallet did not connect. You can try again."
          : "Accept the connection request in the wallet to continue."}
      </p>
      {failed ? (
        <button type="button" className="airlock-button airlock-retry" onClick={() => setRound((n) => n + 1)}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
