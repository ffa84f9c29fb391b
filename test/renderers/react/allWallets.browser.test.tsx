import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

// 650 wallets, as many as the sandbox registry holds, served by the memory wallet API (the real flows page them).
const registry: ReadonlyArray<WalletListing> = Array.from({ length: 650 }, (_, n) => ({
  id: `w${n}`,
  name: `Wallet ${n}`,
  rdns: `io.wallet${n}`
}))

// walletConnect()'s connector, listed without its SDK: All Wallets is offered only when WalletConnect can reach them.
const walletConnectListed: AirlockAdapter = {
  namespace: "eip155",
  watchConnectors: (onChange) => {
    onChange([{ id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }])
    return () => {}
  }
}

const openAllWallets = async (options: Parameters<typeof renderAirlock>[0] = {}) => {
  const rendered = await renderAirlock({
    adapters: [walletConnectListed],
    walletApi: { wallets: registry },
    ...options
  })
  await userEvent.click(rendered.button)
  await userEvent.click(page.getByRole("button", { name: /^All Wallets/ }))
  await expect.element(page.getByRole("dialog", { name: "All Wallets" })).toBeVisible()
  return rendered
}

const grid = () => page.getByRole("grid", { name: "All Wallets" })
const gridElement = () => document.querySelector<HTMLElement>('[role="grid"]')!
const cellNames = () =>
  [...document.querySelectorAll<HTMLElement>('[role="gridcell"] .airlock-wallet-card-name')].map(
    (name) => name.textContent ?? ""
  )
const focusedName = () => document.activeElement?.querySelector(".airlock-wallet-card-name")?.textContent ?? ""

describe("All Wallets grid", () => {
  test("Back from a wallet chosen while a search waited out its delay shows the text typed, not the older search", async () => {
    // A test clock: the search's 300 ms never pass, as when a wallet is chosen within them.
    const { client } = await openAllWallets({ clock: "test" })
    await expect.element(grid().getByRole("button", { name: "Wallet 0", exact: true })).toBeVisible()
    await userEvent.click(page.getByRole("searchbox", { name: "Search wallets" }))
    await userEvent.keyboard("Wallet 64")
    expect(client.getState().wallets.search ?? "").toBe("")
    await userEvent.click(grid().getByRole("button", { name: "Wallet 0", exact: true }))
    await expect.poll(() => client.getState().modal.view).toBe("ConnectingWalletConnect")
    await userEvent.click(page.getByRole("button", { name: "Back" }))
    await expect.element(page.getByRole("searchbox", { name: "Search wallets" })).toHaveValue("Wallet 64")
  })

  test("scrolls to the last of 650 wallets with only the rows in sight in the DOM", async () => {
    const { client } = await openAllWallets()
    await expect.element(grid().getByRole("button", { name: "Wallet 0", exact: true })).toBeVisible()
    // The grid knows its full size (650 wallets in rows of 4) before they are loaded.
    expect(gridElement().getAttribute("aria-rowcount")).toBe("163")
    // Scroll as a wheel would, to the end each time, until the registry's last wallet is drawn; pages load on the way.
    await expect
      .poll(
        () => {
          const element = gridElement()
          element.scrollTop = element.scrollHeight
          return cellNames().includes("Wallet 649")
        },
        { timeout: 15_000, interval: 50 }
      )
      .toBe(true)
    expect(client.getState().wallets.all).toHaveLength(650)
    // Virtualised: a handful of rows (the visible ones and a small overscan), never the 650 wallets.
    const cells = cellNames().length
    expect(cells).toBeGreaterThan(0)
    expect(cells).toBeLessThanOrEqual(4 * 12)
    await expect.element(grid().getByRole("button", { name: "Wallet 649", exact: true })).toBeVisible()
  })

  test("arrow keys move one focus across the grid; one tab stop; Home, End, Ctrl+End", async () => {
    const { client } = await openAllWallets()
    await expect.element(grid().getByRole("button", { name: "Wallet 0", exact: true })).toBeVisible()
    // Pages load ahead of the scroll: with 10 rows loaded and 7 drawn, a second page comes at once.
    await expect.poll(() => client.getState().wallets.all.length).toBe(80)
    await userEvent.click(page.getByRole("searchbox", { name: "Search wallets" }))
    await userEvent.keyboard("{ArrowDown}")
    expect(focusedName()).toBe("Wallet 0")
    // Back to the search field: typing there stays there (the grid does not take the focus back on the next render).
    const search = page.getByRole("searchbox", { name: "Search wallets" })
    await userEvent.click(search)
    await userEvent.keyboard("W")
    expect(document.activeElement).toBe(search.element())
    // Clear (however far the "W" search got) and wait for the pages, so the keys below act on a list at rest.
    await userEvent.click(page.getByRole("button", { name: "Clear search" }))
    await expect.element(grid().getByRole("button", { name: "Wallet 0", exact: true })).toBeVisible()
    await expect.poll(() => client.getState().wallets.all.length).toBe(80)
    await userEvent.keyboard("{ArrowDown}")
    expect(focusedName()).toBe("Wallet 0")
    await userEvent.keyboard("{ArrowRight}")
    expect(focusedName()).toBe("Wallet 1")
    await userEvent.keyboard("{ArrowDown}")
    expect(focusedName()).toBe("Wallet 5")
    await userEvent.keyboard("{End}")
    expect(focusedName()).toBe("Wallet 7")
    await userEvent.keyboard("{ArrowRight}")
    expect(focusedName()).toBe("Wallet 8")
    await userEvent.keyboard("{Home}{ArrowLeft}")
    expect(focusedName()).toBe("Wallet 7")
    // Only the focused wallet is in the tab order.
    expect(document.querySelectorAll('[role="gridcell"] button[tabindex="0"]')).toHaveLength(1)
    // Far down the loaded list: the grid scrolls so the focused wallet is drawn and focused.
    const loaded = client.getState().wallets.all.length
    await userEvent.keyboard("{Control>}{End}{/Control}")
    expect(focusedName()).toBe(`Wallet ${loaded - 1}`)
    await userEvent.keyboard("{Control>}{Home}{/Control}")
    expect(focusedName()).toBe("Wallet 0")
    // Enter chooses the focused wallet: not installed here, so WalletConnect with that wallet.
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{Enter}")
    await expect.poll(() => client.getState().modal.view).toBe("ConnectingWalletConnect")
    expect(client.getState().modal.data.ConnectingWalletConnect?.walletId).toBe("w2")
  })

  test("search waits for typing to pause (one query for a word), shows matches, and the clear button resets", async () => {
    const queries: Array<string> = []
    // The client's timers run on a test clock: however slowly the keys arrive, no time passes between them.
    const { client } = await openAllWallets({
      clock: "test",
      walletApi: {
        wallets: registry,
        offline: (query) => {
          if (query.search !== undefined) queries.push(query.search)
          return false
        }
      }
    })
    await expect.element(grid().getByRole("button", { name: "Wallet 0", exact: true })).toBeVisible()
    const search = page.getByRole("searchbox", { name: "Search wallets" })
    await userEvent.type(search, "Wallet 64")
    // The last keystroke's search has started waiting (its text is the one asked for last).
    await expect.poll(() => client.getState().wallets.query).toBe("Wallet 64")
    await client.clock.adjust("299 millis")
    expect(queries).toEqual([])
    await client.clock.adjust("1 millis")
    await expect
      .poll(() => cellNames())
      .toEqual([
        "Wallet 64",
        "Wallet 640",
        "Wallet 641",
        "Wallet 642",
        "Wallet 643",
        "Wallet 644",
        "Wallet 645",
        "Wallet 646",
        "Wallet 647",
        "Wallet 648",
        "Wallet 649"
      ])
    expect(queries).toEqual(["Wallet 64"])
    expect(client.getState().wallets.search).toBe("Wallet 64")

    await userEvent.click(page.getByRole("button", { name: "Clear search" }))
    await expect.element(search).toHaveValue("")
    expect(document.activeElement).toBe(search.element())
    await expect.poll(() => cellNames()[0]).toBe("Wallet 0")
    await expect.element(page.getByRole("button", { name: "Clear search" })).not.toBeInTheDocument()
  })

  test("a search without matches says so", async () => {
    await openAllWallets()
    await userEvent.fill(page.getByRole("searchbox", { name: "Search wallets" }), "zzz")
    await expect.element(page.getByRole("status").filter({ hasText: "No wallet found for “zzz”" })).toBeVisible()
    expect(gridElement().hidden).toBe(true)
  })

  test("a load that fails shows APKT003 and Retry, which loads the list once the network is back", async () => {
    let offline = true
    await openAllWallets({ walletApi: { wallets: registry, offline: () => offline } })
    await expect.element(page.getByText(/^Wallets could not be loaded/)).toBeVisible()
    await expect.element(page.getByText("Network Error: Wallet Load Failed")).toBeVisible()
    offline = false
    await userEvent.click(page.getByRole("button", { name: "Retry" }))
    await expect.element(grid().getByRole("button", { name: "Wallet 0", exact: true })).toBeVisible()
    await expect.element(page.getByText(/^Wallets could not be loaded/)).not.toBeInTheDocument()
  })

  test("excluded wallets (by rdns or name, any case) never show; recent wallets come first, once", async () => {
    await openAllWallets({
      excludeWalletIds: ["io.wallet1", "WALLET 2"],
      state: (state) => ({ ...state, wallets: { ...state.wallets, recent: [registry[5]!] } })
    })
    await expect.poll(() => cellNames().slice(0, 4)).toEqual(["Wallet 5", "Wallet 0", "Wallet 3", "Wallet 4"])
    expect(cellNames().filter((name) => name === "Wallet 5")).toHaveLength(1)
  })

  test("axe finds no violations on the grid, with a wallet focused", async () => {
    await openAllWallets()
    await expect.element(grid().getByRole("button", { name: "Wallet 0", exact: true })).toBeVisible()
    await userEvent.click(page.getByRole("searchbox", { name: "Search wallets" }))
    await userEvent.keyboard("{ArrowDown}{ArrowDown}")
    const result = await axeWhenSettled(document)
    expect(result.violations.map((violation) => violation.id)).toEqual([])
  })
})

describe("ConnectingWalletConnectBasic", () => {
  test("an app that runs WalletConnect itself (manualWCControl) opens on the basic QR view and connects through it", async () => {
    const { adapter, wallet } = fakeAdapter({
      connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" }
    })
    // The wallet waits for its user, so the QR step stays on screen until it answers.
    const approve = wallet.holdNextConnect()
    const { client } = await openBasic({ adapters: [adapter], manualWCControl: true, walletApi: { wallets: registry } })
    expect(client.getState().modal.view).toBe("ConnectingWalletConnectBasic")
    expect(client.getState().accounts.eip155.status).not.toBe("connected")
    approve()
    await expect.poll(() => client.getState().accounts.eip155.status).toBe("connected")
    await expect.poll(() => client.getState().modal.open).toBe(false)
  })

  test("without the WalletConnect adapter it says SPEC's 'WalletConnectConnector not found', and offers no All Wallets whose wallets could not connect", async () => {
    const { client } = await openBasic({ adapters: [], walletApi: { wallets: registry } })
    expect(client.getState().modal.view).toBe("ConnectingWalletConnectBasic")
    await expect.element(page.getByText("WalletConnectConnector not found")).toBeVisible()
    expect(page.getByRole("button", { name: "All Wallets", exact: true }).query()).toBeNull()
  })
})

const openBasic = async (options: Parameters<typeof renderAirlock>[0]) => {
  const rendered = await renderAirlock(options)
  await userEvent.click(rendered.button)
  await expect.element(page.getByRole("dialog", { name: "WalletConnect" })).toBeVisible()
  return rendered
}
