"use client"
import type { AirlockClient } from "airlock-kit"
// Docs: docs/react.md#hooks
import { useContext } from "react"
import { AirlockContext } from "../internal/context.ts"

/**
 * The {@link AirlockClient} of the nearest `<AirlockProvider>`, for actions (`open`, `close`, `switchNetwork`, …).
 *
 * @example
 * ```tsx
 * import { useAirlock } from "airlock-kit/react"
 * const OpenSwap = () => {
 *   const airlock = useAirlock()
 *   return <button type="button" onClick={() => airlock.open({ view: "Swap" })}>Swap</button>
 * }
 * ```
 */
export const useAirlock = (): AirlockClient => {
  const context = useContext(AirlockContext)
  if (context === null) throw new Error("useAirlock must be used inside <AirlockProvider>.")
  return context.client
}
