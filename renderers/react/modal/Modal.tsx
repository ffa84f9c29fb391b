"use client"
// Bundler hints, no names (see ../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../../core/client/lazy.ts"
import { type AirlockState, connectDialog, isViewEnabled, type RouterState } from "airlock-kit"
import { Suspense, useEffect, useId, useMemo, useRef, useState } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { prefetchImages } from "../internal/imageCache.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import { onIdle } from "../internal/onIdle.ts"
import { useThemeVariables } from "../theme/useThemeVariables.ts"
import { AlertBanner } from "./AlertBanner.tsx"
import { Header } from "./Header.tsx"
import { Snack } from "./Snack.tsx"
import { useDialog } from "./useDialog.ts"
import { ViewStage } from "./ViewStage.tsx"
import { preloadView, viewComponent } from "./views.ts"

const selectModal = (state: AirlockState) => state.modal
const selectShake = (state: AirlockState) => state.shake
const selectSnack = (state: AirlockState) => state.snack
const selectAlert = (state: AirlockState) => state.alert
const selectI18n = (state: AirlockState) => state.i18n
const selectSignIn = (state: AirlockState) => state.siwx.status !== "disabled"
/** Account shows, with its Buy and Swap buttons when their features are on: either may be next. */
const selectAccountNext = (state: AirlockState): string => {
  if (!state.modal.open || state.modal.view !== "Account") return ""
  const namespace = state.activeNamespace
  const buy = (namespace === "eip155" || namespace === "solana") && isViewEnabled("Onramp", state.features)
  const swap = namespace === "eip155" && isViewEnabled("Swap", state.features)
  return `${buy ? "Onramp" : ""} ${swap ? "Swap" : ""}`
}
const selectConnected = (state: AirlockState) =>
  Object.values(state.accounts).some((account) => account.status === "connected")

/** SPEC §9: the first 20 wallet images are fetched ahead of the first open. */
const PREFETCHED_WALLET_IMAGES = 20

/** The wallet images the Connect view draws first (recent, featured, recommended, then All Wallets), one string. */
const selectFirstWalletImages = (state: AirlockState): string => {
  const { recent, featured, recommended, all } = state.wallets
  const urls = new Set<string>()
  for (const wallet of [...recent, ...featured, ...recommended, ...all.slice(0, PREFETCHED_WALLET_IMAGES)]) {
    const src = safeImageSrc(wallet.image_url)
    if (src !== undefined) urls.add(src)
    if (urls.size === PREFETCHED_WALLET_IMAGES) break
  }
  return [...urls].join("\n")
}

/** What a disconnected user's open shows: the view of the card drawn ahead of it. */
const openOnConnect: RouterState = { open: true, view: "Connect", history: ["Connect"], data: {}, transition: "next" }

const prefersReducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches

/**
 * The modal shell: a native `<dialog>` (top layer, inert page, Escape) with the header, the current view, alerts and
 * the snack. Every change goes through the client, so core's state stays the single source of truth.
 */
export const Modal = () => {
  const client = useAirlock()
  const modal = useAirlockSelector(selectModal)
  const shake = useAirlockSelector(selectShake)
  const snack = useAirlockSelector(selectSnack)
  const alert = useAirlockSelector(selectAlert)
  const i18n = useAirlockSelector(selectI18n)
  const ref = useRef<HTMLDialogElement>(null)
  const mode = useThemeVariables(ref)
  const id = `airlock${useId().replace(/[^A-Za-z0-9_-]/g, "")}`
  const immediate = useMemo(prefersReducedMotion, [])
  const api = connectDialog({ id, client, modal, i18n })
  useDialog(ref, modal)

  // A connected user's open shows Account: fetch its chunk as soon as that is the case, so the open stays one frame.
  const connected = useAirlockSelector(selectConnected)
  // A disconnected user picks a wallet next: fetch the view the wallet rows lead to meanwhile.
  useEffect(() => {
    preloadView(connected ? "Account" : "ConnectingExternal")
  }, [connected])
  // With sign-in on, its view shows right after a connection: fetch it meanwhile.
  const signIn = useAirlockSelector(selectSignIn)
  useEffect(() => {
    if (signIn) preloadView("SIWXSignMessage")
  }, [signIn])
  // On Account: fetch the chunks of its Buy and Swap buttons while the user looks.
  const accountNext = useAirlockSelector(selectAccountNext)
  useEffect(() => {
    if (accountNext.includes("Onramp")) preloadView("Onramp")
    if (accountNext.includes("Swap")) preloadView("Swap")
  }, [accountNext])

  // Once idle, the adapters' code too: a first open that evaluates it (the WalletConnect SDK is the largest) misses
  // frames. An open before that loads what it needs itself.
  const preloaded = useRef(false)
  useEffect(() => {
    if (preloaded.current) return
    if (modal.open) {
      preloaded.current = true
      return
    }
    return onIdle(() => {
      preloaded.current = true
      client.preload().catch(() => undefined)
    })
  }, [modal.open, client])

  // A disconnected user's next open, drawn ahead: once the browser is idle, the Connect card is rendered and laid out
  // in the closed dialog, unseen (`data-prepared`, see the stylesheet). The open then only shows it: no first render,
  // no first style and layout of the card in the click. Each open gets a fresh card, as before: the one used goes when
  // the modal closes (or opens on another view) and the next is drawn on the next idle.
  const [card, setCard] = useState({ key: 0, ready: false })
  const [wasOpen, setWasOpen] = useState(modal.open)
  if (wasOpen !== modal.open) {
    setWasOpen(modal.open)
    if (!modal.open || modal.view !== openOnConnect.view) setCard({ key: card.key + 1, ready: false })
  }
  useEffect(() => {
    if (modal.open || card.ready || connected) return
    return onIdle(() => setCard((current) => ({ ...current, ready: true })))
  }, [modal.open, card.ready, connected])
  const drawn = modal.open || (card.ready && !connected)
  const shown = modal.open ? modal : openOnConnect
  const cardApi = modal.open ? api : connectDialog({ id, client, modal: openOnConnect, i18n })

  // Wallet images load before the modal opens (this chunk is fetched on idle, or on the buttons' hover, focus or
  // pointer down), so its first frame shows icons, not empty squares; each is fetched once into the image cache.
  const images = useAirlockSelector(selectFirstWalletImages)
  useEffect(
    () => (images === "" ? undefined : onIdle(() => prefetchImages(images.split("\n"), PREFETCHED_WALLET_IMAGES))),
    [images]
  )

  const View = viewComponent(shown.view)
  // The same element while the view stays: a view reads the state it draws itself, so the modal's own changes (the
  // open of a card drawn ahead, a snack, an alert, a shake) do not draw it again.
  const view = useMemo(() => <View id={id} />, [View, id])

  return (
    <dialog
      ref={ref}
      {...normalizeProps(api.getDialogProps())}
      className="airlock-modal"
      data-airlock=""
      data-theme={mode}
      data-prepared={drawn ? "" : undefined}
    >
      {drawn ? (
        <div key={card.key} className={shake ? "airlock-card airlock-shake" : "airlock-card"} data-shake={shake}>
          <Header dialog={cardApi} immediate={immediate} />
          <ViewStage view={shown.view} transition={shown.transition} immediate={immediate} dialog={cardApi}>
            <Suspense fallback={<div className="airlock-view-loading" aria-busy="true" />}>{view}</Suspense>
          </ViewStage>
          <AlertBanner alert={alert} />
          <Snack snack={snack} />
        </div>
      ) : null}
    </dialog>
  )
}
