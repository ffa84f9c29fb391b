/**
 * What the Send view draws, derived from the `send` slice (what the user typed, the step) and the `tokens` resource
 * (the chosen token's current balance): the form's check, the USD value, the error to show and the fee as shown.
 * @module
 */
import { checkSendForm, fromBaseUnits, type SendPreview, sendValueInUsd, toBaseUnits } from "../rules/send.ts"
import { localizeDecimal } from "../schema/format.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { TokenBalance } from "../schema/token.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { type SendFailure, type SendState, type SendStep, sendTokenKey } from "../state/send.ts"
import { connectedResourceKey } from "./resource.ts"
import { selectTokens, type TokensView } from "./tokens.ts"

/**
 * The tokens whose name or symbol contains `search`, ignoring case and the spaces around it: a token picker's search.
 * @example
 * ```ts
 * import { filterTokens } from "airlock-kit"
 * const usdc = { name: "USD Coin", symbol: "USDC", chainId: "eip155:1", price: 1, quantity: { decimals: "6", numeric: "5" } }
 * filterTokens([usdc], " usd ")[0]?.symbol // "USDC"
 * ```
 */
export const filterTokens = (tokens: ReadonlyArray<TokenBalance>, search: string): ReadonlyArray<TokenBalance> => {
  const text = search.trim().toLowerCase()
  return text === "" ? tokens : tokens.filter((t) => `${t.name} ${t.symbol}`.toLowerCase().includes(text))
}

/**
 * A network fee as a preview shows it, written in `locale`: to 6 decimals, half-up ("0.000024"); a fee below that is
 * "< 0.000001".
 * @example
 * ```ts
 * formatSendFee("0.0000215") // "0.000022"
 * formatSendFee("0.0000215", "de") // "0,000022"
 * ```
 */
export const formatSendFee = (fee: string, locale = "en"): string => {
  // In units of 10^-40, then rounded to millionths: exact for any fee a chain gives (18 decimals at most today).
  const units = toBaseUnits(fee, 40)
  if (units === undefined) return fee
  const rounded = fromBaseUnits((units + 5n * 10n ** 33n) / 10n ** 34n, 6)
  return rounded === "0" && units > 0n ? `< ${localizeDecimal("0.000001", locale)}` : localizeDecimal(rounded, locale)
}

/** What {@link selectSend} returns. */
export interface SendView {
  /** Whether an account is connected in the active namespace; there is nothing to send from otherwise. */
  readonly connected: boolean
  /** The namespace the transfer is made in: the active one. */
  readonly namespace: ChainNamespace | undefined
  readonly step: SendStep
  /**
   * The chosen token as the latest token list has it (its balance current): the most valuable one until a choice;
   * `undefined` while the list is empty or when the chosen token left it.
   */
  readonly token: TokenBalance | undefined
  /** The amount as typed (a decimal comma read as a point). */
  readonly amount: string
  /** The receiver as typed: an address or a name. */
  readonly receiver: string
  /** The amount's value in USD at the token's price ("$1,250.00"; no amount is "$0.00"); without a price, `undefined`. */
  readonly valueInUsd: string | undefined
  /** Whether `previewSend()` prepares the transfer: on the form, when the form passes `checkSendForm`. */
  readonly canPreview: boolean
  /**
   * What to tell the user. On the form: a failed preparation or Max, else what the form lacks (`checkSendForm`'s
   * message, with its `SendError` reason). On the preview: a failed send. `undefined` when all is well.
   */
  readonly error: SendFailure | undefined
  /** The transfer to confirm, on the `preview` and `sending` steps. */
  readonly preview: SendPreview | undefined
  /** The preview's network fee as shown (`formatSendFee`: 6 decimals, half-up); the exact one is `preview.fee`. */
  readonly fee: string | undefined
}

interface Derived {
  readonly locale: string
  readonly tokens: TokensView
  readonly namespace: ChainNamespace | undefined
  readonly connected: boolean
  readonly view: SendView
}

// The last view per send slice: the same object back while neither the slice nor the token list changed.
const views = new WeakMap<SendState, Derived>()

const derive = (
  send: SendState,
  tokens: TokensView,
  namespace: ChainNamespace | undefined,
  connected: boolean,
  locale: string
): SendView => {
  const { form, step, preview } = send
  const token = form.token === undefined ? tokens.tokens[0] : tokens.tokens.find((t) => sendTokenKey(t) === form.token)
  const check = checkSendForm({ namespace: namespace ?? "eip155", token, amount: form.amount, receiver: form.receiver })
  const onForm = step === "form" || step === "preparing"
  const problem: SendFailure | undefined = check.ok
    ? undefined
    : {
        name: "SendError",
        reason: check.reason,
        message: { id: `SendError.${check.reason}`, ...("params" in check ? { params: check.params } : {}) }
      }
  return {
    connected,
    namespace,
    step,
    token,
    amount: form.amount,
    receiver: form.receiver,
    valueInUsd: token === undefined ? undefined : sendValueInUsd(form.amount, token.price, locale),
    canPreview: connected && step === "form" && check.ok,
    error: step === "sending" ? undefined : (send.error ?? (onForm ? problem : undefined)),
    preview,
    fee: preview === undefined ? undefined : formatSendFee(preview.fee, locale)
  }
}

/**
 * The Send view of the active namespace's account: the form, the step, the chosen token with its current balance,
 * whether the form can be previewed, the error to show, and the prepared transfer with its fee as shown. The same
 * object is returned while nothing it shows changed, so it can feed `useSyncExternalStore` directly.
 *
 * @example
 * ```ts
 * import { createAirlock, selectSend } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * selectSend(airlock.getState()).step // "form"
 * ```
 */
export const selectSend = (state: AirlockState): SendView => {
  const tokens = selectTokens(state)
  const namespace = state.activeNamespace
  const connected = connectedResourceKey(state, "tokens") !== ""
  const { locale } = state.i18n
  const known = views.get(state.send)
  if (
    known?.tokens === tokens &&
    known.namespace === namespace &&
    known.connected === connected &&
    known.locale === locale
  ) {
    return known.view
  }
  const view = derive(state.send, tokens, namespace, connected, locale)
  views.set(state.send, { tokens, namespace, connected, locale, view })
  return view
}
