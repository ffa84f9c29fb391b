import * as Schema from "effect/Schema"
import { accountTabs } from "./accountTabs.ts"
import { SocialProvider } from "./login.ts"
import { AccountType, PreferredAccountType } from "./namespace.ts"
import { CaipAddress } from "./network.ts"
import { TokenBalance } from "./token.ts"

export { accountTabs } from "./accountTabs.ts"

/**
 * Connection status of one chain namespace (SPEC §4).
 * @example
 * ```ts
 * const s: ConnectionStatus = "connecting"
 * ```
 */
export const ConnectionStatus = Schema.Literals(["disconnected", "connecting", "connected"])
/** Connection status of one chain namespace. */
export type ConnectionStatus = typeof ConnectionStatus.Type

/**
 * An account view tab: `Tokens`, `NFTs` or `Activity`.
 * @example
 * ```ts
 * const t: AccountTab = "NFTs"
 * ```
 */
export const AccountTab = Schema.Literals(accountTabs)
/** An account view tab. */
export type AccountTab = typeof AccountTab.Type

/**
 * The wallet behind the current connection, as shown in the account view.
 * @example
 * ```ts
 * const w: ConnectedWalletInfo = { name: "MetaMask", icon: "https://…/mm.png" }
 * ```
 */
export const ConnectedWalletInfo = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  icon: Schema.optionalKey(Schema.String),
  type: Schema.optionalKey(Schema.String),
  rdns: Schema.optionalKey(Schema.String)
})
/** The wallet behind the current connection. */
export type ConnectedWalletInfo = typeof ConnectedWalletInfo.Type

/**
 * The logged-in user of the embedded wallet: email and accounts by kind.
 * @example
 * ```ts
 * const u: AccountUser = { email: "ada@example.com", accounts: [{ address: "0xabc", type: "eoa" }] }
 * ```
 */
export const AccountUser = Schema.Struct({
  email: Schema.optionalKey(Schema.NullOr(Schema.String)),
  username: Schema.optionalKey(Schema.NullOr(Schema.String)),
  accounts: Schema.optionalKey(Schema.Array(Schema.Struct({ address: Schema.String, type: AccountType })))
})
/** The logged-in user of the embedded wallet. */
export type AccountUser = typeof AccountUser.Type

/**
 * Account state of one chain namespace (SPEC §3). Everything but `status` and `currentTab` is absent while
 * disconnected.
 * `socialWindow` is the live popup window of a social login, hence `unknown`.
 * @example
 * ```ts
 * const s: AccountState = { status: "disconnected", currentTab: "Tokens" }
 * ```
 */
export const AccountState = Schema.Struct({
  caipAddress: Schema.optionalKey(CaipAddress),
  address: Schema.optionalKey(Schema.String),
  balance: Schema.optionalKey(Schema.String),
  balanceSymbol: Schema.optionalKey(Schema.String),
  profileName: Schema.optionalKey(Schema.NullOr(Schema.String)),
  profileImage: Schema.optionalKey(Schema.NullOr(Schema.String)),
  addressExplorerUrl: Schema.optionalKey(Schema.String),
  smartAccountDeployed: Schema.optionalKey(Schema.Boolean),
  currentTab: AccountTab,
  tokenBalance: Schema.optionalKey(Schema.Array(TokenBalance)),
  connectedWalletInfo: Schema.optionalKey(ConnectedWalletInfo),
  preferredAccountType: Schema.optionalKey(PreferredAccountType),
  socialProvider: Schema.optionalKey(SocialProvider),
  socialWindow: Schema.optionalKey(Schema.Unknown),
  farcasterUrl: Schema.optionalKey(Schema.String),
  user: Schema.optionalKey(AccountUser),
  status: ConnectionStatus,
  addressLabels: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})
/** Account state of one chain namespace. */
export type AccountState = typeof AccountState.Type
