/**
 * A wallet button's anatomy, zag-style: {@link walletButton} turns the client and a target into the button's state
 * and props (its handler included), so any renderer spreads one button that connects one wallet without the modal:
 * a browser wallet by id, rdns or name, `walletConnect` or a registry wallet (WalletConnect with that wallet chosen).
 * Email and social logins need the embedded wallet's steps (the code, the provider's window): their buttons open the
 * modal at that step (Email Login, the social provider's connecting view), as AppKit's wallet button does.
 * @module
 */
import { translate } from "../i18n/catalogue.ts"
import type { OpenParameters } from "../router/requests.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { WalletTarget } from "../state/walletList.ts"

/**
 * What a wallet button connects: `{ wallet }` a wallet (a connector id, an rdns, a name, `"walletConnect"`, a registry
 * id, or a row of `selectWalletList`); `{ email: true }` the email login; `{ social }` a social provider (`"google"`,
 * `"x"`, `"farcaster"`, …).
 */
export type WalletButtonTarget =
  | { readonly wallet: WalletTarget }
  | { readonly email: true }
  | { readonly social: string }

/** What the button needs of the client: its state, `connectWallet` and `open`. An `AirlockClient` is one. */
export interface WalletButtonClient {
  getState(): AirlockState
  connectWallet(target: WalletTarget): Promise<void>
  open(parameters?: OpenParameters): Promise<void>
}

/**
 * The button's state: `connecting` while its connect is under way, `connected` once its wallet is an active
 * connection, `unavailable` when nothing here can connect it (no such browser wallet and no WalletConnect for a
 * registry wallet; no embedded wallet for email and social), else `idle`.
 */
export type WalletButtonStatus = "idle" | "connecting" | "connected" | "unavailable"

/** What {@link walletButton} gives. */
export interface WalletButtonApi {
  readonly status: WalletButtonStatus
  /** The visible text: the wallet's name, 'Continue with Email', 'Continue with {provider}'. */
  readonly label: string
  /** The wallet's image (its announced icon or registry image, checked safe); `undefined` for email and social. */
  readonly imageUrl: string | undefined
  /** The wallet is in this browser (its extension connects it). */
  readonly installed: boolean
  /**
   * Connects (email, social: opens the modal at their step). Rejects as `connectWallet` does ('Connection rejected',
   * 'Failed to connect'); the button's `onClick` ignores the rejection, call this to show it.
   */
  connect(): Promise<void>
  /** The button's props: type, data-* (scope, part, state, wallet id), `aria-busy`, `disabled`, `onClick`. */
  getButtonProps(): WalletButtonProps
}

/** The props of a wallet button, for `spreadProps` or a framework's normaliser. */
export interface WalletButtonProps {
  readonly type: "button"
  readonly "data-scope": "wallet-button"
  readonly "data-part": "button"
  readonly "data-state": WalletButtonStatus
  readonly "data-wallet-id": string
  readonly "aria-busy": boolean
  readonly disabled: boolean
  readonly onClick: () => void
}

/** The attempts under way, per client and target key: a button shows `connecting` for its own attempt only. */
const pending = new WeakMap<object, Set<string>>()

const keyOf = (target: WalletButtonTarget): string =>
  "wallet" in target
    ? typeof target.wallet === "string"
      ? target.wallet
      : (target.wallet.connectorId ?? target.wallet.id)
    : "email" in target
      ? "email"
      : `social:${target.social}`

const socialNames: Readonly<Record<string, string>> = {
  google: "Google",
  x: "X",
  discord: "Discord",
  farcaster: "Farcaster",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook"
}

const hasEmbedded = (state: AirlockState) => state.connectors.some((connector) => connector.type === "AUTH")

/** The wallet a `{ wallet }` target names, as the state knows it: its connector, else its registry listing. */
const describeWallet = (state: AirlockState, target: WalletTarget) => {
  const key = typeof target === "string" ? target : (target.connectorId ?? target.id)
  // For its name and picture only (`connectWallet` resolves the target itself, in core's lazy part): the connector by
  // id, rdns or name, else a registry wallet the state holds.
  const name = key.trim().toLowerCase()
  const connector =
    state.connectors.find((c) => c.id === key) ??
    state.connectors.find((c) =>
      name === "walletconnect"
        ? c.type === "WALLET_CONNECT"
        : c.type !== "AUTH" && c.type !== "ID_AUTH" && (c.info?.rdns === key || c.name.toLowerCase() === name)
    )
  const { recent, featured, recommended, all } = state.wallets
  const listing =
    (typeof target === "string" ? undefined : target.listing) ??
    [...recent, ...featured, ...recommended, ...all].find((w) => w.id === key || (w.rdns !== null && w.rdns === key))
  const walletConnect = state.connectors.some((c) => c.type === "WALLET_CONNECT")
  const installed = connector !== undefined && connector.type !== "WALLET_CONNECT" && connector.type !== "EXTERNAL"
  const connected =
    connector !== undefined
      ? Object.values(state.activeConnectorIds).includes(connector.id) &&
        (connector.type !== "WALLET_CONNECT" || listing === undefined || state.walletConnect.wallet?.id === listing.id)
      : listing !== undefined &&
        state.walletConnect.wallet?.id === listing.id &&
        state.connectors.some(
          (c) => c.type === "WALLET_CONNECT" && Object.values(state.activeConnectorIds).includes(c.id)
        )
  return {
    name: connector?.name ?? listing?.name ?? (typeof target === "string" ? target : target.id),
    imageUrl: connector?.imageUrl ?? connector?.info?.icon ?? listing?.image_url ?? undefined,
    installed,
    connected,
    // A registry wallet (known or to be looked up) connects only through WalletConnect.
    available: connector !== undefined || walletConnect
  }
}

/**
 * A wallet button's state and props for `target` on `client` (see {@link WalletButtonTarget}). Call it on every
 * state change, as `connectDialog`: it reads the client's state each time.
 *
 * @example
 * ```ts
 * import { spreadProps, walletButton } from "airlock-kit"
 * const button = document.body.appendChild(document.createElement("button"))
 * const render = () => {
 *   const api = walletButton({ client: airlock, target: { wallet: "io.metamask" } })
 *   spreadProps(button, api.getButtonProps())
 *   button.textContent = api.label
 * }
 * airlock.subscribe(render)
 * render()
 * ```
 */
export const walletButton = (ctx: {
  readonly client: WalletButtonClient
  readonly target: WalletButtonTarget
}): WalletButtonApi => {
  const { client, target } = ctx
  const state = client.getState()
  const key = keyOf(target)
  const attempts = pending.get(client) ?? new Set<string>()
  pending.set(client, attempts)
  const anyConnecting = Object.values(state.accounts).some((account) => account.status === "connecting")
  const connecting = attempts.has(key) && anyConnecting
  const messages = state.i18n.messages
  let label: string
  let imageUrl: string | undefined
  let installed = false
  let status: WalletButtonStatus
  let run: () => Promise<void>
  if ("wallet" in target) {
    const wallet = describeWallet(state, target.wallet)
    label = wallet.name
    imageUrl = wallet.imageUrl
    installed = wallet.installed
    status = connecting ? "connecting" : wallet.connected ? "connected" : wallet.available ? "idle" : "unavailable"
    run = () => client.connectWallet(target.wallet)
  } else if ("email" in target) {
    label = translate(messages, "connect.email")
    status = hasEmbedded(state) && state.features.email ? "idle" : "unavailable"
    run = () => client.open({ view: "EmailLogin" })
  } else {
    const provider = target.social
    label = translate(messages, "connect.social", { provider: socialNames[provider] ?? provider })
    const { socials } = state.features
    status = hasEmbedded(state) && socials !== false && socials.some((s) => s === provider) ? "idle" : "unavailable"
    run = () =>
      provider === "farcaster"
        ? client.open({ view: "ConnectingFarcaster" })
        : client.open({ view: "ConnectingSocial", data: { provider } })
  }
  const connect = (): Promise<void> => {
    attempts.add(key)
    return run().finally(() => attempts.delete(key))
  }
  return {
    status,
    label,
    imageUrl,
    installed,
    connect,
    getButtonProps: () => ({
      type: "button",
      "data-scope": "wallet-button",
      "data-part": "button",
      "data-state": status,
      "data-wallet-id": key,
      "aria-busy": status === "connecting",
      disabled: status === "connecting" || status === "unavailable",
      onClick: () => void connect().catch(() => undefined)
    })
  }
}

/**
 * The props of a wallet button for `target` (`walletButton(ctx).getButtonProps()`).
 *
 * @example
 * ```ts
 * import { getWalletButtonProps, spreadProps } from "airlock-kit"
 * const button = document.body.appendChild(document.createElement("button"))
 * spreadProps(button, getWalletButtonProps({ client: airlock, target: { wallet: "walletConnect" } }))
 * ```
 */
export const getWalletButtonProps = (ctx: {
  readonly client: WalletButtonClient
  readonly target: WalletButtonTarget
}): WalletButtonProps => walletButton(ctx).getButtonProps()
