import type * as ManagedRuntime from "effect/ManagedRuntime"
import type { AdapterImplementation } from "../adapter/AdapterImplementation.ts"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { OptionsError } from "../errors/catalogue.ts"
import type { LocaleCatalogue } from "../i18n/catalogue.ts"
import type { OpenParameters, PushData } from "../router/requests.ts"
import type { ShowSnackParameters } from "../router/timings.ts"
import type { View } from "../router/views.ts"
import type { SendPreview } from "../rules/send.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { CaipNetwork } from "../schema/network.ts"
import type { TokenBalance } from "../schema/token.ts"
import type { AirlockEvent, AirlockState } from "../state/AirlockState.ts"
import type { ConnectionEntry } from "../state/connections.ts"
import type { Equals } from "../state/Store.ts"
import type { ThemeMode } from "../state/theme.ts"
import type { WalletTarget } from "../state/walletList.ts"

/** The client's Effect runtime: fails to build (with the `OptionsError`) when the options do not decode. */
export type AirlockRuntime = ManagedRuntime.ManagedRuntime<CoreServices, OptionsError>

/**
 * The public client `createAirlock` returns: plain Promise/callback methods for everyone, and the Effect runtime for
 * Effect users. Every method is safe to call before initialisation has finished. No method throws: on a client in
 * status `error` or `destroyed` the async ones reject with its error and the sync ones do nothing.
 */
export interface AirlockClient {
  /**
   * Opens the modal (SPEC §2 opening rules). The view is in the state when `open` returns; the promise settles once
   * the namespace switch and the open event have run.
   */
  open(parameters?: OpenParameters): Promise<void>
  /** Closes the modal and resets its stack to Connect. */
  close(): Promise<void>
  /** Pushes a view onto the modal's stack. */
  push<V extends View>(view: V, ...data: PushData<V>): void
  /** Goes back one view (SPEC §2 back rules); closes when there is no history left. */
  goBack(): void
  /** Loads the next page of All Wallets (40 a page, SPEC §9); does nothing once every wallet is loaded. */
  loadMoreWallets(): Promise<void>
  /** Searches the wallet registry for All Wallets (100 matches, shown after 300 ms at least); "" ends the search. */
  searchWallets(text: string): Promise<void>
  /**
   * Loads what a custom connect UI lists first (`selectWalletList`): the featured and recommended wallets, when they
   * are not in the state yet, and the registry's first page. Nothing without a WalletConnect connector.
   */
  loadWallets(): Promise<void>
  /**
   * Connects one wallet without the modal: a connector id, an rdns or name of a browser wallet (its extension),
   * `"walletConnect"` (a plain pairing, its URI in `state.walletConnect.uri`), a registry id (WalletConnect with that
   * wallet chosen: `selectWalletList(state).walletConnect` has the URI and the links opening it; on a phone its app
   * opens), or a row of `selectWalletList`. Rejects with `ConnectionError` as `connect` does, 'Failed to connect' for
   * a wallet not found, 'WalletConnectConnector not found' for a registry wallet without `walletConnect()`.
   */
  connectWallet(target: WalletTarget): Promise<void>
  /**
   * Gives up the WalletConnect pairing `connectWallet` offers (a custom connect UI's Back or Cancel): the URI goes,
   * and the pending `connectWallet` rejects. Closing the modal does the same for the modal's own pairings.
   */
  cancelConnectWallet(): Promise<void>
  /** The current state snapshot. */
  getState(): AirlockState
  /**
   * The state a server renders, and the one its HTML is hydrated with: the first snapshot as a server builds it from
   * the options, without the browser's facts (no stored session, so every account `disconnected`; no system colour
   * scheme, so the `themeMode` option or dark; not mobile). The same options give the same snapshot on the server
   * and in the browser, and every call returns the same object. A renderer reads it while rendering on a server and
   * while hydrating (React's `useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)`), then `getState()`: a
   * returning visitor's `connecting` and the system theme come in right after hydration, without a mismatch.
   *
   * @example
   * ```ts
   * airlock.getServerSnapshot().accounts.eip155.status // "disconnected"
   * ```
   */
  getServerSnapshot(): AirlockState
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: (state: AirlockState, previous: AirlockState) => void): () => void
  /**
   * Calls `listener` with each product event as it happens, in order (two in one tick both arrive; `state.lastEvent`
   * keeps only the latest), whatever the analytics setting; returns the unsubscribe function. Names and properties:
   * docs/events.md. A listener that throws is reported on the console and does not stop the others.
   *
   * @example
   * ```ts
   * const stop = airlock.subscribeEvents((event) => console.log(event.data.event, event.timestamp))
   * ```
   */
  subscribeEvents(listener: (event: AirlockEvent) => void): () => void
  /** Calls `onChange` when `selector(state)` changes; returns the unsubscribe function. */
  watch<A>(
    selector: (state: AirlockState) => A,
    onChange: (value: A, previous: A) => void,
    equals?: Equals<A>
  ): () => void
  /**
   * Loads the code of the adapter serving `namespace`, once (opening Connect and a reconnect on start do it too);
   * resolves `undefined` when no adapter with `load` serves it. Rejects with `AdapterLoadError` when `load` fails.
   */
  loadAdapter(namespace: ChainNamespace): Promise<AdapterImplementation | undefined>
  /**
   * Fetches ahead what opening Connect needs: every adapter's code (what `open()` on Connect starts too). A renderer
   * calls it when it fetches its modal's code ahead (the React one: once idle after that), so the first open runs no
   * adapter code. Never rejects: a failed load is retried, and reported, when it is needed.
   */
  preload(): Promise<void>
  /**
   * Connects a discovered connector (one of `state.connectors`): the wallet prompts, then the account, the
   * connector and the wallet's network are in the state. Rejects with `ConnectionError` 'Connection rejected' when
   * the user refuses, 'Failed to connect' otherwise. `network` asks the wallet to start there where it can.
   */
  connect(connectorId: string, options?: { readonly network?: CaipNetwork | undefined }): Promise<void>
  /**
   * Sends a request to the connected wallet of `namespace` (default: the active one). Methods outside SPEC §5's
   * allowlist reject with `RpcError` 'Requested RPC call is not allowed' before reaching the wallet.
   */
  request(
    args: { readonly method: string; readonly params?: unknown },
    options?: { readonly namespace?: ChainNamespace | undefined }
  ): Promise<unknown>
  /**
   * The live object of the active connection (of `namespace`, default the active one): an EIP-1193 provider for
   * EVM, which viem's `custom()` transport takes. `undefined` while disconnected.
   */
  getProvider(namespace?: ChainNamespace): Promise<unknown>
  /**
   * Switches the active network (and namespace, if it differs). A switch the SwitchNetwork view is waiting for closes
   * the modal once the wallet moved.
   */
  switchNetwork(network: CaipNetwork): Promise<void>
  /**
   * What choosing a network in the modal's list does (SPEC §4): the active one goes back; one the connected wallet
   * must move to opens SwitchNetwork (the wallet approves there, then the modal closes); any other is switched to at
   * once, then the modal closes, or shows Connect for another namespace without a connection. Rejects as
   * `switchNetwork` does.
   */
  chooseNetwork(network: CaipNetwork): Promise<void>
  /**
   * Disconnects one namespace, or all of them. A WalletConnect session ends whole: disconnecting one namespace it
   * serves disconnects the others it serves too.
   */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /**
   * The live connections (multi-wallet) of `namespace`, or of every namespace: each with its connector's id, name,
   * type and icon, its namespace, accounts, the account in use and its status (`connected`: the active one;
   * `active`: listed, not in use), the active one of each namespace first. With the project's `multiWallet` off
   * (SPEC §9's default), only the active connections (SPEC §6). Same as `selectConnections(airlock.getState(), ns)`.
   */
  getConnections(namespace?: ChainNamespace): ReadonlyArray<ConnectionEntry>
  /**
   * Switches to a connection (SPEC §4): a listed one becomes the active one of its namespace without a prompt (the
   * wallet confirms it still grants access), with `address` first where the wallet granted it (the embedded wallet
   * switches its account type to it); a connector without a connection opens its login view, which ends on
   * ProfileWallets. `namespace` defaults to the connector's. With `multiWallet` off, anything but the active
   * connection shows an info message and does nothing (SPEC §6). Rejects with `ConnectionError` 'Failed to connect'
   * when the connector is unknown or its wallet no longer grants access (the connection is dropped).
   */
  switchConnection(args: {
    readonly connectorId: string
    readonly namespace?: ChainNamespace | undefined
    readonly address?: string | undefined
  }): Promise<void>
  /**
   * Disconnects one connection, leaving the namespace's others (multi-wallet): the active one hands over to the next
   * listed one, which becomes active; with none left the namespace disconnects as `disconnect(namespace)` does. With
   * `multiWallet` off, only the active connection can be disconnected (another shows an info message).
   */
  disconnectConnection(args: {
    readonly connectorId: string
    readonly namespace?: ChainNamespace | undefined
  }): Promise<void>
  /**
   * Shows Connect to add another wallet (multi-wallet) for `namespace` (default the active one; another becomes the
   * active namespace first). A wallet connected from there, with ProfileWallets below, returns to ProfileWallets.
   * With `multiWallet` off it shows an info message and does nothing (SPEC §6).
   */
  addWallet(namespace?: ChainNamespace): Promise<void>
  /**
   * Refreshes the connected account's data in `namespace` (default: the active one): its native balance and token
   * list (`selectTokens`). Fresh data (SPEC §9 lifetimes: 30 s) is kept without a request, and so is a failure within
   * its 30 s retry block; `force: true` fetches anyway (after a send). Never rejects: a failure is the resource's
   * `error` and the 'Token Balance Unavailable' snack.
   */
  refresh(namespace?: ChainNamespace, options?: { readonly force?: boolean | undefined }): Promise<void>
  /**
   * Loads the connected account's history in `namespace` (default: the active one) on its active network
   * (`selectActivity`): the first page, kept without a request while fresh (15 s); `force: true` fetches it again
   * (after a send); `more: true` appends the next page. Never rejects: a failure is the resource's `error`, an empty
   * list and the 'Failed to fetch transactions' snack.
   */
  loadActivity(
    namespace?: ChainNamespace,
    options?: { readonly force?: boolean | undefined; readonly more?: boolean | undefined }
  ): Promise<void>
  /**
   * Loads the connected account's NFTs in `namespace` (default: the active one) on its active network
   * (`selectNfts`), from Airlock's NFTs endpoint: the first page, kept while fresh (30 s); `force: true` fetches it
   * again; `more: true` appends the next page. Never rejects: a failure is the resource's `error` and the 'Failed to
   * fetch NFTs' snack.
   */
  loadNfts(
    namespace?: ChainNamespace,
    options?: { readonly force?: boolean | undefined; readonly more?: boolean | undefined }
  ): Promise<void>
  /**
   * Checks a send form and prepares the transfer of the connected account in `namespace` (default: the active one):
   * the receiver resolved from a name, the network fee, the request that sends it. Rejects with a `SendError` whose
   * message is for the user (SPEC §8 'An amount and receiver address are required', 'A token is required', …).
   */
  prepareSend(form: {
    readonly namespace?: ChainNamespace | undefined
    readonly token?: TokenBalance | undefined
    readonly amount: string
    readonly receiver: string
  }): Promise<SendPreview>
  /**
   * Sends a prepared transfer through the namespace's connection (the wallet asks the user), waits until it is final,
   * then refetches the balances and history. Resolves its hash (EVM) or signature (Solana); rejects with a
   * `SendError` (`kind: "rejected"` when the user refused).
   */
  send(preview: SendPreview): Promise<{ readonly hash: string }>
  /**
   * Shows every text in `locale`: a bundled locale's tag (its catalogue chunk loads first; a tag Airlock does not
   * bundle keeps English, with a console warning) or a catalogue from `airlock-kit/locales/<tag>`. The state's `i18n`
   * (locale, direction, texts) changes once it is in place; the last call wins.
   */
  setLocale(locale: string | LocaleCatalogue): Promise<void>
  /**
   * The Send view's machine (read it with `selectSend(state)`): chooses the token to send. The form keeps the token's
   * key, so the latest token list gives its balance. Like every edit of the form, it returns to the form step (a
   * preparation under way or a preview is dropped) and clears the error; edits are ignored while sending.
   *
   * The form starts over by itself when the modal leaves Send (back, close, another view) and when the account or the
   * network changes while Send shows. A form filled before Send opens is kept, so an app may prefill it.
   */
  setSendToken(token: TokenBalance): void
  /** Sets the amount to send, as typed; a decimal comma is read as a point ("0,5" is "0.5"). */
  setSendAmount(amount: string): void
  /** Sets the receiver: an address of the namespace, or a name to resolve (`ada.airlock.id`). */
  setSendReceiver(receiver: string): void
  /**
   * Max: sets the amount to the most the chosen token can send. An ERC-20 or SPL token: its whole balance. The native
   * coin: its balance less 1.2 × the network fee of a transfer like this one (asked of the wallet's adapter, to the
   * receiver typed or else the user's own address), never below 0. When that fee cannot be had, the form shows why
   * and the amount stays. Resolves once the amount is set; never rejects for the transfer's own reasons.
   */
  sendMax(): Promise<void>
  /**
   * Prepares the transfer of a form that passes its check (`selectSend(state).canPreview`): step `preparing`, then
   * `preview` with the transfer and its fee; a failure (an unknown name, nothing left for the fee…) returns to the
   * form with its error. Does nothing on another step. Resolves once the step changed; never rejects for the
   * transfer's own reasons.
   */
  previewSend(): Promise<void>
  /** From the preview back to the form, which keeps what was typed. Does nothing on another step. */
  editSend(): void
  /**
   * Sends the previewed transfer (step `sending`: the wallet asks the user). Sent, the 'Sent {amount} {symbol}' snack
   * shows, the balances and history are fetched again, and the modal goes back from Send (to Account) with the form
   * emptied. Refused or failed, the preview shows again with the error ('Transaction rejected in the wallet').
   * Resolves once the step changed; never rejects for the transfer's own reasons.
   */
  confirmSend(): Promise<void>
  /** Empties the Send form and returns it to its first step. */
  resetSend(): void
  setThemeMode(mode: ThemeMode): void
  /**
   * Shows a short message in the modal (the React modal floats it over its title); it replaces the one shown (150 ms
   * apart, SPEC §4) and hides after 2.2 s. The message is a catalogue text (`{ id: "common.addressCopied" }`, shown
   * in the state's language), or the app's own words as a string, shown as written.
   */
  showSnack(parameters: ShowSnackParameters): void
  /** Shakes the modal for 500 ms (e.g. after a rejected request). */
  shake(): void
  /** Resolves when the remote config and stored session have been read. */
  readonly ready: Promise<void>
  /** The Effect runtime with every Airlock service, for Effect users. */
  readonly runtime: AirlockRuntime
  /** Sets status `destroyed`, then releases listeners, timers and connections; every action rejects afterwards. */
  destroy(): Promise<void>
}
