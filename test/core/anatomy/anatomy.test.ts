import { describe, expect, test } from "vitest"
import {
  connectDialog,
  getModalIds,
  getTabForKey,
  getTabHandlers,
  getTabListProps,
  getTabPanelProps,
  getTabProps,
  getWalletGridCellProps,
  getWalletGridProps,
  getWalletGridRowProps,
  getWalletItemProps,
  getWalletListProps,
  moveInGrid
} from "../../../core/anatomy/index.ts"
import { en as english } from "../../../core/i18n/locales/en.ts"
import { initial, push, type RouterState } from "../../../core/router/state.ts"

const open = { ...initial, open: true }

/** The dialog's getters for a modal in state `modal` (the client's actions are not called here). */
const dialogOf = (ctx: { readonly id: string; readonly modal: RouterState }) =>
  connectDialog({
    ...ctx,
    client: { getState: () => ({ ...ctx, i18n: english }), close: async () => undefined, goBack: () => undefined }
  })
const getDialogProps = (ctx: { readonly id: string; readonly modal: RouterState }) => dialogOf(ctx).getDialogProps()
const getTitleProps = (ctx: { readonly id: string; readonly modal: RouterState }) => dialogOf(ctx).getTitleProps()
const getCloseButtonProps = (ctx: { readonly id: string; readonly modal: RouterState }) =>
  dialogOf(ctx).getCloseButtonProps()
const getBackButtonProps = (ctx: { readonly id: string; readonly modal: RouterState }) =>
  dialogOf(ctx).getBackButtonProps()

describe("dialog anatomy", () => {
  test("the dialog is a modal dialog named by its title's id", () => {
    const ctx = { id: "airlock", modal: open }
    const dialog = getDialogProps(ctx)
    expect(dialog).toMatchObject({ role: "dialog", "aria-modal": "true", "data-state": "open", "data-view": "Connect" })
    expect(dialog["aria-labelledby"]).toBe(getTitleProps(ctx).id)
  })

  test("a closed modal reports data-state closed", () => {
    expect(getDialogProps({ id: "airlock", modal: initial })["data-state"]).toBe("closed")
  })

  test("the close and back buttons carry the labels Close and Back", () => {
    const ctx = { id: "airlock", modal: open }
    expect(getCloseButtonProps(ctx)).toMatchObject({ type: "button", "aria-label": "Close" })
    expect(getBackButtonProps(ctx)).toMatchObject({ type: "button", "aria-label": "Back" })
  })

  test("the back button is hidden on the first view and shown once there is history", () => {
    expect(getBackButtonProps({ id: "a", modal: open })).toMatchObject({ hidden: true, "data-state": "hidden" })
    const deeper = { ...push(open, "AllWallets"), open: true }
    expect(getBackButtonProps({ id: "a", modal: deeper })).toMatchObject({ hidden: false, "data-state": "visible" })
  })

  test("two modals with different root ids share no element id", () => {
    const a = [getDialogProps, getTitleProps, getCloseButtonProps, getBackButtonProps].map(
      (f) => f({ id: "a", modal: open }).id
    )
    const b = [getDialogProps, getTitleProps, getCloseButtonProps, getBackButtonProps].map(
      (f) => f({ id: "b", modal: open }).id
    )
    expect(new Set([...a, ...b]).size).toBe(8)
  })
})

describe("wallet anatomy", () => {
  test("a wallet item is a button with a safe, unique id and its install state", () => {
    const props = getWalletItemProps({ id: "airlock" }, { id: "io.metamask wallet", name: "MetaMask", installed: true })
    expect(props).toMatchObject({ type: "button", "data-wallet-id": "io.metamask wallet", "data-state": "installed" })
    expect(props.id).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(getWalletItemProps({ id: "airlock" }, { id: "x", name: "X" })["data-state"]).toBe("available")
  })

  test("a wallet list is labelled by its section", () => {
    expect(getWalletListProps({ id: "airlock" }, "Recent")["aria-label"]).toBe("Recent")
  })
})

describe("tab anatomy", () => {
  const ctx = { id: "airlock", tabs: ["Tokens", "NFTs", "Activity"], selected: "NFTs" }

  test("only the selected tab is selected, in the tab order and showing its panel", () => {
    expect(getTabListProps(ctx).role).toBe("tablist")
    expect(ctx.tabs.map((tab) => getTabProps(ctx, tab)["aria-selected"])).toEqual(["false", "true", "false"])
    expect(ctx.tabs.map((tab) => getTabProps(ctx, tab).tabindex)).toEqual([-1, 0, -1])
    expect(ctx.tabs.map((tab) => getTabPanelProps(ctx, tab).hidden)).toEqual([true, false, true])
  })

  test("each tab controls the panel that is labelled by it", () => {
    for (const tab of ctx.tabs) {
      const tabProps = getTabProps(ctx, tab)
      const panel = getTabPanelProps(ctx, tab)
      expect(tabProps["aria-controls"]).toBe(panel.id)
      expect(panel["aria-labelledby"]).toBe(tabProps.id)
    }
  })

  test("arrow keys wrap around, Home and End jump, other keys do nothing", () => {
    expect(getTabForKey(ctx, "ArrowRight")).toBe("Activity")
    expect(getTabForKey({ ...ctx, selected: "Activity" }, "ArrowRight")).toBe("Tokens")
    expect(getTabForKey({ ...ctx, selected: "Tokens" }, "ArrowLeft")).toBe("Activity")
    expect(getTabForKey(ctx, "Home")).toBe("Tokens")
    expect(getTabForKey(ctx, "End")).toBe("Activity")
    expect(getTabForKey(ctx, "Enter")).toBeUndefined()
  })

  test("right-to-left, the arrows follow the mirrored row: ArrowLeft moves on, ArrowRight back", () => {
    const rtl = { ...ctx, selected: "Tokens", dir: "rtl" as const }
    expect(getTabForKey(rtl, "ArrowLeft")).toBe("NFTs")
    expect(getTabForKey(rtl, "ArrowRight")).toBe("Activity")
    expect(getTabForKey(rtl, "End")).toBe("Activity")
  })
})

describe("anatomy ids", () => {
  test("never collide for wallet ids that differ only in punctuation (io.metamask vs io-metamask vs io_metamask)", () => {
    const ids = getModalIds("airlock")
    const made = ["io.metamask", "io-metamask", "io_metamask", "io metamask", "io_2e_metamask"].map(ids.walletItem)
    expect(new Set(made).size).toBe(made.length)
    for (const id of made) expect(id).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  test("keeps plain ids readable", () => {
    expect(getModalIds("airlock").tab("Tokens")).toBe("airlock-tab-Tokens")
  })
})

describe("tab behaviour from core", () => {
  const ctx = { id: "airlock", tabs: ["Tokens", "NFTs", "Activity"] as const, selected: "Tokens" as const }
  const run = (tab: "Tokens" | "NFTs" | "Activity", key: string) => {
    const calls: string[] = []
    let prevented = false
    getTabHandlers(ctx, tab, {
      select: (t) => calls.push(`select ${t}`),
      focus: (id) => calls.push(`focus ${id}`)
    }).onKeyDown({
      key,
      preventDefault: () => {
        prevented = true
      }
    })
    return { calls, prevented }
  }

  test("ArrowRight on the last tab wraps to the first, selecting and focusing it", () => {
    expect(run("Activity", "ArrowRight")).toEqual({
      calls: ["select Tokens", "focus airlock-tab-Tokens"],
      prevented: true
    })
  })

  test("Home and End jump to the ends; other keys are left to the browser", () => {
    expect(run("NFTs", "End").calls).toEqual(["select Activity", "focus airlock-tab-Activity"])
    expect(run("NFTs", "Home").calls).toEqual(["select Tokens", "focus airlock-tab-Tokens"])
    expect(run("NFTs", "a")).toEqual({ calls: [], prevented: false })
  })
})

describe("framework-neutral props", () => {
  const modal = { id: "airlock", modal: push(open, "AllWallets") }
  const tabs = { id: "airlock", tabs: ["Tokens", "NFTs"], selected: "Tokens" }
  const every = {
    dialog: getDialogProps(modal),
    title: getTitleProps(modal),
    close: getCloseButtonProps(modal),
    back: getBackButtonProps(modal),
    walletList: getWalletListProps(modal, "Recent"),
    walletItem: getWalletItemProps(modal, { id: "io.metamask", name: "MetaMask" }),
    tabList: getTabListProps(tabs),
    tab: getTabProps(tabs, "Tokens"),
    tabPanel: getTabPanelProps(tabs, "NFTs")
  }

  test("attributes carry their HTML names (no React spelling such as tabIndex or className)", () => {
    const names = Object.values(every).flatMap((props) =>
      Object.entries(props)
        .filter(([, value]) => typeof value !== "function")
        .map(([name]) => name)
    )
    expect(names.filter((name) => /[A-Z]/.test(name))).toEqual([])
  })

  test("handlers are named on + the DOM event's name in camelCase", () => {
    const handlers = Object.values(every).flatMap((props) =>
      Object.entries(props)
        .filter(([, value]) => typeof value === "function")
        .map(([name]) => name)
    )
    expect(handlers.sort()).toEqual([
      "onCancel",
      "onClick",
      "onClick",
      "onClick",
      "onClose",
      "onKeyDown",
      "onPointerDown"
    ])
  })

  test("every part says which component it belongs to and which part it is", () => {
    expect(Object.entries(every).map(([part, props]) => [part, props["data-scope"], props["data-part"]])).toEqual([
      ["dialog", "dialog", "dialog"],
      ["title", "dialog", "title"],
      ["close", "dialog", "close-button"],
      ["back", "dialog", "back-button"],
      ["walletList", "wallet-list", "wallet-list"],
      ["walletItem", "wallet-list", "wallet-item"],
      ["tabList", "tabs", "tab-list"],
      ["tab", "tabs", "tab"],
      ["tabPanel", "tabs", "tab-panel"]
    ])
  })
})

describe("All Wallets grid anatomy", () => {
  const grid = { count: 10, columns: 4, pageRows: 2 }
  const key = (k: string, ctrlKey = false) => ({ key: k, ctrlKey })

  test("the grid states its full size, so a virtualised grid still reads as 650 wallets", () => {
    const props = getWalletGridProps({ id: "airlock" }, { label: "All Wallets", count: 650, busy: true })
    expect(props).toMatchObject({ role: "grid", "aria-label": "All Wallets", "aria-rowcount": 163, "aria-busy": true })
    expect(getWalletGridRowProps({ id: "airlock" }, 162)["aria-rowindex"]).toBe(163)
    expect(getWalletGridCellProps({ id: "airlock" }, 7)).toMatchObject({ role: "gridcell", "aria-colindex": 4 })
  })

  test("right-to-left, ArrowLeft moves on to the next wallet and ArrowRight back", () => {
    const rtl = { ...grid, dir: "rtl" as const }
    expect(moveInGrid(key("ArrowLeft"), 3, rtl)).toBe(4)
    expect(moveInGrid(key("ArrowRight"), 4, rtl)).toBe(3)
    expect(moveInGrid(key("ArrowDown"), 2, rtl)).toBe(6)
  })

  test("arrows move by a cell, left and right across rows, never past either end", () => {
    expect(moveInGrid(key("ArrowRight"), 3, grid)).toBe(4)
    expect(moveInGrid(key("ArrowLeft"), 4, grid)).toBe(3)
    expect(moveInGrid(key("ArrowLeft"), 0, grid)).toBe(0)
    expect(moveInGrid(key("ArrowRight"), 9, grid)).toBe(9)
    expect(moveInGrid(key("ArrowDown"), 2, grid)).toBe(6)
    // Below 6 there is no wallet (the last row holds 8 and 9): the focus stays.
    expect(moveInGrid(key("ArrowDown"), 6, grid)).toBe(6)
    expect(moveInGrid(key("ArrowUp"), 9, grid)).toBe(5)
    expect(moveInGrid(key("ArrowUp"), 1, grid)).toBe(1)
  })

  test("Home and End go to the row's ends; with Ctrl to the first and last wallet", () => {
    expect(moveInGrid(key("Home"), 6, grid)).toBe(4)
    expect(moveInGrid(key("End"), 5, grid)).toBe(7)
    expect(moveInGrid(key("End"), 8, grid)).toBe(9)
    expect(moveInGrid(key("Home", true), 6, grid)).toBe(0)
    expect(moveInGrid(key("End", true), 1, grid)).toBe(9)
  })

  test("Page Down and Page Up move by the rows in sight, stopping in the same column at the ends", () => {
    expect(moveInGrid(key("PageDown"), 0, grid)).toBe(8)
    expect(moveInGrid(key("PageDown"), 2, grid)).toBe(6)
    expect(moveInGrid(key("PageUp"), 9, grid)).toBe(1)
    expect(moveInGrid(key("PageUp"), 6, grid)).toBe(2)
  })

  test("other keys, and an empty grid, leave the focus to the browser", () => {
    expect(moveInGrid(key("Enter"), 0, grid)).toBeUndefined()
    expect(moveInGrid(key("ArrowDown"), 0, { ...grid, count: 0 })).toBeUndefined()
  })
})
