import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"

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

/** The chain namespaces of SPEC §3. */
export const ChainNamespace = Schema.Literals(["eip155", "solana", "polkadot", "bip122", "cosmos", "sui", "stacks"])
/** One of the chain namespaces of SPEC §3. */
export type ChainNamespace = typeof ChainNamespace.Type

/** A CAIP-2 network id such as `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export const CaipNetworkId = Schema.String.check(
  Schema.isPattern(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, { message: "must be a CAIP-2 network id" })
)

/** How far a namespace got with its connection, restored on reload. */
export const ConnectionStatus = Schema.Literals(["connected", "disconnected", "connecting", "reconnecting"])
/** The stored connection status of one namespace. */
export type ConnectionStatus = typeof ConnectionStatus.Type

/** The colour scheme the user picked. */
export const ThemeMode = Schema.Literals(["light", "dark"])

const OptionalText = Schema.optionalKey(Schema.NullOr(Schema.String))

/** A wallet listing as remembered in "recent wallets" (SPEC §3 wallet listing fields). */
export const StoredWalletListing = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  image_id: OptionalText,
  image_url: OptionalText,
  mobile_link: OptionalText,
  desktop_link: OptionalText,
  webapp_link: OptionalText,
  rdns: OptionalText,
  chains: Schema.optionalKey(Schema.Array(Schema.String))
})
/** A remembered wallet listing. */
export type StoredWalletListing = typeof StoredWalletListing.Type

/** How many recent wallets are kept (SPEC §9). */
export const recentWalletsLimit = 2

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
 * yield* storage.set(StorageKeys.lastChain, "eip155:8453")
 * const chain = yield* storage.get(StorageKeys.lastChain) // string | undefined
 * ```
 */
export const StorageKeys = {
  /** The email of the embedded wallet's user. */
  email: key("email", Schema.String),
  /** The username of the social login (e.g. an X handle). */
  socialUsername: key("social_username", Schema.String),
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
  recentWallets: key(
    "recent_wallets",
    Schema.fromJsonString(Schema.Array(StoredWalletListing).check(Schema.isMaxLength(recentWalletsLimit)))
  ),
  /** The colour scheme the user picked. */
  themeMode: key("theme_mode", ThemeMode),
  /** Connection status of one namespace. */
  connectionStatus: (namespace: ChainNamespace) => key(`${namespace}:connection_status`, ConnectionStatus),
  /** Ids of the connectors connected in one namespace (several when multi-wallet is on). */
  connectedConnectorIds: (namespace: ChainNamespace) =>
    key(`${namespace}:connected_connector_ids`, Schema.fromJsonString(Schema.Array(Schema.String)))
} as const

/**
 * Puts `wallet` first in the recent list, drops an older entry with the same id, and keeps {@link recentWalletsLimit}.
 *
 * @example
 * ```ts
 * addRecentWallet([{ id: "a", name: "A" }], { id: "b", name: "B" }) // [B, A]
 * ```
 */
export const addRecentWallet = (
  recent: ReadonlyArray<StoredWalletListing>,
  wallet: StoredWalletListing
): ReadonlyArray<StoredWalletListing> =>
  [wallet, ...recent.filter((entry) => entry.id !== wallet.id)].slice(0, recentWalletsLimit)
