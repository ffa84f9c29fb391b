import type { View } from "airlock-kit"
import { type ComponentType, type FunctionComponent, type LazyExoticComponent, lazy } from "react"
import { Connect } from "../views/Connect.tsx"
import { ConnectingExternal } from "../views/ConnectingExternal.tsx"
import { ConnectingWalletConnect, ConnectingWalletConnectBasic } from "../views/ConnectingWalletConnect.tsx"
import { Networks } from "../views/Networks.tsx"
import { SwitchNetwork } from "../views/SwitchNetwork.tsx"
import { Unavailable } from "../views/Unavailable.tsx"
import { UnsupportedChain } from "../views/UnsupportedChain.tsx"
import type { ViewProps } from "./ViewProps.ts"

export type { ViewProps } from "./ViewProps.ts"

type ViewModule = Promise<{ default: ComponentType<ViewProps> }>

/**
 * The views a first connection goes through ship with the modal shell, so they draw at once: Connect, a browser
 * wallet's and WalletConnect's connecting views, the network views, and the notice for views not built yet. The rest
 * come in groups fetched together when one of them is first shown (or preloaded): the connected user's views, the
 * embedded wallet's, and All Wallets (its virtualised grid) and Swap alone.
 */
const inModal: Partial<Record<View, ComponentType<ViewProps>>> = {
  Connect,
  ConnectingExternal,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  Networks,
  SwitchNetwork,
  UnsupportedChain
}
const account = () => import("../views/groups/account.ts")
const embedded = () => import("../views/groups/embedded.ts")
const siwx = () => import("../views/groups/siwx.ts")
const names = () => import("../views/groups/names.ts")
const onramp = () => import("../views/groups/onramp.ts")
const loaders: Partial<Record<View, () => ViewModule>> = {
  Account: () => account().then((m) => ({ default: m.Account })),
  NftDetail: () => account().then((m) => ({ default: m.NftDetail })),
  Receive: () => account().then((m) => ({ default: m.Receive })),
  Send: () => account().then((m) => ({ default: m.Send })),
  Swap: () => import("../views/groups/swap.ts").then((m) => ({ default: m.Swap })),
  Onramp: () => onramp().then((m) => ({ default: m.Onramp })),
  OnrampProviders: () => onramp().then((m) => ({ default: m.OnrampProviders })),
  OnrampBuyInProgress: () => onramp().then((m) => ({ default: m.OnrampBuyInProgress })),
  AllWallets: () => import("../views/groups/allWallets.ts").then((m) => ({ default: m.AllWallets })),
  ProfileWallets: () => import("../views/groups/profileWallets.ts").then((m) => ({ default: m.ProfileWallets })),
  RegisterAccountName: () => names().then((m) => ({ default: m.RegisterAccountName })),
  RegisterAccountNameSuccess: () => names().then((m) => ({ default: m.RegisterAccountNameSuccess })),
  SmartSessions: () => import("../views/groups/smartSessions.ts").then((m) => ({ default: m.SmartSessions })),
  SIWXSignMessage: () => siwx().then((m) => ({ default: m.SIWXSignMessage })),
  DataCapture: () => siwx().then((m) => ({ default: m.DataCapture })),
  DataCaptureOtpConfirm: () => siwx().then((m) => ({ default: m.DataCaptureOtpConfirm })),
  ApproveTransaction: () => embedded().then((m) => ({ default: m.ApproveTransaction })),
  ConnectingSocial: () => embedded().then((m) => ({ default: m.ConnectingSocial })),
  ConnectingFarcaster: () => embedded().then((m) => ({ default: m.ConnectingFarcaster })),
  EmailLogin: () => embedded().then((m) => ({ default: m.EmailLogin })),
  EmailVerifyOtp: () => embedded().then((m) => ({ default: m.EmailVerifyOtp })),
  EmailVerifyDevice: () => embedded().then((m) => ({ default: m.EmailVerifyDevice })),
  UpdateEmailWallet: () => embedded().then((m) => ({ default: m.UpdateEmailWallet })),
  UpdateEmailPrimaryOtp: () => embedded().then((m) => ({ default: m.UpdateEmailPrimaryOtp })),
  UpdateEmailSecondaryOtp: () => embedded().then((m) => ({ default: m.UpdateEmailSecondaryOtp }))
}

const lazyViews = new Map<View, LazyExoticComponent<ComponentType<ViewProps>>>()
/** Views whose chunk has arrived: drawn directly, since a lazy component suspends once even when loaded. */
const loadedViews = new Map<View, ComponentType<ViewProps>>()

const load = (view: View): ViewModule =>
  (loaders[view] ?? (async () => ({ default: inModal[view] ?? Unavailable })))().then((module) => {
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
  // In the modal's chunk, or a view not built yet (its notice).
  const shipped = inModal[view] ?? (loaders[view] === undefined ? Unavailable : undefined)
  if (shipped !== undefined) return shipped
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
