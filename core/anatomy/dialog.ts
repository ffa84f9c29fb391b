/**
 * The modal dialog's anatomy, zag-style: {@link connectDialog} turns the client into prop getters for the dialog and
 * its header (title, back, close) that carry their ids, roles and labels AND their handlers (Escape, backdrop press,
 * Tab trap, the buttons' clicks). A renderer spreads them; the DOM side that follows core's `open` flag is
 * `syncDialog` (syncDialog.ts). So a custom UI behaves as the React one, with no line copied from it.
 * @module
 */
import { type Messages, translate } from "../i18n/catalogue.ts"
import type { RouterState } from "../router/state.ts"
import { closeLocked, type SiwxState } from "../state/siwx.ts"
import { takeCloseMadeHere } from "./closeMarks.ts"
import { trapTab } from "./focus.ts"
import { getModalIds } from "./ids.ts"

/**
 * What the dialog's handlers need of the client: its state, `close` and `goBack`. An `AirlockClient` is one.
 *
 * @example
 * ```ts
 * import type { DialogClient } from "./dialog.ts"
 * const client: DialogClient = airlock
 * ```
 */
export interface DialogClient {
  getState(): { readonly modal: RouterState; readonly i18n: DialogLanguage; readonly siwx?: SiwxState }
  close(): Promise<unknown>
  goBack(): void
}

/** The language the dialog is drawn in: the state's `i18n` (its locale, direction and texts). */
export interface DialogLanguage {
  readonly locale: string
  readonly dir: "ltr" | "rtl"
  readonly messages: Messages
}

/**
 * The header title of `modal`'s view in `messages` (`title.<View>`: words a user expects, never the internal view
 * name); a wallet's own connecting view is titled with the wallet's name.
 *
 * @example
 * ```ts
 * import { en } from "../i18n/en/index.ts"
 * import { dialogTitle } from "./dialog.ts"
 * dialogTitle({ view: "AllWallets", data: {} }, en) // "All Wallets"
 * ```
 */
export const dialogTitle = (modal: Pick<RouterState, "view" | "data">, messages: Messages): string => {
  if (modal.view === "ConnectingExternal") {
    const name = modal.data.ConnectingExternal?.walletName
    if (name !== undefined && name.length > 0) return name
  }
  return translate(messages, `title.${modal.view}`)
}

/**
 * What {@link connectDialog} reads: the root id, the client, and the router state to draw.
 *
 * @example
 * ```ts
 * import type { DialogContext } from "./dialog.ts"
 * const ctx: DialogContext = { id: "airlock", client: airlock }
 * ```
 */
export interface DialogContext {
  /** Root id every part's id derives from; unique per page. */
  readonly id: string
  readonly client: DialogClient
  /**
   * The router state to draw. A renderer that selected it (React's `useSyncExternalStore`) passes what it renders.
   * @default client.getState().modal
   */
  readonly modal?: RouterState | undefined
  /**
   * The language to draw in. A renderer that selected it passes what it renders.
   * @default client.getState().i18n
   */
  readonly i18n?: DialogLanguage | undefined
}

/** `"open"` or `"closed"`: the `data-state` of the dialog. */
export type DialogState = "open" | "closed"

/**
 * The part of a DOM event the dialog's handlers read: a DOM `Event` has it, and so does React's synthetic event.
 *
 * @example
 * ```ts
 * import type { DialogEvent } from "./dialog.ts"
 * const event: DialogEvent = new Event("cancel")
 * ```
 */
export interface DialogEvent {
  readonly target: EventTarget | null
  readonly currentTarget: EventTarget | null
  preventDefault(): void
}

/**
 * A key event as the dialog's `onKeyDown` reads it.
 *
 * @example
 * ```ts
 * import type { DialogKeyboardEvent } from "./dialog.ts"
 * const event: DialogKeyboardEvent = new KeyboardEvent("keydown", { key: "Tab" })
 * ```
 */
export interface DialogKeyboardEvent extends DialogEvent {
  readonly key: string
  readonly shiftKey: boolean
}

/**
 * A pointer or click event as the dialog's backdrop handlers read it.
 *
 * @example
 * ```ts
 * import type { DialogPointerEvent } from "./dialog.ts"
 * const event: DialogPointerEvent = new MouseEvent("click", { clientX: 2, clientY: 2 })
 * ```
 */
export interface DialogPointerEvent extends DialogEvent {
  readonly clientX: number
  readonly clientY: number
}

/**
 * Whether the back button applies: there is a view below the current one.
 *
 * @example
 * ```ts
 * import { canGoBack } from "./dialog.ts"
 * import { initial, push } from "../router/state.ts"
 * canGoBack(initial) // false
 * canGoBack(push(initial, "AllWallets")) // true
 * ```
 */
export const canGoBack = (modal: RouterState): boolean => modal.history.length > 1

const isElement = (target: EventTarget | null): target is Element =>
  target !== null && typeof (target as Element).getBoundingClientRect === "function"

const isDialog = (target: EventTarget | null): target is HTMLDialogElement =>
  isElement(target) && typeof (target as HTMLDialogElement).showModal === "function"

/** Whether a press on the dialog element itself fell outside its box, i.e. on its `::backdrop`. */
const onBackdrop = (event: DialogPointerEvent): boolean => {
  const dialog = event.currentTarget
  if (!isElement(dialog) || event.target !== dialog) return false
  const box = dialog.getBoundingClientRect()
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
}

/** Dialogs whose current press started on the backdrop. */
const pressedOnBackdrop = new WeakSet<EventTarget>()

/**
 * The dialog's prop getters, with their handlers, over `ctx.client`: the dialog element (modal, named by its title;
 * Escape, a press on the backdrop and the browser closing it all close through the client; Tab stays inside), the
 * title (with the view's title text), and the back and close buttons (labelled in the state's language). Attributes carry their HTML names and handlers
 * are `on` + the DOM event's name (`onKeyDown` for `keydown`), each taking the DOM event or React's synthetic one:
 * React spreads them through its `normalizeProps`, a DOM renderer through `spreadProps`.
 *
 * @example
 * ```ts
 * import { connectDialog } from "./dialog.ts"
 * const api = connectDialog({ id: "airlock", client: airlock })
 * api.getCloseButtonProps()["aria-label"] // "Close"
 * api.getDialogProps()["aria-labelledby"] // "airlock-title"
 * ```
 */
export const connectDialog = (ctx: DialogContext) => {
  const { client } = ctx
  const modal = ctx.modal ?? client.getState().modal
  const i18n = ctx.i18n ?? client.getState().i18n
  const ids = getModalIds(ctx.id)
  const back = canGoBack(modal)
  // A refused close (a required sign-in) or one after `destroy()` rejects; the dialog then simply stays as core says.
  const close = (): void => {
    client.close().catch(() => undefined)
  }

  return {
    /** Whether core shows the modal: what `syncDialog` takes. */
    open: modal.open,
    /** Whether there is a view to go back to. */
    canGoBack: back,
    /** The header title of the view shown, in the dialog's language ({@link dialogTitle}). */
    title: dialogTitle(modal, i18n.messages),

    /** Props of the `<dialog>` element. */
    getDialogProps: () => ({
      id: ids.dialog,
      role: "dialog" as const,
      "aria-modal": "true" as const,
      "aria-labelledby": ids.title,
      "data-scope": "dialog",
      "data-part": "dialog",
      "data-state": (modal.open ? "open" : "closed") as DialogState,
      "data-view": modal.view,
      "data-transition": modal.transition,
      /** The dialog is read in the state's language, and mirrors for a right-to-left one. */
      dir: i18n.dir,
      lang: i18n.locale,
      /** Tab and Shift+Tab cycle inside the dialog. */
      onKeyDown: (event: DialogKeyboardEvent): void => {
        if (isElement(event.currentTarget)) trapTab(event, event.currentTarget)
      },
      /** Escape: core closes (and resets the stack); the dialog follows core's state. */
      onCancel: (event: DialogEvent): void => {
        event.preventDefault()
        close()
      },
      /**
       * The browser may still close the dialog itself (a repeated Escape): tell core, and show the dialog again if
       * core keeps it open. The close event of `syncDialog`'s own close is not that, even when core has opened the
       * modal again before the event arrived (`close()` then `open()` in one go).
       */
      onClose: (event: DialogEvent): void => {
        const dialog = event.currentTarget
        if (!isDialog(dialog) || takeCloseMadeHere(dialog) || !client.getState().modal.open) return
        client
          .close()
          .catch(() => undefined)
          .finally(() => {
            if (!dialog.open && client.getState().modal.open) dialog.showModal()
          })
      },
      /** Only a press that starts AND ends on the backdrop closes: a text selection released outside must not. */
      onPointerDown: (event: DialogPointerEvent): void => {
        if (event.currentTarget === null) return
        if (onBackdrop(event)) pressedOnBackdrop.add(event.currentTarget)
        else pressedOnBackdrop.delete(event.currentTarget)
      },
      onClick: (event: DialogPointerEvent): void => {
        if (event.currentTarget === null) return
        const started = pressedOnBackdrop.delete(event.currentTarget)
        if (started && onBackdrop(event)) close()
      }
    }),

    /** Props of the header title (the current view's name): the dialog's accessible name. */
    getTitleProps: () => ({
      id: ids.title,
      "data-scope": "dialog",
      "data-part": "title",
      "data-view": modal.view
    }),

    /**
     * Props of the element that holds the current view: where `syncViewFocus` looks for the view's controls, and where
     * the focus waits (`tabindex="-1"`, out of the Tab order) while a view is still loading.
     */
    getBodyProps: () => ({
      id: ids.body,
      tabindex: -1,
      "data-scope": "dialog",
      "data-part": "body",
      "data-view": modal.view
    }),

    /**
     * Props of the close button: an icon button labelled `common.close` ("Close"); a click closes through the client.
     * `hidden` while the modal may not close (a required sign-in without a session, SPEC §4).
     */
    getCloseButtonProps: () => ({
      id: ids.closeButton,
      type: "button" as const,
      "aria-label": translate(i18n.messages, "common.close"),
      hidden: ((siwx) => siwx !== undefined && closeLocked(siwx, modal.view))(client.getState().siwx),
      "data-scope": "dialog",
      "data-part": "close-button",
      onClick: close
    }),

    /**
     * Props of the back button, labelled `common.back` ("Back"): `hidden` (out of the page and the tab order) while there is no view
     * to go back to, which `data-state` says too; a click goes back through the client.
     */
    getBackButtonProps: () => ({
      id: ids.backButton,
      type: "button" as const,
      "aria-label": translate(i18n.messages, "common.back"),
      "data-scope": "dialog",
      "data-part": "back-button",
      "data-state": back ? ("visible" as const) : ("hidden" as const),
      hidden: !back,
      onClick: (): void => client.goBack()
    })
  }
}

/**
 * What {@link connectDialog} returns.
 *
 * @example
 * ```ts
 * import { connectDialog, type DialogApi } from "./dialog.ts"
 * const api: DialogApi = connectDialog({ id: "airlock", client: airlock })
 * ```
 */
export type DialogApi = ReturnType<typeof connectDialog>
