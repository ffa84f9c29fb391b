import type { AlertCode } from "../errors/alerts.ts"
import type { Messages } from "../i18n/catalogue.ts"
import type { RouterState, SnackMessage } from "../router/index.ts"
import type { ResolvedFeatures } from "../rules/features.ts"
import type { WalletLinking } from "../rules/walletLinks.ts"
import type { AccountState } from "../schema/account.ts"
import type { Connection, Connector } from "../schema/connector.ts"
import type { ErrorEvent } from "../schema/events.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { CaipNetwork } from "../schema/network.ts"
import type { WalletListing } from "../schema/wallet.ts"
import type { NamesState } from "./names.ts"
import type { OnrampState } from "./onramp.ts"
import type { ResourceEntry } from "./ResourceEntry.ts"
import type { SendState } from "./send.ts"
import type { SiwxState } from "./siwx.ts"
import type { SmartSessionsState } from "./smartSessions.ts"
import type { SwapState } from "./swap.ts"
import type { ThemeMode, ThemeVariables } from "./theme.ts"

/**
 * An APKT alert on screen (SPEC §8), as data: its code names its texts in the catalogue, `alert.<code>.title` and
 * `alert.<code>.description`, which a renderer shows in the state's language.
 */
export interface Alert {
  readonly code: AlertCode
  readonly variant: "error" | "warning" | "info"
}

/**
 * A product event (modal opened, wallet connected, …; names in `AirlockEventMap`, docs/events.md), as apps observe each
 * one with `subscribeEvents` / `useAirlockEvents`. An error event (`type: "error"`, `INTERNAL_SDK_ERROR`) carries
 * errorType, errorMessage and stackTrace (SPEC §7).
 */
export interface AirlockEvent {
  /** Epoch milliseconds, from the client's clock. */
  readonly timestamp: number
  readonly data:
    | {
        readonly type: "track"
        readonly event: string
        readonly properties?: Readonly<Record<string, unknown>> | undefined
      }
    | ErrorEvent
}

/**
 * The WalletConnect pairing and wallet (SPEC §4): the URI on offer and when it expires, the registry wallet the user
 * chose for it, and the link that brings that wallet forward for later requests (kept after a phone connection).
 */
export interface WalletConnectState {
  readonly uri: string | undefined
  readonly expiry: number | undefined
  /** The wallet chosen on Connect or All Wallets for this pairing; absent for the plain WalletConnect row. */
  readonly wallet?: WalletListing | undefined
  /** Opens the connected wallet's app (its mobile link, without a pairing URI); only after a phone connection. */
  readonly linking?: WalletLinking | undefined
}

/** The wallet lists the Connect and AllWallets views draw from. */
export interface WalletsState {
  /** The app's featured wallets, then the registry's featured ones (default 4). */
  readonly featured: ReadonlyArray<WalletListing>
  /** The registry's recommended wallets (4). */
  readonly recommended: ReadonlyArray<WalletListing>
  /** The last wallets used here (kept: 2). */
  readonly recent: ReadonlyArray<WalletListing>
  /** Pages of the full registry loaded so far (AllWallets), and the registry's total count. */
  readonly all: ReadonlyArray<WalletListing>
  readonly count: number
  /** The All Wallets search text whose results `all` holds; empty or absent while the paged list is shown. */
  readonly search?: string | undefined
  /** The search text asked for last (a search waits out SPEC §9's 300 ms for a newer one before it runs). */
  readonly query?: string | undefined
  /**
   * Where the All Wallets list stands: `loading` while a page or a search is on its way, `failed` when the last one
   * failed (the view offers Retry), else `idle`. Absent reads as `idle`.
   */
  readonly status?: "idle" | "loading" | "failed" | undefined
}

/**
 * Everything a renderer draws, as one immutable snapshot. Slices are replaced, never mutated, so a selector's result
 * can be compared by reference.
 */
export interface AirlockState {
  /**
   * `initializing` until the options are decoded and the remote project config and stored session are read;
   * `error` when the options were invalid (`ready` rejected and every action rejects with the same error);
   * `destroyed` from the start of `destroy()` on (every action rejects, sync actions do nothing).
   */
  readonly status: "initializing" | "ready" | "error" | "destroyed"
  /**
   * Why the client stopped: the options error's short message when `status` is `error`, a `DestroyedError` once
   * `destroy()` was called; `undefined` otherwise.
   */
  readonly error: { readonly name: string; readonly message: string } | undefined
  readonly modal: RouterState
  /** True for 500 ms after a shake was triggered. */
  readonly shake: boolean
  /** The snack message, a short message shown briefly in the modal (SPEC §4). */
  readonly snack: SnackMessage | undefined
  readonly alert: Alert | undefined
  /** The last product event; sent to analytics too when analytics is on. */
  readonly lastEvent: AirlockEvent | undefined
  /**
   * The language texts are shown in: the locale (a BCP 47 tag; numbers and dates are formatted for it), its writing
   * direction, and its complete catalogue, which renderers look every text up in (`translate`).
   */
  readonly i18n: {
    readonly locale: string
    readonly dir: "ltr" | "rtl"
    readonly messages: Messages
  }
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  /** True while a network switch moves to another namespace (SPEC §4). */
  readonly switchingNamespace: boolean
  /** The namespace the modal currently acts on (the active chain). */
  readonly activeNamespace: ChainNamespace | undefined
  /** The app's networks, in the app's order. */
  readonly networks: ReadonlyArray<CaipNetwork>
  /**
   * The wallet API's image of each app network that names one by `assets.imageId`, by CAIP network id: the URL of
   * `/public/getAssetImage/{imageId}` with the project's parameters, ready for an `<img src>` (check it with
   * `isSafeImageUrl`). A network's own `assets.imageUrl` comes first. An id that is empty, longer than 128 characters
   * or a dot segment (`.`, `..`) gets no entry. Absent until the client has started (core's lazy part), `{}` without a
   * project id.
   */
  readonly networkImages?: Readonly<Record<string, string>> | undefined
  /** The active network of each namespace. */
  readonly activeNetworks: Readonly<Partial<Record<ChainNamespace, CaipNetwork>>>
  /** Account state of every namespace (all seven exist, SPEC §3). */
  readonly accounts: Readonly<Record<ChainNamespace, AccountState>>
  readonly connectors: ReadonlyArray<Connector>
  readonly connections: Readonly<Partial<Record<ChainNamespace, ReadonlyArray<Connection>>>>
  readonly activeConnectorIds: Readonly<Partial<Record<ChainNamespace, string>>>
  readonly wallets: WalletsState
  /**
   * The WalletConnect pairing being offered: its `wc:` URI (the QR's content) and when it expires (epoch ms, 4 minutes
   * after it was made, SPEC §5); both `undefined` when none is offered.
   */
  readonly walletConnect: WalletConnectState
  /** Wallet ids, rdns or names the app excluded (`excludeWalletIds`). */
  readonly excludedWallets: ReadonlyArray<string>
  readonly features: ResolvedFeatures
  /**
   * Account data the modal fetched (tokens…), one entry per resource key (`resourceKey(kind, network, address)`), with
   * its status, data, error and fetch time (`core/resources/resource.ts`).
   */
  readonly resources: Readonly<Record<string, ResourceEntry<unknown>>>
  /**
   * The Send view's form, step, prepared transfer and error (`core/state/send.ts`); `selectSend` gives what a renderer
   * draws. Back to its first value whenever the modal leaves Send or the account or network changes.
   */
  readonly send: SendState
  /** Sign in with the wallet (SIWX): the active account's status and session (`core/state/siwx.ts`). */
  readonly siwx: SiwxState
  /**
   * The RegisterAccountName view's label, check, suggestions and step (`core/state/names.ts`), written by core's names
   * part; absent until `startNameRegistration`. `selectNameRegistration` gives what a renderer draws.
   */
  readonly names?: NamesState | undefined
  /**
   * The connected smart account's smart sessions and a revocation under way (`core/state/smartSessions.ts`), written
   * by core's smart-sessions part; absent until `loadSmartSessions`. `selectSmartSessions` gives what to draw.
   */
  readonly smartSessions?: SmartSessionsState | undefined
  /**
   * The Swap view's form, quote and step (`core/state/swap.ts`), written by core's swap part; absent until
   * `startSwap`. `selectSwap` gives what a renderer draws.
   */
  readonly swap?: SwapState | undefined
  /**
   * The onramp views' form, quote and order (`core/state/onramp.ts`), written by core's onramp part; absent until
   * `startOnramp`. `selectOnramp` gives what a renderer draws.
   */
  readonly onramp?: OnrampState | undefined
  /** Whether an injected (browser extension) wallet was detected on the page. */
  readonly hasInjectedWallet: boolean
  readonly isMobile: boolean
}
