"use client"
import type { AirlockClient } from "airlock-kit"
// Docs: docs/react.md#provider
import { type ReactNode, useMemo, useRef } from "react"
import { ModalHost, type ModalPreload } from "./components/ModalHost.tsx"
import { AirlockContext, type AirlockContextValue } from "./internal/context.ts"

/** Props of {@link AirlockProvider}. */
export interface AirlockProviderProps {
  /** The client from `createAirlock(…)` (or `createTestAirlock()` in tests). */
  readonly client: AirlockClient
  readonly children?: ReactNode
  /**
   * Render Airlock's modal. Turn off when drawing your own UI from the hooks and `airlock-kit/anatomy` getters.
   * @default true
   */
  readonly modal?: boolean
  /**
   * When to fetch the modal's code before the first open: on idle, or only on a button's hover / focus / press.
   * @default "idle"
   */
  readonly preload?: ModalPreload
}

/**
 * Makes an Airlock client available to the hooks and buttons below it, and renders the modal (loaded on demand).
 *
 * @example
 * ```tsx
 * import { createAirlock } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * import { AirlockProvider, ConnectButton } from "airlock-kit/react"
 * import "airlock-kit/react/styles.css"
 *
 * const api = "https://api.example" // your wallet and blockchain API, or `npm start`'s sandbox
 * const airlock = createAirlock({ projectId: "…", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * export const App = () => (
 *   <AirlockProvider client={airlock}>
 *     <ConnectButton />
 *   </AirlockProvider>
 * )
 * ```
 */
export const AirlockProvider = ({ client, children, modal = true, preload = "idle" }: AirlockProviderProps) => {
  const returnFocus = useRef<HTMLElement | null>(null)
  const value = useMemo<AirlockContextValue>(() => ({ client, returnFocus }), [client])
  return (
    <AirlockContext value={value}>
      {children}
      {modal ? <ModalHost preload={preload} /> : null}
    </AirlockContext>
  )
}
