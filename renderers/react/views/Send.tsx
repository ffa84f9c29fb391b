"use client"
import {
  filterTokens,
  formatBalance,
  localizeDecimal,
  selectSend,
  sendTokenKey,
  sendValueInUsd,
  type TokenBalance,
  truncateAddress
} from "airlock-kit"
import { useEffect, useId, useRef, useState } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTokens } from "../hooks/useAirlockTokens.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { TokenIcon } from "../internal/TokenIcon.tsx"
import type { ViewProps } from "../modal/ViewProps.ts"

/** The token list to choose from: a search field over the account's tokens on its network. */
const TokenPicker = ({
  tokens,
  onPick
}: {
  readonly tokens: ReadonlyArray<TokenBalance>
  readonly onPick: (token: TokenBalance) => void
}) => {
  const [search, setSearch] = useState("")
  // The search field takes focus when the picker opens: typing filters at once.
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  const shown = filterTokens(tokens, search)
  const { t, locale } = useAirlockTranslation()
  return (
    <div className="airlock-send-picker">
      <input
        ref={input}
        className="airlock-input"
        type="search"
        aria-label={t("send.searchTokens")}
        placeholder={t("send.searchTokens")}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className="airlock-list" aria-label={t("send.yourTokens")}>
        {shown.map((token) => (
          <li key={sendTokenKey(token)} className="airlock-list-entry">
            <button type="button" className="airlock-list-item" onClick={() => onPick(token)}>
              <TokenIcon symbol={token.symbol} src={token.iconUrl} />
              <span className="airlock-list-name">{token.name}</span>
              <span className="airlock-send-token-balance">
                {formatBalance(token.quantity.numeric, token.symbol, locale)}
              </span>
            </button>
          </li>
        ))}
        {shown.length === 0 ? <li className="airlock-empty">{t("send.noTokenMatches")}</li> : null}
      </ul>
    </div>
  )
}

/**
 * Send: draws core's Send machine (`selectSend`) and forwards the user's intents to the client. A token from the
 * account's list, an amount (with Max and its USD value), and a receiver by address or name; the form says what is
 * missing in SPEC §8's words; Preview shows the transfer with its network fee; Send asks the wallet (the modal waits:
 * "Confirm in your wallet"), then Account shows the new balances. Only focus and the picker are the view's own.
 */
export const Send = (_props: ViewProps) => {
  const client = useAirlock()
  const send = useAirlockSelector(selectSend)
  const { network } = useAirlockNetwork()
  // The list to pick from; mounting fetches it again when it is older than its 30 s lifetime.
  const { tokens, status } = useAirlockTokens()
  const ids = { token: useId(), tokenButton: useId(), amount: useId(), receiver: useId(), problem: useId() }
  const [picking, setPicking] = useState(false)
  const { t, text, locale } = useAirlockTranslation()
  if (!send.connected) return <p className="airlock-empty">{t("send.notConnected")}</p>

  if ((send.step === "preview" || send.step === "sending") && send.preview !== undefined) {
    const p = send.preview
    const sending = send.step === "sending"
    return (
      <div className="airlock-send" aria-busy={sending}>
        <dl className="airlock-send-summary">
          <div>
            <dt>{t("send.summarySending")}</dt>
            <dd data-testid="send-preview-amount">
              {localizeDecimal(p.amount, locale)} {p.token.symbol}
              {p.valueInUsd === undefined ? null : (
                <span className="airlock-send-usd"> {sendValueInUsd(p.amount, p.token.price, locale)}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t("send.summaryTo")}</dt>
            <dd data-testid="send-preview-to" title={p.to}>
              {p.receiverProfileName === undefined
                ? truncateAddress(p.to)
                : t("send.namedReceiver", { name: p.receiverProfileName, address: truncateAddress(p.to) })}
            </dd>
          </div>
          <div>
            <dt>{t("send.summaryNetwork")}</dt>
            <dd>{network?.name}</dd>
          </div>
          <div>
            <dt>{t("send.summaryFee")}</dt>
            <dd data-testid="send-preview-fee" title={`${p.fee} ${p.feeSymbol}`}>
              {send.fee} {p.feeSymbol}
            </dd>
          </div>
        </dl>
        {sending ? (
          <p className="airlock-send-status" role="status">
            {t("send.confirmInWallet")}
          </p>
        ) : null}
        {send.error === undefined ? null : (
          <p className="airlock-send-error" role="alert">
            {text(send.error.message)}
          </p>
        )}
        <div className="airlock-send-actions">
          <button
            type="button"
            className="airlock-button airlock-feature-button"
            disabled={sending}
            onClick={() => client.editSend()}
          >
            {t("send.edit")}
          </button>
          <button type="button" className="airlock-button" disabled={sending} onClick={() => void client.confirmSend()}>
            {sending ? t("send.sending") : t("send.send")}
          </button>
        </div>
      </div>
    )
  }

  if (picking) {
    return (
      <TokenPicker
        tokens={tokens}
        onPick={(picked) => {
          client.setSendToken(picked)
          setPicking(false)
        }}
      />
    )
  }

  const { token } = send
  const problem = send.error === undefined ? undefined : text(send.error.message)
  const preparing = send.step === "preparing"
  return (
    <form
      className="airlock-send"
      onSubmit={(event) => {
        event.preventDefault()
        void client.previewSend()
      }}
    >
      <span className="airlock-field-label" id={ids.token}>
        {t("send.tokenLabel")}
      </span>
      <button
        type="button"
        id={ids.tokenButton}
        className="airlock-list-item airlock-send-token"
        aria-describedby={ids.token}
        onClick={() => setPicking(true)}
        disabled={tokens.length === 0}
      >
        {token === undefined ? (
          <span className="airlock-list-name">
            {status === "pending" ? t("send.loadingTokens") : t("send.selectToken")}
          </span>
        ) : (
          <>
            <TokenIcon symbol={token.symbol} src={token.iconUrl} />
            <span className="airlock-list-name">{token.name}</span>
            <span className="airlock-send-token-balance">
              {t("send.balance", { balance: formatBalance(token.quantity.numeric, token.symbol, locale) })}
            </span>
          </>
        )}
      </button>
      <label className="airlock-field-label" htmlFor={ids.amount}>
        {t("send.amountLabel")}
      </label>
      <div className="airlock-send-amount">
        <input
          id={ids.amount}
          className="airlock-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={send.amount}
          aria-describedby={problem === undefined ? undefined : ids.problem}
          onChange={(event) => client.setSendAmount(event.target.value)}
        />
        <button type="button" className="airlock-button airlock-feature-button" onClick={() => void client.sendMax()}>
          {t("send.max")}
        </button>
      </div>
      <p className="airlock-send-usd" data-testid="send-usd">
        {send.valueInUsd ?? ""}
      </p>
      <label className="airlock-field-label" htmlFor={ids.receiver}>
        {t("send.receiverLabel")}
      </label>
      <input
        id={ids.receiver}
        className="airlock-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={
          send.namespace === "solana" ? t("send.receiverPlaceholderSolana") : t("send.receiverPlaceholderEvm")
        }
        value={send.receiver}
        aria-describedby={problem === undefined ? undefined : ids.problem}
        onChange={(event) => client.setSendReceiver(event.target.value)}
      />
      <p id={ids.problem} className="airlock-send-error" aria-live="polite">
        {problem ?? ""}
      </p>
      <button type="submit" className="airlock-button airlock-send-preview" disabled={!send.canPreview}>
        {preparing ? t("send.preparing") : t("send.preview")}
      </button>
    </form>
  )
}
