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
  ConnectingWalletConnect: () =>
    import("../views/ConnectingWalletConnect.tsx").then((m) => ({ default: m.ConnectingWalletConnect })),
  ConnectingWalletConnectBasic: () =>
    import("../views/ConnectingWalletConnect.tsx").then((m) => ({ default: m.ConnectingWalletConnectBasic })),
  ApproveTransaction: () => import("../views/ApproveTransaction.tsx").then((m) => ({ default: m.ApproveTransaction })),
  ConnectingSocial: () => import("../views/ConnectingSocial.tsx").then((m) => ({ default: m.ConnectingSocial })),
  ConnectingFarcaster: () =>
    import("../views/ConnectingFarcaster.tsx").then((m) => ({ default: m.ConnectingFarcaster })),
  EmailLogin: () => import("../views/EmailLogin.tsx").then((m) => ({ default: m.EmailLogin })),
  EmailVerifyOtp: () => import("../views/EmailLogin.tsx").then((m) => ({ default: m.EmailVerifyOtp })),
  EmailVerifyDevice: () => import("../views/EmailLogin.tsx").then((m) => ({ default: m.EmailVerifyDevice })),
  UpdateEmailWallet: () => import("../views/UpdateEmail.tsx").then((m) => ({ default: m.UpdateEmailWallet })),
  UpdateEmailPrimaryOtp: () => import("../views/UpdateEmail.tsx").then((m) => ({ default: m.UpdateEmailPrimaryOtp })),
  UpdateEmailSecondaryOtp: () =>
    import("../views/UpdateEmail.tsx").then((m) => ({ default: m.UpdateEmailSecondaryOtp })),
  Networks: () => import("../views/Networks.tsx").then((m) => ({ default: m.Networks })),
  NftDetail: () => import("../views/NftDetail.tsx").then((m) => ({ default: m.NftDetail })),
  Receive: () => import("../views/Receive.tsx").then((m) => ({ default: m.Receive })),
  Send: () => import("../views/Send.tsx").then((m) => ({ default: m.Send })),
  SwitchNetwork: () => import("../views/SwitchNetwork.tsx").then((m) => ({ default: m.SwitchNetwork })),
  UnsupportedChain: () => import("../views/UnsupportedChain.tsx").then((m) => ({ default: m.UnsupportedChain }))
}
const unavailable = () => import("../views/Unavailable.tsx").then((m) => ({ default: m.Unavailable }))

const lazyViews = new Map<View, LazyExoticComponent<ComponentType<ViewProps>>>()
/** Views whose chunk has arrived: drawn directly, since a lazy component suspends once even when loaded. */
const loadedViews = new Map<View, ComponentType<ViewProps>>()

const load = (view: View): ViewModule =>
  (loaders[view] ?? unavailable)().then((module) => {
    loadedViews.set(view, module.default)
    return module
  })

/**
 * The component that draws `view`: Connect and every view whose chunk has loaded directly; any other lazily (render
 * it inside a `Suspense`). Drawing a loaded view directly matters: React holds a revealed Suspense boundary's content
 * back for 300 ms, which made choosing a wallet take a third of a second before its view showed.
 */
export const viewComponent = (
  view: View
): FunctionComponent<ViewProps> | ComponentType<ViewProps> | LazyExoticComponent<ComponentType<ViewProps>> => {
  if (view === "Connect") return Connect
  // One component per view for the page's life: a view drawn lazily once stays lazy (a resolved lazy component
  // does not suspend again), so a re-render never swaps the component and remounts the view.
  let component = lazyViews.get(view)
  if (component !== undefined) return component
  const loaded = loadedViews.get(view)
  if (loaded !== undefined) return loaded
  if (component === undefined) {
    component = lazy(() => load(view))
    lazyViews.set(view, component)
  }
  return component
}

/** Starts fetching a view's chunk ahead of its first show (e.g. Account while connected); failures retry on show. */
export const preloadView = (view: View): void => {
  load(view).catch(() => undefined)
}
