import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import {
  FEATURED_WALLETS_DEFAULT_COUNT,
  RECENT_WALLETS_KEPT,
  RECOMMENDED_WALLETS_COUNT
} from "../rules/connectOrder.ts"
import { ChainNamespace } from "../schema/namespace.ts"
import { CaipNetworkId } from "../schema/network.ts"
import { SafeLinkUrl } from "../schema/url.ts"
import { WalletListing } from "../schema/wallet.ts"

/**
 * A typed storage key: its full name (prefixed `@airlock/`) and the schema between the stored string and the value.
 *
 * @example
 * ```ts
 * const key: StorageKey<boolean> = StorageKeys.emailLoginUsed
 * ```
 */
export interface StorageKey<A> {
  readonly name: string
  readonly schema: Schema.Codec<A, string>
}

/** Every key Airlock writes starts with this prefix. */
export const storagePrefix = "@airlock/"

/** How far a namespace got with its connection, restored on reload. */
export const StoredConnectionStatus = Schema.Literals(["connected", "disconnected", "connecting", "reconnecting"])
/** The stored connection status of one namespace. */
export type StoredConnectionStatus = typeof StoredConnectionStatus.Type

/** Comma-joined chain ids (SPEC §9 "smart-account networks (comma-joined list)"): `"1,8453"` ⇄ `[1, 8453]`. */
const CommaJoinedInts = Schema.String.pipe(
  Schema.decodeTo(
    Schema.Array(Schema.Int),
    SchemaTransformation.transform({
      decode: (text: string): ReadonlyArray<number> =>
        text.trim() === "" ? [] : text.split(",").map((part) => Number(part.trim())),
      encode: (ids: ReadonlyArray<number>) => ids.join(",")
    })
  )
)

/** The recent wallets, newest first; a longer stored list (an older version kept more) is trimmed to 2, not dropped. */
const RecentWallets = Schema.Array(WalletListing).pipe(
  Schema.decodeTo(
    Schema.Array(WalletListing).check(Schema.isMaxLength(RECENT_WALLETS_KEPT)),
    SchemaTransformation.transform({
      decode: (wallets: ReadonlyArray<WalletListing>): ReadonlyArray<WalletListing> =>
        wallets.slice(0, RECENT_WALLETS_KEPT),
      encode: (wallets: ReadonlyArray<WalletListing>): ReadonlyArray<WalletListing> => wallets
    })
  )
)

/** The wallet lists kept between visits: featured and recommended, at most 4 each (SPEC §9). */
const StoredWalletLists = Schema.Struct({
  featured: Schema.Array(WalletListing).check(Schema.isMaxLength(FEATURED_WALLETS_DEFAULT_COUNT)),
  recommended: Schema.Array(WalletListing).check(Schema.isMaxLength(RECOMMENDED_WALLETS_COUNT))
})

const key = <A>(name: string, schema: Schema.Codec<A, string>): StorageKey<A> => ({
  name: `${storagePrefix}${name}`,
  schema
})

/**
 * Every key Airlock stores. Plain strings are stored as is; everything else is JSON or, for smart-account networks,
 * a comma-joined list, so a value written by hand in devtools still decodes.
 *
 * @example
 * ```ts
 * import { CaipNetworkId } from "../schema/network.ts"
 * import { Storage } from "./Storage.ts"
 * const storage = yield* Storage
 * yield* storage.set(StorageKeys.lastChain, CaipNetworkId.make("eip155:8453"))
 * const chain = yield* storage.get(StorageKeys.lastChain) // string | undefined
 * ```
 */
export const StorageKeys = {
  /** The email of the embedded wallet's user. */
  email: key("email", Schema.String),
  /** The username of the social login (e.g. an X handle). */
  socialUsername: key("social_username", Schema.String),
  /**
   * Airlock's: the social provider of the login, so a restored session names it again (checked where it is read:
   * the providers' schema stays off the first load).
   */
  socialProvider: key("social_provider", Schema.String),
  /** The last active network, a CAIP-2 id. */
  lastChain: key("last_chain", CaipNetworkId),
  /** Whether email login was ever used on this device. */
  emailLoginUsed: key("email_login_used", Schema.fromJsonString(Schema.Boolean)),
  /** When the last login email was sent (epoch ms), for the 30 s cooldown. */
  lastEmailLoginTime: key("last_email_login_time", Schema.FiniteFromString),
  /** Chain ids where the embedded wallet may use a smart account. */
  smartAccountNetworks: key("smart_account_networks", CommaJoinedInts),
  /** The namespace the user last acted in. */
  activeNamespace: key("active_namespace", ChainNamespace),
  /** The last two wallets the user connected with, newest first. */
  recentWallets: key("recent_wallets", Schema.fromJsonString(RecentWallets)),
  /**
   * The Connect view's last featured and recommended wallets, drawn at once on the next visit while they refresh.
   */
  walletLists: key("wallet_lists", Schema.fromJsonString(StoredWalletLists)),
  /** The WalletConnect wallet to bring forward for requests after a phone connection (SPEC §4 linking). */
  walletConnectLinking: key(
    "wallet_connect_linking",
    Schema.fromJsonString(Schema.Struct({ name: Schema.String, href: SafeLinkUrl }))
  ),
  /** Connection status of one namespace. */
  connectionStatus: (namespace: ChainNamespace) => key(`${namespace}:connection_status`, StoredConnectionStatus),
  /** Ids of the connectors connected in one namespace (several when multi-wallet is on). */
  connectedConnectorIds: (namespace: ChainNamespace) =>
    key(`${namespace}:connected_connector_ids`, Schema.fromJsonString(Schema.Array(Schema.String)))
} as const
