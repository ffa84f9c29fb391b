"use client"
import {
  type MouseEvent,
  type PointerEvent,
  Suspense,
  type SyntheticEvent,
  useEffect,
  useId,
  useMemo,
  useRef
} from "react"
import { getDialogProps } from "../../../core/anatomy/dialog.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import { useThemeVariables } from "../theme/useThemeVariables.ts"
import { AlertBanner } from "./AlertBanner.tsx"
import { Header } from "./Header.tsx"
import { Snack } from "./Snack.tsx"
import { focusableIn, trapTab, useDialog } from "./useDialog.ts"
import { ViewStage } from "./ViewStage.tsx"
import { preloadView, viewComponent } from "./views.ts"

const selectModal = (state: AirlockState) => state.modal
const selectShake = (state: AirlockState) => state.shake
const selectSnack = (state: AirlockState) => state.snack
const selectAlert = (state: AirlockState) => state.alert
const selectConnected = (state: AirlockState) =>
  Object.values(state.accounts).some((account) => account.status === "connected")

const prefersReducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches

/** Whether a pointer event on the dialog element fell outside its box, i.e. on the `::backdrop`. */
const onBackdrop = (event: MouseEvent<HTMLDialogElement>): boolean => {
  const rect = event.currentTarget.getBoundingClientRect()
  return (
    event.clientX < rect.left || event.clientX > rect.right || event.clientY < rect.top || event.clientY > rect.bottom
  )
}

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
  const ref = useRef<HTMLDialogElement>(null)
  const mode = useThemeVariables(ref)
  const id = `airlock${useId().replace(/[^A-Za-z0-9_-]/g, "")}`
  const immediate = useMemo(prefersReducedMotion, [])
  const closedByCore = useDialog(ref, modal.open)

  // A connected user's open shows Account: fetch its chunk as soon as that is the case, so the open stays one frame.
  const connected = useAirlockSelector(selectConnected)
  // A disconnected user picks a wallet next: fetch the view the wallet rows lead to meanwhile.
  useEffect(() => {
    preloadView(connected ? "Account" : "ConnectingExternal")
  }, [connected])

  // A view change can remove the focused button (e.g. "All Wallets"); keep focus inside the dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is the trigger, not an input
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null || !modal.open || dialog.contains(document.activeElement)) return
    focusableIn(dialog)[0]?.focus()
  }, [modal.open, modal.view])

  // Escape: core closes (and resets the stack); the dialog follows core's state.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault()
    client.close().catch(() => undefined)
  }
  // The browser may still close the dialog itself (a repeated Escape); tell core, and show the dialog again if core
  // keeps it open (closing is refused on a required sign-in). The close event of core's own close is not that, even
  // when core has opened the modal again before the event arrived (`close()` then `open()` in one go).
  const onClose = () => {
    if (closedByCore() || !client.getState().modal.open) return
    client
      .close()
      .catch(() => undefined)
      .finally(() => {
        const dialog = ref.current
        if (dialog !== null && !dialog.open && client.getState().modal.open) dialog.showModal()
      })
  }
  // Only a press that starts AND ends on the backdrop closes: selecting text inside the card and releasing the
  // pointer outside it must not.
  const pressedOnBackdrop = useRef(false)
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget && onBackdrop(event)
  }
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const started = pressedOnBackdrop.current
    pressedOnBackdrop.current = false
    if (started && event.target === event.currentTarget && onBackdrop(event)) client.close().catch(() => undefined)
  }
  const View = viewComponent(modal.view)

  return (
    <dialog
      ref={ref}
      {...normalizeProps(getDialogProps({ id, modal }))}
      className="airlock-modal"
      data-airlock=""
      data-theme={mode}
      onCancel={onCancel}
      onClose={onClose}
      onPointerDown={onPointerDown}
      onClick={onClick}
      onKeyDown={(event) => {
        if (ref.current !== null) trapTab(event, ref.current)
      }}
    >
      {modal.open ? (
        <div className={shake ? "airlock-card airlock-shake" : "airlock-card"} data-shake={shake}>
          <Header id={id} modal={modal} immediate={immediate} />
          <ViewStage view={modal.view} transition={modal.transition} immediate={immediate}>
            <Suspense fallback={<div className="airlock-view-loading" aria-busy="true" />}>
              <View id={id} />
            </Suspense>
          </ViewStage>
          <AlertBanner alert={alert} />
          <Snack snack={snack} />
        </div>
      ) : null}
    </dialog>
  )
}
