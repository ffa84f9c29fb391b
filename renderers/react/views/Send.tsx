"use client"
import { useEffect, useId, useMemo, useRef, useState } from "react"
import type { SendPreview } from "../../../core/rules/send.ts"
import { checkSendForm, fromBaseUnits, sendValueInUsd, toBaseUnits, tokenDecimals } from "../../../core/rules/send.ts"
import { roundHalfUp, trimTrailingZeros } from "../../../core/schema/decimal.ts"
import { formatBalance, truncateAddress } from "../../../core/schema/format.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockTokens } from "../hooks/useAirlockTokens.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const tokenKey = (token: TokenBalance) => token.address ?? `native:${token.symbol}`

const TokenIcon = ({ token }: { readonly token: TokenBalance }) => {
  const icon = safeImageSrc(token.iconUrl)
  return icon === undefined ? (
    <span className="airlock-network-icon" aria-hidden="true" data-size={32}>
      {token.symbol.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img className="airlock-network-icon" src={icon} alt="" width={32} height={32} data-size={32} />
  )
}

/** A fee to 6 decimals, half-up ("0.000024"); the exact one is its title. A fee below that shows as "< 0.000001". */
const displayFee = (fee: string): string => {
  const rounded = trimTrailingZeros(roundHalfUp(fee, 6) ?? fee)
  return rounded === "0" && fee !== "0" ? "< 0.000001" : rounded
}

/** The message of a failed prepare or send, as the user should read it. */
const messageOf = (error: unknown): string =>
  (error as { shortMessage?: string } | null)?.shortMessage ??
  (error instanceof Error ? error.message : "Something went wrong")

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
  const shown = tokens.filter((t) => `${t.name} ${t.symbol}`.toLowerCase().includes(search.trim().toLowerCase()))
  return (
    <div className="airlock-send-picker">
      <input
        ref={input}
        className="airlock-input"
        type="search"
        aria-label="Search tokens"
        placeholder="Search tokens"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className="airlock-list" aria-label="Your tokens">
        {shown.map((token) => (
          <li key={tokenKey(token)} className="airlock-list-entry">
            <button type="button" className="airlock-list-item" onClick={() => onPick(token)}>
              <TokenIcon token={token} />
              <span className="airlock-list-name">{token.name}</span>
              <span className="airlock-send-token-balance">{formatBalance(token.quantity.numeric, token.symbol)}</span>
            </button>
          </li>
        ))}
        {shown.length === 0 ? <li className="airlock-empty">No token matches</li> : null}
      </ul>
    </div>
  )
}

type Step =
  | { readonly name: "form" }
  | { readonly name: "preparing" }
  | { readonly name: "preview"; readonly preview: SendPreview; readonly error?: string }
  | { readonly name: "sending"; readonly preview: SendPreview }

/**
 * Send: a token from the account's list, an amount (with Max and its USD value), and a receiver by address or name.
 * The form says what is missing in SPEC §8's words; Preview shows the transfer with its network fee; Send asks the
 * wallet (the modal waits: "Confirm in your wallet"), then the balances and history are fetched again and Account
 * shows them.
 */
export const Send = (_props: ViewProps) => {
  const client = useAirlock()
  const { address, namespace } = useAirlockAccount()
  const { network } = useAirlockNetwork()
  const { tokens, status } = useAirlockTokens()
  const ids = { token: useId(), tokenButton: useId(), amount: useId(), receiver: useId(), problem: useId() }
  const [tokenId, setTokenId] = useState<string | undefined>(undefined)
  const [picking, setPicking] = useState(false)
  const [amount, setAmount] = useState("")
  const [receiver, setReceiver] = useState("")
  const [step, setStep] = useState<Step>({ name: "form" })
  const [formError, setFormError] = useState<string | undefined>(undefined)
  // The chosen token as the latest list has it (its balance refreshed), the most valuable one until a choice.
  const token = useMemo(
    () => (tokenId === undefined ? tokens[0] : tokens.find((t) => tokenKey(t) === tokenId)),
    [tokens, tokenId]
  )
  if (address === undefined || namespace === undefined) return <p className="airlock-empty">Not connected</p>
  const check = checkSendForm({ namespace, token, amount, receiver })
  const usd = token === undefined ? undefined : sendValueInUsd(amount || "0", token.price)
  const problem = formError ?? (check.ok ? undefined : check.message)

  const preview = async () => {
    setFormError(undefined)
    setStep({ name: "preparing" })
    try {
      setStep({ name: "preview", preview: await client.prepareSend({ namespace, token, amount, receiver }) })
    } catch (error) {
      setFormError(messageOf(error))
      setStep({ name: "form" })
    }
  }
  const max = async () => {
    if (token === undefined) return
    const decimals = tokenDecimals(token)
    if (decimals === undefined) return
    if (token.address !== undefined) return setAmount(token.quantity.numeric)
    // The native coin pays the fee: the balance less the fee of a transfer like this one, with a fifth to spare.
    const balance = toBaseUnits(token.quantity.numeric, decimals) ?? 0n
    try {
      const probe = await client.prepareSend({
        namespace,
        token,
        amount: fromBaseUnits(1n, decimals),
        // The fee barely depends on the receiver: the user's own address stands in until one is typed.
        receiver: receiver.trim() === "" ? address : receiver
      })
      const fee = toBaseUnits(probe.fee, decimals) ?? 0n
      const rest = balance - (fee * 6n) / 5n
      setAmount(fromBaseUnits(rest > 0n ? rest : 0n, decimals))
    } catch (error) {
      setFormError(messageOf(error))
    }
  }
  const send = async (prepared: SendPreview) => {
    setStep({ name: "sending", preview: prepared })
    try {
      await client.send(prepared)
      client.showSnack({ message: `Sent ${prepared.amount} ${prepared.token.symbol}`, variant: "success" })
      client.goBack()
    } catch (error) {
      setStep({ name: "preview", preview: prepared, error: messageOf(error) })
    }
  }

  if (step.name === "preview" || step.name === "sending") {
    const p = step.preview
    const sending = step.name === "sending"
    return (
      <div className="airlock-send" aria-busy={sending}>
        <dl className="airlock-send-summary">
          <div>
            <dt>Sending</dt>
            <dd data-testid="send-preview-amount">
              {p.amount} {p.token.symbol}
              {p.valueInUsd === undefined ? null : <span className="airlock-send-usd"> {p.valueInUsd}</span>}
            </dd>
          </div>
          <div>
            <dt>To</dt>
            <dd title={p.to}>
              {p.receiverProfileName === undefined
                ? truncateAddress(p.to)
                : `${p.receiverProfileName} (${truncateAddress(p.to)})`}
            </dd>
          </div>
          <div>
            <dt>Network</dt>
            <dd>{network?.name}</dd>
          </div>
          <div>
            <dt>Network fee</dt>
            <dd data-testid="send-preview-fee" title={`${p.fee} ${p.feeSymbol}`}>
              {displayFee(p.fee)} {p.feeSymbol}
            </dd>
          </div>
        </dl>
        {sending ? (
          <p className="airlock-send-status" role="status">
            Confirm in your wallet…
          </p>
        ) : null}
        {step.name === "preview" && step.error !== undefined ? (
          <p className="airlock-send-error" role="alert">
            {step.error}
          </p>
        ) : null}
        <div className="airlock-send-actions">
          <button
            type="button"
            className="airlock-button airlock-feature-button"
            disabled={sending}
            onClick={() => setStep({ name: "form" })}
          >
            Edit
          </button>
          <button type="button" className="airlock-button" disabled={sending} onClick={() => void send(p)}>
            {sending ? "Sending…" : "Send"}
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
          setTokenId(tokenKey(picked))
          setFormError(undefined)
          setPicking(false)
        }}
      />
    )
  }

  const preparing = step.name === "preparing"
  return (
    <form
      className="airlock-send"
      onSubmit={(event) => {
        event.preventDefault()
        if (check.ok && !preparing) void preview()
      }}
    >
      <span className="airlock-field-label" id={ids.token}>
        Token
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
          <span className="airlock-list-name">{status === "pending" ? "Loading tokens…" : "Select a token"}</span>
        ) : (
          <>
            <TokenIcon token={token} />
            <span className="airlock-list-name">{token.name}</span>
            <span className="airlock-send-token-balance">
              Balance {formatBalance(token.quantity.numeric, token.symbol)}
            </span>
          </>
        )}
      </button>
      <label className="airlock-field-label" htmlFor={ids.amount}>
        Amount
      </label>
      <div className="airlock-send-amount">
        <input
          id={ids.amount}
          className="airlock-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amount}
          aria-describedby={problem === undefined ? undefined : ids.problem}
          onChange={(event) => {
            setAmount(event.target.value.replace(",", "."))
            setFormError(undefined)
          }}
        />
        <button type="button" className="airlock-button airlock-feature-button" onClick={() => void max()}>
          Max
        </button>
      </div>
      <p className="airlock-send-usd" data-testid="send-usd">
        {usd ?? ""}
      </p>
      <label className="airlock-field-label" htmlFor={ids.receiver}>
        To
      </label>
      <input
        id={ids.receiver}
        className="airlock-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={namespace === "solana" ? "Solana address or name" : "Address or name (0x…, name.eth)"}
        value={receiver}
        aria-describedby={problem === undefined ? undefined : ids.problem}
        onChange={(event) => {
          setReceiver(event.target.value)
          setFormError(undefined)
        }}
      />
      <p id={ids.problem} className="airlock-send-error" aria-live="polite">
        {problem ?? ""}
      </p>
      <button type="submit" className="airlock-button airlock-send-preview" disabled={!check.ok || preparing}>
        {preparing ? "Preparing…" : "Preview send"}
      </button>
    </form>
  )
}
