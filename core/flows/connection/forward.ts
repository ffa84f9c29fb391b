import * as Effect from "effect/Effect"
import { classifyRpcMethod } from "../../rules/rpcMethods.ts"
import { walletLink, walletLinkTarget } from "../../rules/walletLinks.ts"
import type { WalletListing } from "../../schema/wallet.ts"
import { Platform } from "../../services/Platform.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"

/**
 * After a WalletConnect connection on a phone, remembers how to bring the chosen wallet forward (its app link, or its
 * web app), in the state and in storage for the next visit, so signing requests can open it (SPEC §4 linking).
 */
export const rememberLinking = (chosen: WalletListing | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const storage = yield* Storage
    const state = store.getSnapshot()
    const linking =
      chosen === undefined || !state.isMobile ? undefined : (walletLink(chosen, "mobile") ?? walletLink(chosen, "web"))
    store.update((s) => ({ ...s, walletConnect: { ...s.walletConnect, linking } }))
    if (linking === undefined) yield* storage.remove(StorageKeys.walletConnectLinking)
    else yield* storage.set(StorageKeys.walletConnectLinking, linking)
  })

/**
 * On a phone, a request the WalletConnect wallet must approve (signing, sending) brings that wallet forward: its
 * remembered link opens (SPEC §4 linking). Reads and other connectors open nothing.
 */
export const bringWalletForward = (method: string, connectorId: string) =>
  Effect.gen(function* () {
    const state = (yield* StateStore).getSnapshot()
    const { linking } = state.walletConnect
    if (linking === undefined || classifyRpcMethod(method) !== "unsafe") return
    if (state.connectors.find((c) => c.id === connectorId)?.type !== "WALLET_CONNECT") return
    ;(yield* Platform).open(linking.href, walletLinkTarget(linking.href), "noreferrer noopener")
  })

/**
 * The provider with its `request` preceded by `forward(method)` (a failure there never stops the request); every other
 * member is the provider's own, bound to it. Anything without a `request` method is returned as it is. One wrapper per
 * provider, so an app that asks twice gets the same object (wagmi and viem compare providers).
 */
const forwarded = new WeakMap<object, object>()

export const withWalletForward = (provider: unknown, forward: (method: string) => Promise<void>): unknown => {
  if (typeof provider !== "object" || provider === null) return provider
  const target = provider as { request?: unknown }
  if (typeof target.request !== "function") return provider
  const known = forwarded.get(target)
  if (known !== undefined) return known
  const request = target.request as (args: { readonly method: string }) => Promise<unknown>
  const wrapped = new Proxy(target, {
    get: (object, key, receiver) => {
      if (key === "request") {
        return async (args: { readonly method: string }) => {
          await forward(args?.method ?? "").catch(() => undefined)
          return request.call(object, args)
        }
      }
      const value: unknown = Reflect.get(object, key, receiver)
      return typeof value === "function" ? (value as (...a: Array<unknown>) => unknown).bind(object) : value
    }
  })
  forwarded.set(target, wrapped)
  return wrapped
}
