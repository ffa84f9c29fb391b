"use client"
import {
  type AirlockState,
  approveSwap,
  editSwap,
  executeSwap,
  filterSwapTokens,
  flipSwap,
  formatBalance,
  getViewParams,
  localizeDecimal,
  type MessageId,
  previewSwap,
  type SwapProblem,
  type SwapTokenView,
  selectSwap,
  setSwapAmount,
  setSwapTokens,
  startSwap,
  swapMax
} from "airlock-kit"
import { useEffect, useId, useRef, useState } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { TokenIcon } from "../internal/TokenIcon.tsx"
import type { ViewProps } from "../modal/ViewProps.ts"

/** What the form's button says while something is missing. */
const problemTexts = {
  enterAmount: "swap.enterAmount",
  selectToken: "send.selectToken",
  invalidAmount: "SendError.InvalidAmount",
  insufficientBalance: "SendError.InsufficientBalance",
  insufficientLiquidity: "swap.insufficientLiquidity"
} as const satisfies Record<SwapProblem, MessageId>

const selectParams = (state: AirlockState) => getViewParams(state.modal, "Swap")

/** The network's swap tokens to choose from, holdings first, with a search field. */
const TokenPicker = ({
  tokens,
  label,
  onPick
}: {
  readonly tokens: ReadonlyArray<SwapTokenView>
  readonly label: string
  readonly onPick: (token: SwapTokenView) => void
}) => {
  const [search, setSearch] = useState("")
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  const shown = filterSwapTokens(tokens, search)
  const { t, locale } = useAirlockTranslation()
  return (
    <div className="airlock-send-picker">
      <p className="airlock-field-label">{label}</p>
      <input
        ref={input}
        className="airlock-input"
        type="search"
        aria-label={t("send.searchTokens")}
        placeholder={t("send.searchTokens")}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className="airlock-list" aria-label={label}>
        {shown.map((token) => (
          <li key={token.address} className="airlock-list-entry">
            <button type="button" className="airlock-list-item" onClick={() => onPick(token)}>
              <TokenIcon symbol={token.symbol} src={token.logoUri} />
              <span className="airlock-list-name">
                {token.symbol}
                <span className="airlock-swap-token-name"> {token.name}</span>
              </span>
              <span className="airlock-send-token-balance">{formatBalance(token.balance, undefined, locale)}</span>
            </button>
          </li>
        ))}
        {shown.length === 0 ? <li className="airlock-empty">{t("send.noTokenMatches")}</li> : null}
      </ul>
    </div>
  )
}

/** A token button of the form: its icon and symbol, or "Select a token". */
const TokenButton = ({
  token,
  side,
  describedBy,
  onClick
}: {
  readonly token: SwapTokenView | undefined
  readonly side: "from" | "to"
  /** The id of the side's label ("You pay"), which describes the button. */
  readonly describedBy: string
  readonly onClick: () => void
}) => {
  const { t } = useAirlockTranslation()
  return (
    <button
      type="button"
      className="airlock-list-item airlock-swap-token"
      aria-describedby={describedBy}
      data-testid={`swap-${side}-token`}
      onClick={onClick}
    >
      {token === undefined ? (
        <span className="airlock-list-name">{t("send.selectToken")}</span>
      ) : (
        <>
          <TokenIcon symbol={token.symbol} src={token.logoUri} />
          <span className="airlock-list-name">{token.symbol}</span>
        </>
      )}
    </button>
  )
}

/**
 * Swap (eip155): draws core's swap machine (`selectSwap`) and forwards the user's intents to it. The form (the token
 * to pay with and its amount, Max, flip, the token to receive and what the quote gives, their USD values), the token
 * picker (the network's swap tokens, holdings first, searchable) and the preview (rate, price impact, network fee,
 * minimum received; Approve before Swap when the allowance is short). Only focus and which picker shows are its own.
 */
export const Swap = (_props: ViewProps) => {
  const client = useAirlock()
  const swap = useAirlockSelector(selectSwap)
  const params = useAirlockSelector(selectParams)
  const ids = { amount: useId(), fromLabel: useId(), toLabel: useId(), problem: useId() }
  const [picking, setPicking] = useState<"from" | "to" | undefined>(undefined)
  const { t, text, locale } = useAirlockTranslation()
  // Core starts the swap (tokens, balances, prices) when the view shows, and again after it forgot it (a network
  // or account change).
  const idle = swap.status === "idle"
  useEffect(() => {
    if (idle) void startSwap(client, params)
  }, [client, idle, params])

  const error = swap.error === undefined ? undefined : text(swap.error.message)
  if (swap.status === "unsupported") {
    return (
      <p className="airlock-empty" role="alert">
        {error}
      </p>
    )
  }
  if (swap.status !== "ready") {
    return (
      <p className="airlock-empty" role="status">
        {t("common.loading")}
      </p>
    )
  }

  const { from, to } = swap
  if (picking !== undefined) {
    return (
      <TokenPicker
        tokens={swap.tokens}
        label={picking === "from" ? t("swap.youPay") : t("swap.youReceive")}
        onPick={(token) => {
          void setSwapTokens(client, picking === "from" ? { from: token.address } : { to: token.address })
          setPicking(undefined)
        }}
      />
    )
  }

  const busy = swap.step === "approving" || swap.step === "swapping"
  if (swap.step === "preview" || busy) {
    const approving = swap.needsApproval
    return (
      <div className="airlock-send" aria-busy={busy}>
        <dl className="airlock-send-summary">
          <div>
            <dt>{t("swap.youPay")}</dt>
            <dd data-testid="swap-preview-from">
              {localizeDecimal(swap.amount, locale)} {from?.symbol}
            </dd>
          </div>
          <div>
            <dt>{t("swap.youReceive")}</dt>
            <dd data-testid="swap-preview-to">
              {localizeDecimal(swap.toAmount ?? "0", locale)} {to?.symbol}
            </dd>
          </div>
          <div>
            <dt>{t("swap.rateLabel")}</dt>
            <dd>
              {t("swap.rate", {
                from: from?.symbol ?? "",
                rate: localizeDecimal(swap.rate ?? "0", locale),
                to: to?.symbol ?? ""
              })}
            </dd>
          </div>
          {swap.priceImpact === undefined ? null : (
            <div>
              <dt>{t("swap.priceImpact")}</dt>
              <dd>{t("swap.percent", { value: localizeDecimal(String(swap.priceImpact), locale) })}</dd>
            </div>
          )}
          <div>
            <dt>{t("swap.networkFee")}</dt>
            <dd data-testid="swap-preview-fee">
              {swap.fee} {swap.feeSymbol}
              {swap.feeUsd === undefined ? null : <span className="airlock-send-usd"> {swap.feeUsd}</span>}
            </dd>
          </div>
          <div>
            <dt>{t("swap.minimumReceived")}</dt>
            <dd data-testid="swap-preview-minimum">
              {localizeDecimal(swap.minimumReceived ?? "0", locale)} {to?.symbol}
            </dd>
          </div>
        </dl>
        {approving ? <p className="airlock-send-usd">{t("swap.approveHint", { symbol: from?.symbol ?? "" })}</p> : null}
        {busy ? (
          <p className="airlock-send-status" role="status">
            {t("send.confirmInWallet")}
          </p>
        ) : null}
        {error === undefined ? null : (
          <p className="airlock-send-error" role="alert">
            {error}
          </p>
        )}
        <div className="airlock-send-actions">
          <button
            type="button"
            className="airlock-button airlock-feature-button"
            disabled={busy}
            onClick={() => void editSwap(client)}
          >
            {t("send.edit")}
          </button>
          {approving ? (
            <button type="button" className="airlock-button" disabled={busy} onClick={() => void approveSwap(client)}>
              {swap.step === "approving" ? t("swap.approving") : t("swap.approve", { symbol: from?.symbol ?? "" })}
            </button>
          ) : (
            <button type="button" className="airlock-button" disabled={busy} onClick={() => void executeSwap(client)}>
              {swap.step === "swapping" ? t("swap.swapping") : t("swap.swap")}
            </button>
          )}
        </div>
      </div>
    )
  }

  const pending = swap.quoteStatus === "pending"
  const action =
    swap.step === "preparing"
      ? t("send.preparing")
      : swap.problem !== undefined
        ? t(problemTexts[swap.problem])
        : pending
          ? t("swap.fetchingQuote")
          : t("swap.review")
  return (
    <form
      className="airlock-send airlock-swap"
      onSubmit={(event) => {
        event.preventDefault()
        void previewSwap(client)
      }}
    >
      <div className="airlock-swap-side">
        <label className="airlock-field-label" htmlFor={ids.amount} id={ids.fromLabel}>
          {t("swap.youPay")}
        </label>
        <div className="airlock-send-amount">
          <input
            id={ids.amount}
            className="airlock-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={swap.amount}
            aria-describedby={error === undefined ? undefined : ids.problem}
            onChange={(event) => void setSwapAmount(client, event.target.value)}
          />
          <TokenButton token={from} side="from" describedBy={ids.fromLabel} onClick={() => setPicking("from")} />
        </div>
        <p className="airlock-swap-line">
          <span className="airlock-send-usd" data-testid="swap-from-usd">
            {swap.fromValueUsd ?? ""}
          </span>
          {from === undefined ? null : (
            <span className="airlock-send-token-balance">
              {t("send.balance", { balance: formatBalance(from.balance, from.symbol, locale) })}{" "}
              <button type="button" className="airlock-link-button" onClick={() => void swapMax(client)}>
                {t("send.max")}
              </button>
            </span>
          )}
        </p>
      </div>
      <button
        type="button"
        className="airlock-icon-button airlock-swap-flip"
        aria-label={t("swap.flip")}
        onClick={() => void flipSwap(client)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path
            d="M5 2.5v11m0 0L2.5 11M5 13.5 7.5 11M11 13.5v-11m0 0L8.5 5M11 2.5 13.5 5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <div className="airlock-swap-side">
        <span className="airlock-field-label" id={ids.toLabel}>
          {t("swap.youReceive")}
        </span>
        <div className="airlock-send-amount">
          <output className="airlock-input airlock-swap-out" data-testid="swap-to-amount" aria-busy={pending}>
            {swap.toAmount === undefined ? "0" : localizeDecimal(swap.toAmount, locale)}
          </output>
          <TokenButton token={to} side="to" describedBy={ids.toLabel} onClick={() => setPicking("to")} />
        </div>
        <p className="airlock-swap-line">
          <span className="airlock-send-usd" data-testid="swap-to-usd">
            {swap.toValueUsd ?? ""}
          </span>
          {to === undefined ? null : (
            <span className="airlock-send-token-balance">
              {t("send.balance", { balance: formatBalance(to.balance, to.symbol, locale) })}
            </span>
          )}
        </p>
      </div>
      <p id={ids.problem} className="airlock-send-error" aria-live="polite">
        {error ?? ""}
      </p>
      <button type="submit" className="airlock-button airlock-send-preview" disabled={!swap.canPreview}>
        {action}
      </button>
    </form>
  )
}
