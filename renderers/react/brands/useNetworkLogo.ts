import { useEffect, useSyncExternalStore } from "react"
import type { Logo } from "./logo.ts"

// The network marks arrive as one chunk of data (./networkLogos.ts), the first time a network without an image is
// drawn: the NetworkButton of a page's first load, and the modal, stay without them.
let logos: Readonly<Record<string, Logo>> | undefined
let pending: Promise<void> | undefined
const listeners = new Set<() => void>()

/** Starts fetching the network marks, once; a failed fetch (a flaky network) is tried again on the next draw. */
export const loadNetworkLogos = (): Promise<void> => {
  pending ??= import("./networkLogos.ts").then(
    (module) => {
      logos = module.networkLogos
      for (const listener of [...listeners]) listener()
    },
    () => {
      pending = undefined
    }
  )
  return pending
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
const getLogos = () => logos
const getServerLogos = () => undefined

/**
 * The mark of the network `caipNetworkId` (`undefined` skips it): `undefined` while the marks are on their way, or
 * when Airlock has none for that network; `null` once known to have none.
 */
export const useNetworkLogo = (caipNetworkId: string | undefined): Logo | null | undefined => {
  const loaded = useSyncExternalStore(subscribe, getLogos, getServerLogos)
  useEffect(() => {
    if (caipNetworkId !== undefined && logos === undefined) void loadNetworkLogos()
  }, [caipNetworkId])
  if (caipNetworkId === undefined || loaded === undefined) return undefined
  return Object.hasOwn(loaded, caipNetworkId) ? (loaded[caipNetworkId] ?? null) : null
}
