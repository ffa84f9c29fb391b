/**
 * The product events Airlock reports (`airlock.subscribeEvents`, `useAirlockEvents`, the analytics host's `POST /e`),
 * by name, with the properties each carries. The names are AppKit's where AppKit has one for the same moment, so a
 * funnel built on AppKit's events reads Airlock's too; the few Airlock-only names are marked. docs/events.md lists
 * them with when each is sent.
 * @module
 */

/** How a wallet was reached: its QR code, a phone's deep link, a browser extension, or the embedded wallet. */
export type ConnectPlatform = "qrcode" | "mobile" | "browser" | "email"

/** A send's, swap's, sign-in's or name's context: the CAIP-2 network and whether the account is a smart account. */
interface AccountContext {
  readonly network: string | undefined
  readonly isSmartAccount: boolean
}

/** A social login's provider (`google`, `x`, `farcaster`, …). */
interface Social {
  readonly provider: string
}

/** The tokens and amounts of a swap, as the user saw them on the preview. */
interface SwapProperties extends AccountContext {
  readonly swapFromToken: string | undefined
  readonly swapToToken: string | undefined
  readonly swapFromAmount: string | undefined
  readonly swapToAmount: string | undefined
}

/** The token and amount of a send. */
interface SendProperties extends AccountContext {
  readonly token: string | undefined
  readonly amount: string | undefined
}

/**
 * Every `track` event by name, with its properties (`undefined`: none). An error event (`type: "error"`) is
 * `INTERNAL_SDK_ERROR` with errorType, errorMessage and stackTrace, apart from this map (see `ErrorEvent`).
 */
export interface AirlockEventMap {
  // The modal
  readonly MODAL_OPEN: { readonly connected: boolean }
  readonly MODAL_CLOSE: { readonly connected: boolean }
  // Connecting a wallet
  readonly SELECT_WALLET: { readonly name: string; readonly platform: ConnectPlatform }
  readonly CONNECT_SUCCESS: {
    readonly method: ConnectPlatform
    readonly name: string
    readonly caipNetworkId?: string | undefined
  }
  readonly CONNECT_ERROR: { readonly message: string }
  readonly DISCONNECT_SUCCESS: { readonly namespace: string; readonly connectorId?: string | undefined }
  /** A wallet did not confirm the disconnect (the app disconnects anyway). */
  readonly DISCONNECT_ERROR: { readonly namespace: string; readonly message: string }
  readonly CLICK_ALL_WALLETS: undefined
  /** Airlock-only: another of the connected wallets became the active one (multi-wallet). */
  readonly SWITCH_CONNECTION: { readonly name: string; readonly namespace: string }
  // Networks
  readonly CLICK_NETWORKS: undefined
  readonly SWITCH_NETWORK: { readonly network: string }
  // Email login (the embedded wallet)
  readonly EMAIL_SUBMITTED: undefined
  readonly DEVICE_REGISTERED_FOR_EMAIL: undefined
  readonly EMAIL_VERIFICATION_CODE_SENT: undefined
  readonly EMAIL_VERIFICATION_CODE_PASS: undefined
  readonly EMAIL_VERIFICATION_CODE_FAIL: { readonly message: string }
  readonly EMAIL_EDIT: undefined
  // Social login (the embedded wallet; Farcaster too)
  readonly SOCIAL_LOGIN_STARTED: Social
  readonly SOCIAL_LOGIN_REQUEST_USER_DATA: Social
  readonly SOCIAL_LOGIN_SUCCESS: Social
  readonly SOCIAL_LOGIN_CANCELED: Social
  readonly SOCIAL_LOGIN_ERROR: Social
  readonly SET_PREFERRED_ACCOUNT_TYPE: { readonly accountType: string; readonly network: string | undefined }
  // Sign in with the wallet (SIWX)
  readonly CLICK_SIGN_SIWX_MESSAGE: AccountContext
  readonly CLICK_CANCEL_SIWX: AccountContext
  readonly SIWX_AUTH_SUCCESS: AccountContext
  readonly SIWX_AUTH_ERROR: AccountContext & { readonly message: string }
  // Send
  readonly OPEN_SEND: AccountContext
  readonly SEND_INITIATED: SendProperties
  readonly SEND_SUCCESS: SendProperties
  readonly SEND_ERROR: SendProperties & { readonly message: string }
  // Swap
  readonly OPEN_SWAP: AccountContext
  readonly INITIATE_SWAP: SwapProperties
  readonly SWAP_SUCCESS: SwapProperties
  readonly SWAP_ERROR: SwapProperties & { readonly message: string }
  /** Airlock-only: the swap's token allowance was approved. */
  readonly SWAP_APPROVE_SUCCESS: SwapProperties
  readonly SWAP_APPROVAL_ERROR: SwapProperties & { readonly message: string }
  // Onramp
  readonly SELECT_BUY_CRYPTO: { readonly isSmartAccount: boolean }
  readonly SELECT_BUY_PROVIDER: { readonly provider: string; readonly isSmartAccount: boolean }
  // Account names
  readonly OPEN_ENS_FLOW: { readonly isSmartAccount: boolean }
  readonly REGISTER_NAME_INITIATED: { readonly isSmartAccount: boolean; readonly ensName: string }
  readonly REGISTER_NAME_SUCCESS: { readonly isSmartAccount: boolean; readonly ensName: string }
  readonly REGISTER_NAME_ERROR: { readonly isSmartAccount: boolean; readonly ensName: string; readonly error: string }
}

/** The name of a `track` event, such as `"MODAL_OPEN"`. */
export type AirlockEventName = keyof AirlockEventMap

/** The properties of event `K` (`undefined` for an event that has none). */
export type AirlockEventProperties<K extends AirlockEventName> = AirlockEventMap[K]

/** The name of the error event: an unexpected failure inside Airlock, with errorType, errorMessage and stackTrace. */
export const internalErrorEvent = "INTERNAL_SDK_ERROR"

/** An error report: SPEC §7 says error events carry errorType, errorMessage and stackTrace. */
export interface ErrorEvent {
  readonly type: "error"
  readonly event: string
  readonly errorType: string
  readonly errorMessage: string
  readonly stackTrace?: string | undefined
  readonly properties?: Readonly<Record<string, unknown>> | undefined
}
