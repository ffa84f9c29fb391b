import type { AdaptersShape } from "../../adapter/Adapters.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"

/** A connection's listener is one per namespace: one connector (a WalletConnect session) may serve several. */
export const listenerKey = (namespace: ChainNamespace, connectorId: string) => `${namespace}/${connectorId}`

/** Stops following the events of `connectorId`'s connection in `namespace`, if they were followed. */
export const stopListening = (adapters: AdaptersShape, namespace: ChainNamespace, connectorId: string): void => {
  const key = listenerKey(namespace, connectorId)
  adapters.listeners.get(key)?.()
  adapters.listeners.delete(key)
}
