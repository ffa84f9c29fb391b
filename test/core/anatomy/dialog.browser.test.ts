/**
 * A custom renderer gets the modal's behaviour from core alone: a minimal vanilla DOM renderer, built only from names
 * the package's `airlock-kit` entry exports (core/index.ts is that entry, package.json `exports["."]`), opens, traps,
 * closes and locks as the React one does. No stylesheet: the browser's own dialog styles.
 */
import { afterEach, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { syncDialog } from "../../../core/anatomy/viewFocus.ts"
import { type AirlockClient, connectDialog, spreadProps } from "../../../core/index.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text = ""): HTMLElementTagNameMap[K] => {
  const made = document.createElement(tag)
  made.textContent = text
  return made
}

/**
 * The whole renderer: an open button, and a dialog with a header (back, title, close) and a body drawn per view. The
 * button hands itself to `syncDialog` as where the focus returns, as it may not have the focus (Safari).
 */
const mountVanilla = (client: AirlockClient) => {
  const opener = element("button", "Open wallet")
  let openedBy: HTMLElement | null = null
  opener.addEventListener("click", () => {
    openedBy = opener
    client.open().catch(() => undefined)
  })
  const dialog = element("dialog")
  const back = element("button", "‹")
  const title = element("h2")
  const close = element("button", "×")
  const body = element("div")
  dialog.append(element("header"), body)
  dialog.firstElementChild?.append(back, title, close)
  document.body.append(opener, dialog)
  let drawnView = ""
  const render = () => {
    const { modal } = client.getState()
    const api = connectDialog({ id: "vanilla", client })
    spreadProps(dialog, api.getDialogProps())
    spreadProps(back, api.getBackButtonProps())
    spreadProps(title, api.getTitleProps())
    spreadProps(close, api.getCloseButtonProps())
    title.textContent = modal.view
    if (drawnView !== modal.view) {
      drawnView = modal.view
      const next = element("button", modal.view === "Connect" ? "All Wallets" : "Search")
      if (modal.view === "Connect") next.addEventListener("click", () => client.push("AllWallets"))
      body.replaceChildren(element("p", `The ${modal.view} view`), next)
    }
    syncDialog(dialog, api.open, { returnFocus: openedBy })
    if (!api.open) openedBy = null
  }
  render()
  const stop = client.subscribe(render)
  return {
    dialog,
    opener,
    unmount: () => {
      stop()
      syncDialog(dialog, false)
      dialog.remove()
      opener.remove()
    }
  }
}

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A ready test client and the vanilla renderer on it, on a page tall enough to scroll. */
const setup = async () => {
  const client = createTestAirlock({ adapters: [{ namespace: "eip155" }] })
  await client.ready
  const filler = element("div")
  // The page's own CSSOM, as a page with `style-src 'self'` would have it from a stylesheet.
  filler.style.setProperty("height", "3000px")
  document.body.append(filler)
  const { dialog, opener, unmount } = mountVanilla(client)
  // As in Safari, a click does not focus the button: the browser's own focus restore has nothing to go back to.
  opener.addEventListener("mousedown", (event) => event.preventDefault())
  cleanups.push(
    () => client.destroy(),
    () => unmount(),
    () => filler.remove()
  )
  return { client, dialog, opener }
}

/** A real mouse press at `from` released at `to`, both in viewport coordinates. */
const pressFrom = (from: readonly [number, number], to: readonly [number, number]) =>
  userEvent.pointer([
    { coords: { x: from[0], y: from[1] }, keys: "[MouseLeft>]" },
    { coords: { x: to[0], y: to[1] }, keys: "[/MouseLeft]" }
  ])

const openByButton = async () => {
  const rendered = await setup()
  await userEvent.click(rendered.opener)
  await expect.element(page.getByRole("dialog", { name: "Connect" })).toBeVisible()
  return rendered
}

describe("a vanilla DOM renderer on core's dialog anatomy", () => {
  test("opens the dialog with showModal: modal, named by its title, the focus inside", async () => {
    const { dialog, client } = await openByButton()
    expect(dialog.open).toBe(true)
    expect(dialog.matches(":modal")).toBe(true)
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(client.getState().modal.open).toBe(true)
  })

  test("Tab and Shift+Tab cycle inside the dialog, from the last element to the first and back", async () => {
    const { dialog } = await openByButton()
    const close = page.getByRole("button", { name: "Close" }).element()
    const last = page.getByRole("button", { name: "All Wallets" }).element()
    ;(last as HTMLElement).focus()
    await userEvent.keyboard("{Tab}")
    expect(document.activeElement).toBe(close)
    await userEvent.keyboard("{Shift>}{Tab}{/Shift}")
    expect(document.activeElement).toBe(last)
    for (let i = 0; i < 5; i++) {
      await userEvent.keyboard("{Tab}")
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
  })

  test("Escape closes through the client and the focus returns to the button that opened it", async () => {
    const { client, dialog, opener } = await openByButton()
    await userEvent.click(page.getByRole("button", { name: "All Wallets" }))
    await expect.element(page.getByRole("dialog", { name: "AllWallets" })).toBeVisible()
    await userEvent.keyboard("{Escape}")
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(dialog.open).toBe(false)
    expect(client.getState().modal).toMatchObject({ open: false, view: "Connect", history: ["Connect"] })
    expect(document.activeElement).toBe(opener)
  })

  test("a press on the backdrop closes it; one that starts inside the dialog and ends outside does not", async () => {
    const { client, dialog } = await openByButton()
    const box = dialog.getBoundingClientRect()
    // Press inside on the text, release on the backdrop: a text selection, not a close.
    const inside = page.getByText("The Connect view").element().getBoundingClientRect()
    await pressFrom([inside.left + 2, inside.top + 2], [4, 4])
    expect(client.getState().modal.open).toBe(true)
    expect(box.left).toBeGreaterThan(4)
    await pressFrom([4, 4], [4, 4])
    await expect.poll(() => client.getState().modal.open).toBe(false)
    await expect.poll(() => dialog.open).toBe(false)
  })

  test("the page does not scroll behind the open dialog, and scrolls again once it closes", async () => {
    // Headless Chromium draws no classic scrollbar, so the width kept as padding is checked in dialog.test.ts.
    const { client } = await setup()
    const root = document.documentElement
    await client.open()
    await expect.poll(() => getComputedStyle(root).overflow).toBe("hidden")
    await client.close()
    await expect.poll(() => getComputedStyle(root).overflow).not.toBe("hidden")
  })

  test("the back button goes back and hides on the first view; the focus never falls out of the dialog", async () => {
    const { client, dialog } = await openByButton()
    await userEvent.click(page.getByRole("button", { name: "All Wallets" }))
    // The view change removed the focused button: the focus moved to the first element inside instead.
    await expect.element(page.getByRole("dialog", { name: "AllWallets" })).toBeVisible()
    await expect.poll(() => document.activeElement).toBe(page.getByRole("button", { name: "Back" }).element())
    await userEvent.click(page.getByRole("button", { name: "Back" }))
    await expect.element(page.getByRole("dialog", { name: "Connect" })).toBeVisible()
    expect(client.getState().modal.history).toEqual(["Connect"])
    await expect.element(page.getByRole("button", { name: "Back" })).not.toBeInTheDocument()
    await expect.poll(() => dialog.contains(document.activeElement) && document.activeElement !== dialog).toBe(true)
  })
})

describe("spreadProps", () => {
  test("sets attributes by their HTML names (true empty, false removed) and handlers as listeners", async () => {
    const button = element("button", "Go")
    document.body.append(button)
    cleanups.push(() => button.remove())
    const clicks: string[] = []
    const stop = spreadProps(button, {
      type: "button",
      tabindex: 0,
      "aria-label": "Go on",
      "data-flag": true,
      hidden: false,
      onClick: () => clicks.push("first")
    })
    expect([...button.attributes].map((a) => `${a.name}=${a.value}`)).toEqual([
      "type=button",
      "tabindex=0",
      "aria-label=Go on",
      "data-flag="
    ])
    await userEvent.click(button)
    expect(clicks).toEqual(["first"])
    stop()
    await userEvent.click(button)
    expect(clicks).toEqual(["first"])
  })

  test("spreading again (on the next state) replaces the handlers and drops attributes no longer given", async () => {
    const button = element("button", "Go")
    document.body.append(button)
    cleanups.push(() => button.remove())
    const clicks: string[] = []
    spreadProps(button, { "aria-label": "One", "data-old": "x", onClick: () => clicks.push("one") })
    spreadProps(button, { "aria-label": "Two", onClick: () => clicks.push("two") })
    await userEvent.click(button)
    expect(clicks).toEqual(["two"])
    expect(button.getAttribute("aria-label")).toBe("Two")
    expect(button.hasAttribute("data-old")).toBe(false)
    spreadProps(button, { "aria-label": "Three" })
    await userEvent.click(button)
    expect(clicks).toEqual(["two"])
  })
})
