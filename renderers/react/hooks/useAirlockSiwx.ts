"use client"
// Docs: docs/siwx.md
import { type AirlockState, requestSignIn, type SiwxState, signOut } from "airlock-kit"
import { useMemo } from "react"
import { useAirlock } from "./useAirlock.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** What {@link useAirlockSiwx} returns: `state.siwx` and the sign-in actions bound to the client. */
export interface UseAirlockSiwxReturnType extends SiwxState {
  /** Asks the wallet to sign in (as the sign view's button); rejects with 'Error signing message' on failure. */
  readonly signIn: () => Promise<void>
  /** Signs the account out on its network; the wallet stays connected. */
  readonly signOut: () => Promise<void>
}

const selectSiwx = (state: AirlockState) => state.siwx

/**
 * Sign in with the wallet, for a component: the status (`disabled`, `idle`, `checking`, `unauthenticated`,
 * `signing`, `authenticated`), the signed-in session, whether sign-in is required, and `signIn` / `signOut` (their
 * flows load on first use).
 *
 * @example
 * ```tsx
 * import { useAirlockSiwx } from "airlock-kit/react"
 * const SignedIn = () => {
 *   const { status, session } = useAirlockSiwx()
 *   return <p>{status === "authenticated" ? `Signed in as ${session?.address}` : "Not signed in"}</p>
 * }
 * ```
 */
export const useAirlockSiwx = (): UseAirlockSiwxReturnType => {
  const client = useAirlock()
  const siwx = useAirlockSelector(selectSiwx)
  return useMemo(
    () => ({
      ...siwx,
      signIn: () => requestSignIn(client).then(() => undefined),
      signOut: () => signOut(client)
    }),
    [client, siwx]
  )
}
