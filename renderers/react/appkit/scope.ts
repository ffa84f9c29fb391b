"use client"
import type { AirlockClient, AirlockState } from "airlock-kit"
import type { AppKit } from "airlock-kit/appkit"
import { useCallback, useContext, useSyncExternalStore } from "react"
import { AirlockContext, type AirlockContextValue } from "../internal/context.ts"

/** The AppKit client `createAppKit` made last, and the context its modal and buttons share. */
interface Current {
  readonly appKit: AppKit
  readonly context: AirlockContextValue
}

let current: Current | undefined

/** Makes `appKit` the one AppKit's hooks read outside an `<AirlockProvider>` (AppKit apps have no provider). */
export const setCurrentAppKit = (appKit: AppKit): Current => {
  current = { appKit, context: { client: appKit.airlock, returnFocus: { current: null } } }
  return current
}

/** The context value the modal of the current AppKit client renders with. */
export const currentContext = (): AirlockContextValue | undefined => current?.context

/** The AppKit client `createAppKit` made; throws the same message as AppKit when there is none. */
export const getAppKit = (): AppKit => {
  if (current === undefined) throw new Error('Please call "createAppKit" before using AppKit hooks')
  return current.appKit
}

/** The Airlock client the hooks read: the nearest `<AirlockProvider>`'s, else `createAppKit`'s. */
export const useAppKitClient = (): AirlockClient => {
  const context = useContext(AirlockContext)
  return context?.client ?? getAppKit().airlock
}

/**
 * A selection of the state; `select` must return an equal reference for an equal value (the `selectAppKit…`
 * selectors keep them), so a component re-renders only when what it reads changed.
 */
export const useAppKitSelector = <A>(select: (state: AirlockState) => A): A => {
  const client = useAppKitClient()
  const subscribe = useCallback((onChange: () => void) => client.subscribe(() => onChange()), [client])
  const snapshot = useCallback(() => select(client.getState()), [client, select])
  const serverSnapshot = useCallback(() => select(client.getServerSnapshot()), [client, select])
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot)
}
