import * as Schema from "effect/Schema"
import { ConnectedWalletInfo } from "./account.ts"
import { ChainNamespace } from "./namespace.ts"
import { OptionalSafeImageUrl } from "./url.ts"

/**
 * How a connector reaches its wallet (SPEC §3): EIP-6963 announced, multi-chain, injected, an external adapter,
 * WalletConnect, the embedded AUTH wallet, or an identity-auth connector.
 * @example
 * ```ts
 * const t: ConnectorType = "WALLET_CONNECT"
 * ```
 */
export const ConnectorType = Schema.Literals([
  "ANNOUNCED",
  "MULTI_CHAIN",
  "INJECTED",
  "EXTERNAL",
  "WALLET_CONNECT",
  "AUTH",
  "ID_AUTH"
])
/** How a connector reaches its wallet. */
export type ConnectorType = typeof ConnectorType.Type

/**
 * Wallet details a connector announces (EIP-6963 rdns and icon); an unsafe icon (svg+xml included) is dropped.
 * @example
 * ```ts
 * const info: ConnectorInfo = { rdns: "io.metamask", icon: "data:image/png;base64,..." }
 * ```
 */
export const ConnectorInfo = Schema.Struct({
  rdns: Schema.optionalKey(Schema.String),
  icon: OptionalSafeImageUrl
})
/** Wallet details a connector announces. */
export type ConnectorInfo = typeof ConnectorInfo.Type

/**
 * The serialisable part of a connector (everything but the live provider).
 * @example
 * ```ts
 * const c: ConnectorData = { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }
 * ```
 */
export const ConnectorData = Schema.Struct({
  id: Schema.String,
  type: ConnectorType,
  name: Schema.String,
  chain: ChainNamespace,
  imageUrl: OptionalSafeImageUrl,
  imageId: Schema.optionalKey(Schema.String),
  explorerId: Schema.optionalKey(Schema.String),
  info: Schema.optionalKey(ConnectorInfo)
})
/** The serialisable part of a connector. */
export type ConnectorData = typeof ConnectorData.Type

/**
 * A connector as the state holds it: serialisable data only. Its live object (an EIP-1193 provider, a Wallet
 * Standard wallet, …) stays inside its adapter, keyed by `id`; `airlock.getProvider()` reaches it.
 * @example
 * ```ts
 * const c: Connector = { id: "injected", type: "INJECTED", name: "Browser Wallet", chain: "eip155" }
 * ```
 */
export type Connector = ConnectorData

/**
 * A connector's status (SPEC §4): `connected` is the active connector, `active` is in the connections but not
 * active, `disconnected` is neither.
 * @example
 * ```ts
 * const s: ConnectorStatus = "active"
 * ```
 */
export const ConnectorStatus = Schema.Literals(["connected", "active", "disconnected"])
/** A connector's status. */
export type ConnectorStatus = typeof ConnectorStatus.Type

/**
 * One account of a connection.
 * @example
 * ```ts
 * const a: ConnectionAccount = { address: "0xabc", type: "eoa" }
 * ```
 */
export const ConnectionAccount = Schema.Struct({
  address: Schema.String,
  type: Schema.optionalKey(Schema.String),
  publicKey: Schema.optionalKey(Schema.String)
})
/** One account of a connection. */
export type ConnectionAccount = typeof ConnectionAccount.Type

/**
 * A live connection of a connector with its accounts (SPEC §3); `auth.name` is the login (e.g. email) of an AUTH one.
 * @example
 * ```ts
 * const c: Connection = { connectorId: "AUTH", accounts: [{ address: "0xabc" }], auth: { name: "a@b.co" } }
 * ```
 */
export const Connection = Schema.Struct({
  connectorId: Schema.String,
  accounts: Schema.Array(ConnectionAccount),
  auth: Schema.optionalKey(Schema.Struct({ name: Schema.optionalKey(Schema.String) })),
  /** The wallet behind the connection when it is not the connector's own (a WalletConnect session's peer). */
  wallet: Schema.optionalKey(ConnectedWalletInfo)
})
/** A live connection of a connector. */
export type Connection = typeof Connection.Type
