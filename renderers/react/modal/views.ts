import { type ComponentType, type FunctionComponent, type LazyExoticComponent, lazy } from "react"
import type { View } from "../../../core/router/views.ts"
import { Connect } from "../views/Connect.tsx"
import type { ViewProps } from "./ViewProps.ts"

export type { ViewProps } from "./ViewProps.ts"

type ViewModule = Promise<{ default: ComponentType<ViewProps> }>

/**
 * Every view but Connect is a chunk of its own, fetched when first shown (or preloaded). Connect ships with the modal
 * shell, so the first open draws at once; views not built yet share one small notice chunk.
 */
const loaders: Partial<Record<View, () => ViewModule>> = {
  Account: () => import("../views/Account.tsx").then((m) => ({ default: m.Account })),
  AllWallets: () => import("../views/AllWallets.tsx").then((m) => ({ default: m.AllWallets })),
  ConnectingExternal: () => import("../views/ConnectingExternal.tsx").then((m) => ({ default: m.ConnectingExternal })),
  Networks: () => import("../views/Networks.tsx").then((m) => ({ default: m.Networks })),
  SwitchNetwork: () => import("../views/SwitchNetwork.tsx").then((m) => ({ default: m.SwitchNetwork })),
  UnsupportedChain: () => import("../views/UnsupportedChain.tsx").then((m) => ({ default: m.UnsupportedChain }))
}
const unavailable = () => import("../views/Unavailable.tsx").then((m) => ({ default: m.Unavailable }))

const lazyViews = new Map<View, LazyExoticComponent<ComponentType<ViewProps>>>()

/** The component that draws `view` (lazy for every view but Connect: render it inside a `Suspense`). */
export const viewComponent = (
  view: View
): FunctionComponent<ViewProps> | LazyExoticComponent<ComponentType<ViewProps>> => {
  if (view === "Connect") return Connect
  let component = lazyViews.get(view)
  if (component === undefined) {
    component = lazy(loaders[view] ?? unavailable)
    lazyViews.set(view, component)
  }
  return component
}

/** Starts fetching a view's chunk ahead of its first show (e.g. Account while connected); failures retry on show. */
export const preloadView = (view: View): void => {
  ;(loaders[view] ?? unavailable)().catch(() => undefined)
}
