import { describe, expect, test } from "vitest"
import { connectDialog } from "../../../core/anatomy/dialog.ts"
import { trapTab } from "../../../core/anatomy/focus.ts"
import { lockScroll } from "../../../core/anatomy/scrollLock.ts"
import { syncDialog } from "../../../core/anatomy/syncDialog.ts"
import { en as english } from "../../../core/i18n/locales/en.ts"
import { initial, push, type RouterState } from "../../../core/router/state.ts"
import { type FakeDialog, FakeElement, page } from "./fakeDom.ts"

/** A client whose modal is `modal`; `close` resolves and closes it unless `refuse` (a required sign-in). */
const fakeClient = (modal: RouterState, { refuse = false } = {}) => {
  const calls: string[] = []
  let state = { modal, i18n: english }
  return {
    calls,
    set: (next: RouterState) => {
      state = { modal: next, i18n: english }
    },
    client: {
      getState: () => state,
      close: async () => {
        calls.push("close")
        if (!refuse) state = { ...state, modal: { ...state.modal, open: false } }
      },
      goBack: () => {
        calls.push("goBack")
      }
    }
  }
}

const open: RouterState = { ...initial, open: true }

/** A DOM-like event on `currentTarget` with `fields`, recording whether its default was prevented. */
const event = <E extends object>(currentTarget: FakeElement, fields: E) => {
  const recorded = { prevented: false }
  const base = {
    target: currentTarget as unknown as EventTarget,
    currentTarget: currentTarget as unknown as EventTarget,
    preventDefault: () => {
      recorded.prevented = true
    }
  }
  return Object.assign(recorded, base, fields)
}

const asDialog = (dialog: FakeDialog) => dialog as unknown as HTMLDialogElement

describe("the dialog's handlers, from core", () => {
  test("Escape (the dialog's cancel event) closes through the client instead of letting the browser close it", () => {
    const { client, calls } = fakeClient(open)
    const { dialog } = page(["close"])
    const cancel = event(dialog, {})
    connectDialog({ id: "airlock", client }).getDialogProps().onCancel(cancel)
    expect(cancel.prevented).toBe(true)
    expect(calls).toEqual(["close"])
  })

  test("the Close button closes and the Back button goes back, through the client", () => {
    const { client, calls } = fakeClient({ ...push(open, "AllWallets"), open: true })
    const api = connectDialog({ id: "airlock", client })
    api.getCloseButtonProps().onClick()
    api.getBackButtonProps().onClick()
    expect(calls).toEqual(["close", "goBack"])
  })

  test("a refused close (after destroy) leaves no unhandled rejection", async () => {
    const client = {
      getState: () => ({ modal: open, i18n: english }),
      close: () => Promise.reject(new Error("destroyed")),
      goBack() {}
    }
    const rejections: unknown[] = []
    const record = (reason: unknown) => rejections.push(reason)
    process.on("unhandledRejection", record)
    connectDialog({ id: "airlock", client }).getCloseButtonProps().onClick()
    await new Promise((resolve) => setImmediate(resolve))
    process.off("unhandledRejection", record)
    expect(rejections).toEqual([])
  })

  test("the getters draw the state given, or the client's when none is", () => {
    const { client } = fakeClient({ ...push(open, "AllWallets"), open: true })
    expect(connectDialog({ id: "a", client }).getBackButtonProps().hidden).toBe(false)
    expect(connectDialog({ id: "a", client, modal: open }).getBackButtonProps().hidden).toBe(true)
    expect(connectDialog({ id: "a", client, modal: initial })).toMatchObject({ open: false, canGoBack: false })
  })
})

describe("the backdrop press", () => {
  // The dialog's box is 100..460 x 100..500: (2, 2) is on the backdrop, (200, 200) on the card.
  const press = (down: { target: "dialog" | "card"; at: [number, number] } | null, up: typeof down) => {
    const { client, calls } = fakeClient(open)
    const { dialog, inside } = page(["card"])
    const props = connectDialog({ id: "airlock", client }).getDialogProps()
    const target = (which: "dialog" | "card") => (which === "dialog" ? dialog : (inside.card as FakeElement))
    const fields = (p: NonNullable<typeof down>) => ({
      target: target(p.target) as unknown as EventTarget,
      clientX: p.at[0],
      clientY: p.at[1]
    })
    if (down !== null) props.onPointerDown(event(dialog, fields(down)))
    if (up !== null) props.onClick(event(dialog, fields(up)))
    return calls
  }

  test("a press that starts and ends on the backdrop closes", () => {
    expect(press({ target: "dialog", at: [2, 2] }, { target: "dialog", at: [2, 2] })).toEqual(["close"])
  })

  test("a press that starts inside the card and ends on the backdrop (a text selection) does not", () => {
    expect(press({ target: "card", at: [200, 200] }, { target: "dialog", at: [2, 2] })).toEqual([])
  })

  test("a press that starts on the backdrop and ends inside the card does not", () => {
    expect(press({ target: "dialog", at: [2, 2] }, { target: "card", at: [200, 200] })).toEqual([])
  })

  test("a click on the dialog's own box (its padding), or a click with no press before it, does not", () => {
    expect(press({ target: "dialog", at: [101, 101] }, { target: "dialog", at: [101, 101] })).toEqual([])
    expect(press(null, { target: "dialog", at: [2, 2] })).toEqual([])
  })

  test("each press is judged on its own: a backdrop press, then a press from the card, closes once", () => {
    const { client, calls } = fakeClient(open, { refuse: true })
    const { dialog, inside } = page(["card"])
    const props = connectDialog({ id: "airlock", client }).getDialogProps()
    const at = (target: FakeElement, x: number, y: number) =>
      event(dialog, { target: target as unknown as EventTarget, clientX: x, clientY: y })
    props.onPointerDown(at(dialog, 2, 2))
    props.onClick(at(dialog, 2, 2))
    props.onPointerDown(at(inside.card as FakeElement, 200, 200))
    props.onClick(at(dialog, 2, 2))
    expect(calls).toEqual(["close"])
  })
})

describe("the Tab trap", () => {
  const tab = (shiftKey: boolean, focused: "first" | "middle" | "last" | "page") => {
    const { dialog, inside, opener } = page(["first", "middle", "last"])
    ;(focused === "page" ? opener : (inside[focused] as FakeElement)).focus()
    const key = event(dialog, { key: "Tab", shiftKey })
    connectDialog({ id: "airlock", client: fakeClient(open).client })
      .getDialogProps()
      .onKeyDown(key)
    const active = dialog.ownerDocument.activeElement
    return { prevented: key.prevented, focused: Object.entries(inside).find(([, el]) => el === active)?.[0] }
  }

  test("Tab on the last element goes to the first, Shift+Tab on the first to the last", () => {
    expect(tab(false, "last")).toEqual({ prevented: true, focused: "first" })
    expect(tab(true, "first")).toEqual({ prevented: true, focused: "last" })
  })

  test("in between, the browser moves the focus itself", () => {
    expect(tab(false, "middle")).toEqual({ prevented: false, focused: "middle" })
    expect(tab(true, "middle")).toEqual({ prevented: false, focused: "middle" })
    expect(tab(false, "first")).toEqual({ prevented: false, focused: "first" })
  })

  test("a focus outside the dialog is brought back in: Tab to the first, Shift+Tab to the last", () => {
    expect(tab(false, "page")).toEqual({ prevented: true, focused: "first" })
    expect(tab(true, "page")).toEqual({ prevented: true, focused: "last" })
  })

  test("hidden elements and elements without a box are not stops; keys other than Tab are left alone", () => {
    const { dialog, inside } = page(["first", "last", "back", "gone"])
    ;(inside.back as FakeElement).hidden = true
    ;(inside.gone as FakeElement).box = null
    const trap = (focused: string, key: string, shiftKey: boolean) => {
      ;(inside[focused] as FakeElement).focus()
      const pressed = event(dialog, { key, shiftKey })
      trapTab(pressed, dialog as unknown as Element)
      const active = dialog.ownerDocument.activeElement
      return { prevented: pressed.prevented, focused: Object.entries(inside).find(([, el]) => el === active)?.[0] }
    }
    expect(trap("last", "Tab", false)).toEqual({ prevented: true, focused: "first" })
    expect(trap("first", "Tab", true)).toEqual({ prevented: true, focused: "last" })
    expect(trap("last", "Enter", false)).toEqual({ prevented: false, focused: "last" })
  })
})

describe("the browser closing the dialog by itself (the dialog's close event)", () => {
  test("tells core; when core keeps the modal open (a required sign-in), the dialog shows again", async () => {
    const { client, calls } = fakeClient(open, { refuse: true })
    const { dialog } = page(["close"])
    syncDialog(asDialog(dialog), true)
    dialog.open = false // the browser closed it
    connectDialog({ id: "airlock", client }).getDialogProps().onClose(event(dialog, {}))
    expect(calls).toEqual(["close"])
    await expect.poll(() => dialog.open).toBe(true)
    expect(dialog.calls).toEqual(["showModal", "showModal"])
  })

  test("tells core; when core closes, the dialog stays closed", async () => {
    const { client, calls } = fakeClient(open)
    const { dialog } = page(["close"])
    syncDialog(asDialog(dialog), true)
    dialog.open = false
    connectDialog({ id: "airlock", client }).getDialogProps().onClose(event(dialog, {}))
    await Promise.resolve()
    await Promise.resolve()
    expect(calls).toEqual(["close"])
    expect(client.getState().modal.open).toBe(false)
    expect(dialog.calls).toEqual(["showModal"])
  })

  test("the late close event of core's own close is not the user's, even when core opened the modal again", () => {
    const { client, calls, set } = fakeClient(open)
    const { dialog } = page(["close"])
    syncDialog(asDialog(dialog), true)
    syncDialog(asDialog(dialog), false) // core closed
    set({ ...open, view: "AllWallets" }) // …and opened again before the close event arrived
    syncDialog(asDialog(dialog), true)
    const props = connectDialog({ id: "airlock", client }).getDialogProps()
    props.onClose(event(dialog, {}))
    expect(calls).toEqual([])
    expect(dialog.open).toBe(true)
    // That event is used up: a later close by the browser is the user's again.
    dialog.open = false
    props.onClose(event(dialog, {}))
    expect(calls).toEqual(["close"])
  })
})

describe("syncDialog: the DOM that follows core's open flag", () => {
  test("opening shows the dialog modally with the focus inside; closing gives the focus back to the opener", () => {
    const { dialog, opener, inside } = page(["back", "close"])
    opener.focus()
    const release = syncDialog(asDialog(dialog), true)
    expect(dialog.open).toBe(true)
    expect(dialog.ownerDocument.activeElement).toBe(inside.back)
    syncDialog(asDialog(dialog), false)
    expect(dialog.open).toBe(false)
    expect(dialog.ownerDocument.activeElement).toBe(opener)
    release()
    expect(dialog.calls).toEqual(["showModal", "close"])
  })

  test("calls that change nothing do nothing; the returned release closes (an unmount while open)", () => {
    const { dialog, opener } = page(["close"])
    opener.focus()
    syncDialog(asDialog(dialog), true)
    const release = syncDialog(asDialog(dialog), true)
    expect(dialog.calls).toEqual(["showModal"])
    release()
    release()
    expect(dialog.calls).toEqual(["showModal", "close"])
    expect(dialog.ownerDocument.activeElement).toBe(opener)
  })

  test("focus returns to the given element (the button that opened it) rather than the one focused", () => {
    const { dialog, doc, inside } = page(["close"])
    const button = new FakeElement(doc, { focusable: true })
    doc.body.append(button)
    syncDialog(asDialog(dialog), true, { returnFocus: button as unknown as HTMLElement })
    expect(doc.activeElement).toBe(inside.close)
    syncDialog(asDialog(dialog), false)
    expect(doc.activeElement).toBe(button)
  })

  test("the page does not scroll while open, keeping the scrollbar's width as padding, and scrolls again after", () => {
    const { dialog, doc } = page(["close"], { innerWidth: 1280, clientWidth: 1265 })
    const root = doc.documentElement
    syncDialog(asDialog(dialog), true)
    expect(root.style.getPropertyValue("overflow")).toBe("hidden")
    expect(root.style.getPropertyValue("padding-right")).toBe("15px")
    expect(root.hasAttribute("data-airlock-scroll-lock")).toBe(true)
    syncDialog(asDialog(dialog), false)
    expect([...root.style.values.keys()]).toEqual([])
    expect(root.hasAttribute("data-airlock-scroll-lock")).toBe(false)
  })

  test("the scroll is locked before showModal(), so the card's style is resolved once, in the pass it forces", () => {
    const { dialog } = page(["close"], { innerWidth: 1280, clientWidth: 1265 })
    syncDialog(asDialog(dialog), true)
    expect(dialog.calls).toEqual(["showModal"])
    expect(dialog.lockedAtShow).toBe(true)
  })
})

describe("the scroll lock", () => {
  test("puts the page's own inline overflow and padding back", () => {
    const { doc } = page([], { innerWidth: 1280, clientWidth: 1270 })
    const root = doc.documentElement
    root.style.setProperty("overflow", "scroll", "important")
    root.style.setProperty("padding-right", "4px")
    const release = lockScroll(doc as unknown as Document)
    expect(root.style.getPropertyValue("overflow")).toBe("hidden")
    expect(root.style.getPropertyValue("padding-right")).toBe("10px")
    release()
    expect(root.style.values).toEqual(
      new Map([
        ["overflow", { value: "scroll", priority: "important" }],
        ["padding-right", { value: "4px", priority: "" }]
      ])
    )
  })

  test("nests: the page scrolls again only when every holder has let go, and a release counts once", () => {
    const { doc } = page([])
    const root = doc.documentElement
    const first = lockScroll(doc as unknown as Document)
    const second = lockScroll(doc as unknown as Document)
    first()
    first()
    expect(root.style.getPropertyValue("overflow")).toBe("hidden")
    second()
    expect(root.style.getPropertyValue("overflow")).toBe("")
  })

  test("without a scrollbar (an overlay one, or a page that fits) adds no padding", () => {
    const { doc } = page([])
    lockScroll(doc as unknown as Document)
    expect(doc.documentElement.style.getPropertyValue("padding-right")).toBe("")
  })
})
