"use client"
// Bundler hints, no names (see ../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../../core/client/lazy.ts"
import { type AirlockState, connectDialog, isViewEnabled } from "airlock-kit"
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react"
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
import { Warmup } from "./Warmup.tsx"

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

  // Once, when the browser is idle while the modal is closed: draw the open card hidden, so that the first open is not
  // the first run of its code (see Warmup). An open before that makes it needless.
  const [warming, setWarming] = useState(false)
  const warmed = useRef(false)
  useEffect(() => {
    if (warmed.current) return
    if (modal.open) {
      warmed.current = true
      return
    }
    return onIdle(() => {
      warmed.current = true
      setWarming(true)
      // The adapters' code too: a first open that evaluates it (the WalletConnect SDK is the largest) misses frames.
      client.preload().catch(() => undefined)
    })
  }, [modal.open, client])
  const warmedUp = useCallback(() => setWarming(false), [])

  // Wallet images load before the modal opens (this chunk is fetched on idle, or on the buttons' hover, focus or
  // pointer down), so its first frame shows icons, not empty squares; each is fetched once into the image cache.
  const images = useAirlockSelector(selectFirstWalletImages)
  useEffect(
    () => (images === "" ? undefined : onIdle(() => prefetchImages(images.split("\n"), PREFETCHED_WALLET_IMAGES))),
    [images]
  )

  const View = viewComponent(modal.view)

  return (
    <>
      <dialog
        ref={ref}
        {...normalizeProps(api.getDialogProps())}
        className="airlock-modal"
        data-airlock=""
        data-theme={mode}
      >
        {modal.open ? (
          <div className={shake ? "airlock-card airlock-shake" : "airlock-card"} data-shake={shake}>
            <Header dialog={api} immediate={immediate} />
            <ViewStage view={modal.view} transition={modal.transition} immediate={immediate} dialog={api}>
              <Suspense fallback={<div className="airlock-view-loading" aria-busy="true" />}>
                <View id={id} />
              </Suspense>
            </ViewStage>
            <AlertBanner alert={alert} />
            <Snack snack={snack} />
          </div>
        ) : null}
      </dialog>
      {warming && !modal.open ? <Warmup immediate={immediate} onDone={warmedUp} /> : null}
    </>
  )
}
