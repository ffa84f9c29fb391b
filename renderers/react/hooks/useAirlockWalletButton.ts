"use client"
// Docs: docs/react.md#wallet-buttons
import {
  type AirlockState,
  type WalletButtonProps,
  type WalletButtonStatus,
  type WalletButtonTarget,
  walletButton
} from "airlock-kit"
import { useCallback, useMemo, useState } from "react"
import { useAirlock } from "./useAirlock.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** What {@link useAirlockWalletButton} returns. */
export interface UseAirlockWalletButtonReturnType {
  readonly status: WalletButtonStatus
  /** The wallet's name, or 'Continue with Email' / 'Continue with {provider}' in the state's language. */
  readonly label: string
  readonly imageUrl: string | undefined
  readonly installed: boolean
  /** The last attempt's failure ('Connection rejected', 'Failed to connect'), until the next attempt. */
  readonly error: unknown
  /** Connects (email and social: opens the modal at their step); never rejects, `error` tells. */
  readonly connect: () => Promise<void>
  /** The button's props (`walletButton(…).getButtonProps()`), with `onClick` running `connect`. */
  readonly buttonProps: WalletButtonProps
}

/**
 * A wallet button's state and action, for a button of the app's own: `target` is `{ wallet }` (an id, rdns, name,
 * `"walletConnect"` or a registry id), `{ email: true }` or `{ social }` (see `walletButton` in `airlock-kit`).
 *
 * @example
 * ```tsx
 * import { useAirlockWalletButton } from "airlock-kit/react"
 * const MetaMask = () => {
 *   const { label, status, connect } = useAirlockWalletButton({ wallet: "io.metamask" })
 *   return <button type="button" disabled={status === "connecting"} onClick={() => void connect()}>{label}</button>
 * }
 * ```
 */
export const useAirlockWalletButton = (target: WalletButtonTarget): UseAirlockWalletButtonReturnType => {
  const client = useAirlock()
  const [error, setError] = useState<unknown>(undefined)
  // The target's identity for memoising: a row object from a list is recreated when its list changes.
  const key =
    "wallet" in target ? (typeof target.wallet === "string" ? target.wallet : target.wallet.id) : JSON.stringify(target)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the target
  const select = useCallback(
    (_state: AirlockState) => {
      const api = walletButton({ client, target })
      return `${api.status}\u0000${api.label}\u0000${api.imageUrl ?? ""}\u0000${api.installed}`
    },
    [client, key]
  )
  const shown = useAirlockSelector(select)
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when what is shown changes
  const api = useMemo(() => walletButton({ client, target }), [client, key, shown])
  const connect = useCallback(async () => {
    setError(undefined)
    try {
      await api.connect()
    } catch (failure) {
      setError(failure)
    }
  }, [api])
  const buttonProps = useMemo(() => ({ ...api.getButtonProps(), onClick: () => void connect() }), [api, connect])
  return {
    status: api.status,
    label: api.label,
    imageUrl: api.imageUrl,
    installed: api.installed,
    error,
    connect,
    buttonProps
  }
}
