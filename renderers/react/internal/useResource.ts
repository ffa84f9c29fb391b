"use client"
import {
  type AirlockClient,
  type AirlockState,
  type ChainNamespace,
  connectedResourceKey,
  type resourceLifetimes
} from "airlock-kit"
import { useCallback, useEffect } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"

/**
 * What the account-data hooks share: the view `select` gives for `namespace`, and `load` called whenever the
 * resource's key changes (another account or network), which answers from the state while the data is fresh.
 * `select` and `load` must be stable (module-level functions).
 */
export const useResource = <V>(
  kind: keyof typeof resourceLifetimes,
  select: (state: AirlockState, namespace?: ChainNamespace) => V,
  load: (client: AirlockClient, namespace: ChainNamespace | undefined) => Promise<void>,
  namespace: ChainNamespace | undefined
): { readonly client: AirlockClient; readonly view: V } => {
  const client = useAirlock()
  const view = useAirlockSelector(useCallback((state: AirlockState) => select(state, namespace), [select, namespace]))
  const key = useAirlockSelector(
    useCallback((state: AirlockState) => connectedResourceKey(state, kind, namespace), [kind, namespace])
  )
  useEffect(() => {
    if (key !== "") void load(client, namespace)
  }, [client, namespace, key, load])
  return { client, view }
}
