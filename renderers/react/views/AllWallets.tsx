"use client"
import { defaultRangeExtractor, type Range, useVirtualizer } from "@tanstack/react-virtual"
import {
  type AirlockState,
  type AllWalletsEntry,
  getWalletGridCellProps,
  getWalletGridProps,
  getWalletGridRowProps,
  getWalletItemProps,
  moveInGrid,
  selectAllWallets,
  WALLET_GRID_COLUMNS
} from "airlock-kit"
import type { RevealRequest } from "airlock-kit/focus"
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react"
import { WalletImage } from "../components/WalletImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { prefetchImages } from "../internal/imageCache.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

/** Height of one grid row (a wallet card and the gap under it), fixed so no row needs measuring. */
const ROW_HEIGHT = 108
/** Rows drawn beyond the visible ones on each side, so a fast wheel never shows a blank band. */
const OVERSCAN_ROWS = 3
/** How close to the loaded end (in rows) the next page is asked for. */
const LOAD_AHEAD_ROWS = 4

const selectCount = (state: AirlockState) => state.wallets.count
const selectSearch = (state: AirlockState) => state.wallets.search ?? ""
const selectStatus = (state: AirlockState) => state.wallets.status ?? "idle"

/**
 * `REVEAL_EVENT` of `airlock-kit/focus`, spelled out: importing a value of that entry here (the modal shell's) would
 * split it out of the shell into a chunk both load, 1.5 KB more on this view's first show.
 */
const REVEAL_EVENT = "airlock-reveal"

// Load failures show as the APKT003 alert and the view's Retry; what is left is the client being destroyed mid-load.
const ignore = () => undefined

/**
 * The All Wallets view: the registry as a virtualised grid (only the rows in sight are in the DOM, however many of
 * the 650 are loaded), paged in 40 at a time as it scrolls; a search with a clear button (core debounces it); empty and
 * failed states (Retry); arrow keys move between wallets (one tab stop). Choosing a wallet connects it through its
 * browser connector when it is installed here, else over WalletConnect with that wallet's icon and links.
 */
export const AllWallets = ({ id }: ViewProps) => {
  const client = useAirlock()
  const { t, dir } = useAirlockTranslation()
  const entries = useAirlockSelector(selectAllWallets)
  const count = useAirlockSelector(selectCount)
  const search = useAirlockSelector(selectSearch)
  const status = useAirlockSelector(selectStatus)
  const scroller = useRef<HTMLDivElement>(null)
  const [focusIndex, setFocusIndex] = useState(0)
  const pendingFocus = useRef(false)

  // Core loads the registry page by page: the first page when the view opens, the next near the grid's end.
  useEffect(() => {
    const { all, search } = client.getState().wallets
    if (all.length === 0 && !search) client.loadMoreWallets().catch(ignore)
  }, [client])

  const rowCount = Math.ceil(entries.length / WALLET_GRID_COLUMNS)
  const focusedRow = Math.floor(Math.min(focusIndex, Math.max(0, entries.length - 1)) / WALLET_GRID_COLUMNS)
  // The focused wallet's row stays in the DOM while scrolled away, so the grid keeps its one tab stop.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range)
      return focusedRow >= range.count || rows.includes(focusedRow) ? rows : [...rows, focusedRow].sort((a, b) => a - b)
    },
    [focusedRow]
  )
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    rangeExtractor
  })
  const rows = virtualizer.getVirtualItems()
  const lastRow = rows.at(-1)?.index ?? -1

  // Near the loaded end, the next page (the flow itself ignores a call while one is loading or all are in).
  useEffect(() => {
    if (status === "idle" && !search && rowCount > 0 && lastRow >= rowCount - LOAD_AHEAD_ROWS) {
      client.loadMoreWallets().catch(ignore)
    }
  }, [client, status, search, rowCount, lastRow])

  // The first images of a fresh list are fetched ahead (SPEC §9: 20), so the first rows draw with their icons.
  useEffect(() => {
    prefetchImages(entries.map((entry) => entry.connector?.imageUrl ?? entry.wallet.image_url))
  }, [entries])

  // A shorter list (a search) moves a tab stop that fell off its end back to the first wallet.
  useEffect(() => {
    setFocusIndex((index) => (index < entries.length ? index : 0))
  }, [entries.length])

  // Back from a wallet's view draws this view afresh at the grid's top: core's syncViewFocus asks for the wallet left
  // (by its id, not its place: the list may have changed), which becomes the tab stop, its row drawn and scrolled to.
  // A layout effect, so it listens before the dialog's focus effect (a parent's) asks.
  useLayoutEffect(() => {
    const grid = scroller.current
    if (grid === null) return
    const onReveal = (event: Event) => {
      const { walletId } = (event as CustomEvent<RevealRequest>).detail
      const index = entries.findIndex((entry) => entry.wallet.id === walletId)
      if (index < 0) return
      event.preventDefault()
      setFocusIndex(index)
      virtualizer.scrollToIndex(Math.floor(index / WALLET_GRID_COLUMNS), { align: "center" })
    }
    grid.addEventListener(REVEAL_EVENT, onReveal)
    return () => grid.removeEventListener(REVEAL_EVENT, onReveal)
  }, [entries, virtualizer])

  // After a key moved the focus, focus the wallet once its row is drawn.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-grid-index="${focusIndex}"]`)
    if (cell) {
      pendingFocus.current = false
      cell.focus({ preventScroll: true })
    }
  })

  const retry = () => (search ? client.searchWallets(search) : client.loadMoreWallets()).catch(ignore)

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT))
    const next = moveInGrid(event, focusIndex, { count: entries.length, columns: WALLET_GRID_COLUMNS, pageRows, dir })
    if (next === undefined) return
    event.preventDefault()
    pendingFocus.current = true
    setFocusIndex(next)
    virtualizer.scrollToIndex(Math.floor(next / WALLET_GRID_COLUMNS), { align: "auto" })
  }
  /** ArrowDown in the search field goes to the grid's focused wallet; `false` when there is none to go to. */
  const focusGrid = () => {
    if (entries.length === 0) return false
    virtualizer.scrollToIndex(focusedRow, { align: "auto" })
    // The focused row is always drawn (see rangeExtractor); only a list not drawn yet leaves it to the next render.
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-grid-index="${focusIndex}"]`)
    if (cell) cell.focus()
    else pendingFocus.current = true
    return true
  }

  const choose = (entry: AllWalletsEntry) =>
    entry.connector === undefined
      ? client.push("ConnectingWalletConnect", { walletId: entry.wallet.id })
      : client.push("ConnectingExternal", { connectorId: entry.connector.id, walletName: entry.connector.name })

  const failed = status === "failed"
  const empty = entries.length === 0
  return (
    <div className="airlock-all-wallets">
      <SearchRow search={search} focusGrid={focusGrid} onType={() => virtualizer.scrollToOffset(0)} />
      {failed && empty ? (
        <div className="airlock-all-wallets-state" role="alert">
          <p className="airlock-empty">{t("wallets.loadFailed")}</p>
          <button type="button" className="airlock-button airlock-retry" onClick={retry}>
            {t("common.retry")}
          </button>
        </div>
      ) : empty && status === "idle" ? (
        <p className="airlock-empty" role="status">
          {search ? t("wallets.noneFoundFor", { search }) : t("wallets.noneFound")}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the getter gives it role="grid" */}
      <div
        ref={scroller}
        {...normalizeProps(
          getWalletGridProps(
            { id },
            {
              label: t("wallets.grid"),
              count: search ? entries.length : Math.max(count, entries.length),
              busy: status === "loading"
            }
          )
        )}
        className="airlock-wallet-grid"
        hidden={empty && status !== "loading"}
        onKeyDown={onGridKeyDown}
      >
        <div role="presentation" className="airlock-wallet-grid-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => (
            <div
              key={row.key}
              {...normalizeProps(getWalletGridRowProps({ id }, row.index))}
              className="airlock-wallet-grid-row"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {entries
                .slice(row.index * WALLET_GRID_COLUMNS, (row.index + 1) * WALLET_GRID_COLUMNS)
                .map((entry, column) => {
                  const index = row.index * WALLET_GRID_COLUMNS + column
                  const { wallet, connector } = entry
                  const installed = connector !== undefined
                  return (
                    <div
                      key={wallet.id}
                      {...normalizeProps(getWalletGridCellProps({ id }, index))}
                      className="airlock-wallet-cell"
                    >
                      <button
                        {...normalizeProps(getWalletItemProps({ id }, { id: wallet.id, name: wallet.name, installed }))}
                        className="airlock-wallet-card"
                        tabIndex={index === focusIndex ? 0 : -1}
                        data-grid-index={index}
                        onFocus={() => setFocusIndex(index)}
                        onClick={() => choose(entry)}
                      >
                        <WalletImage
                          name={wallet.name}
                          url={connector?.imageUrl ?? connector?.info?.icon ?? wallet.image_url}
                          announced={connector?.type === "ANNOUNCED"}
                          size={48}
                        />
                        <span className="airlock-wallet-card-name">{wallet.name}</span>
                        {installed ? (
                          <span className="airlock-wallet-card-tag">{t("wallets.tagInstalled")}</span>
                        ) : null}
                      </button>
                    </div>
                  )
                })}
            </div>
          ))}
        </div>
      </div>
      {failed && !empty ? (
        <div className="airlock-all-wallets-state" role="alert">
          <p className="airlock-empty">{t("wallets.loadMoreFailed")}</p>
          <button type="button" className="airlock-button airlock-retry" onClick={retry}>
            {t("common.retry")}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/**
 * The search field and its clear button. It holds the typed text itself, so a keystroke redraws only this row, not
 * the grid (each keystroke of a word used to redraw every wallet card in sight).
 */
const SearchRow = ({
  search,
  focusGrid,
  onType
}: {
  readonly search: string
  readonly focusGrid: () => boolean
  /** Typing goes back to the grid's top, so the results draw there in the frame they arrive (no scroll to settle). */
  readonly onType: () => void
}) => {
  const client = useAirlock()
  const { t } = useAirlockTranslation()
  // The text typed last, even when its search was still waiting out the delay as the user chose a wallet: Back shows
  // what was typed, not the search that ran before it.
  const [text, setText] = useState(() => client.getState().wallets.query ?? search)
  const input = useRef<HTMLInputElement>(null)
  const onSearch = (value: string) => {
    setText(value)
    onType()
    // Core waits out SPEC §9's 300 ms for a newer keystroke before it asks the registry.
    client.searchWallets(value).catch(ignore)
  }
  const clearSearch = () => {
    setText("")
    client.searchWallets("").catch(ignore)
    input.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && focusGrid()) event.preventDefault()
  }
  return (
    <div className="airlock-search-row">
      <input
        ref={input}
        type="search"
        className="airlock-search"
        aria-label={t("wallets.search")}
        placeholder={t("wallets.search")}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => onSearch(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {text === "" ? null : (
        <button type="button" className="airlock-icon-button airlock-search-clear" onClick={clearSearch}>
          <span aria-hidden="true">×</span>
          <span className="airlock-visually-hidden">{t("wallets.clearSearch")}</span>
        </button>
      )}
    </div>
  )
}
