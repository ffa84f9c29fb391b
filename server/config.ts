/**
 * The production server's configuration: a JSON file (`--config` / `AIRLOCK_CONFIG`) for what has structure
 * (chains, projects, prices) and environment variables for secrets and deployment (ports, `DATABASE_URL`,
 * `REDIS_URL`, the admin token, the key-encryption key). Every value is decoded at start; a bad one stops the server
 * with a message naming it, before it listens.
 */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { Schema } from "effect"

const Url = Schema.String.check(Schema.isMaxLength(2048), Schema.isPattern(/^(https?|wss?):\/\//))

/** A token the chain's blockchain API lists and prices. */
export const ServerTokenConfig = Schema.Struct({
  address: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/)),
  symbol: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(32)),
  name: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  decimals: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 36 }))
})

const Address = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))

/** One EVM chain the server serves, read from the operator's own RPC node (`ServerChainConfig` in the Node API). */
export const ServerChainFileConfig = Schema.Struct({
  /** CAIP-2 id, `eip155:<chain id>`. */
  caipNetworkId: Schema.String.check(Schema.isPattern(/^eip155:[1-9][0-9]{0,18}$/)),
  rpcUrl: Url,
  name: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  /** Tokens whose balances and transfers are served. */
  tokens: Schema.optionalKey(Schema.Array(ServerTokenConfig).check(Schema.isMaxLength(200))),
  /** ERC-721 collections the NFTs endpoint reads. */
  nfts: Schema.optionalKey(Schema.Array(Address).check(Schema.isMaxLength(200))),
  /** The chain's Multicall3 address; without it balances are read one call each. */
  multicall3: Schema.optionalKey(Address),
  /** First block the transfer indexer reads; default: the head when the server starts. */
  fromBlock: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  /** A Uniswap V2 style exchange: swaps are offered on this chain through it. */
  swap: Schema.optionalKey(
    Schema.Struct({
      router: Address,
      factory: Address,
      weth: Address,
      tokens: Schema.optionalKey(Schema.Array(Address).check(Schema.isMaxLength(50)))
    })
  )
})
/** One EVM chain of the config file. */
export type ServerChainFileConfig = typeof ServerChainFileConfig.Type

/** A project seeded at start when the store does not have it yet (the admin routes change it afterwards). */
export const ServerProjectConfig = Schema.Struct({
  id: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  allowedOrigins: Schema.Array(Schema.String.check(Schema.isMaxLength(253))).check(Schema.isMaxLength(100)),
  /** Remote features switched on (`email`, `socials`, `swaps`, `onramp`, `activity`, `reownAuthentication`…). */
  features: Schema.optionalKey(Schema.Array(Schema.String.check(Schema.isMaxLength(64))).check(Schema.isMaxLength(64))),
  analytics: Schema.optionalKey(Schema.Boolean)
})
/** A seeded project. */
export type ServerProjectConfig = typeof ServerProjectConfig.Type

/** The JSON config file. */
export const ServerConfigFile = Schema.Struct({
  chains: Schema.optionalKey(Schema.Array(ServerChainFileConfig).check(Schema.isMaxLength(100))),
  projects: Schema.optionalKey(Schema.Array(ServerProjectConfig).check(Schema.isMaxLength(1000))),
  /** USD price per token symbol (the built-in price source; plug your own in through the Node API). */
  prices: Schema.optionalKey(Schema.Record(Schema.String, Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)))),
  /** A wallet registry file (docs/registry.md) and whether it extends or replaces the shipped snapshot. */
  registry: Schema.optionalKey(
    Schema.Struct({ file: Schema.String, mode: Schema.optionalKey(Schema.Literals(["extend", "replace"])) })
  )
})
/** The JSON config file. */
export type ServerConfigFile = typeof ServerConfigFile.Type

/** Everything the CLI reads, decoded. */
export interface ServerEnvConfig {
  readonly host: string
  readonly port: number
  readonly relayPort: number
  readonly framePort: number
  /** URLs the outside world reaches each part at (behind a proxy they differ from host:port). */
  readonly publicUrls: {
    readonly api: string | undefined
    readonly relay: string | undefined
    readonly frame: string | undefined
  }
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly redisUrl: string | undefined
  readonly adminToken: string | undefined
  readonly keyEncryptionKey: string | undefined
  /** Where login codes are POSTed as JSON (`{ to, subject, text }`) for the operator's mail service. */
  readonly mailWebhook: string | undefined
  /** Requests per minute per client IP and per project (`AIRLOCK_RATE_LIMIT_PER_IP`, `..._PER_PROJECT`). */
  readonly rateLimits: { readonly perIp: number; readonly perProject: number }
  /** Proxies whose `x-forwarded-for` is believed (`AIRLOCK_TRUST_PROXY`). */
  readonly trustProxy: number
  readonly file: ServerConfigFile
}

/** A configuration value that cannot be used; `name` is the variable or file that holds it. */
export class ServerConfigError extends Error {
  override readonly name = "ServerConfigError"
  readonly setting: string
  constructor(setting: string, reason: string) {
    super(`${setting}: ${reason}`)
    this.setting = setting
  }
}

const port = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new ServerConfigError(name, "not a port number")
  return value
}

const count = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 0) throw new ServerConfigError(name, "not a whole number")
  return value
}

const optional = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const raw = env[name]?.trim()
  return raw === undefined || raw === "" ? undefined : raw
}

const url = (env: NodeJS.ProcessEnv, name: string, schemes: ReadonlyArray<string>): string | undefined => {
  const raw = optional(env, name)
  if (raw === undefined) return undefined
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ServerConfigError(name, "not a URL")
  }
  if (!schemes.includes(parsed.protocol)) throw new ServerConfigError(name, `must start with ${schemes.join(" or ")}`)
  return raw.replace(/\/+$/, "")
}

/** The admin token must be long enough that guessing it is hopeless. */
export const minAdminTokenLength = 32

/**
 * Reads and decodes the config file at `path` (JSON).
 * @example
 * ```ts
 * const file = readConfigFile("./airlock.config.json")
 * file.chains?.[0]?.rpcUrl
 * ```
 */
export const readConfigFile = (path: string): ServerConfigFile => {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(resolve(path), "utf8"))
  } catch (error) {
    throw new ServerConfigError(path, error instanceof Error ? error.message : String(error))
  }
  const decoded = Schema.decodeUnknownResult(ServerConfigFile)(json, { onExcessProperty: "error" })
  if (decoded._tag === "Failure") throw new ServerConfigError(path, decoded.failure.message)
  return decoded.success
}

/**
 * The CLI's configuration from environment variables (and the config file they or `argv` name).
 * @example
 * ```ts
 * const config = readEnvConfig(process.env, process.argv.slice(2))
 * config.port // 4400 unless PORT says otherwise
 * ```
 */
export const readEnvConfig = (env: NodeJS.ProcessEnv, argv: ReadonlyArray<string> = []): ServerEnvConfig => {
  const flag = argv.indexOf("--config")
  const configPath = flag === -1 ? optional(env, "AIRLOCK_CONFIG") : argv[flag + 1]
  if (flag !== -1 && configPath === undefined) throw new ServerConfigError("--config", "needs a file path")
  const adminToken = optional(env, "AIRLOCK_ADMIN_TOKEN")
  if (adminToken !== undefined && adminToken.length < minAdminTokenLength)
    throw new ServerConfigError("AIRLOCK_ADMIN_TOKEN", `must be at least ${minAdminTokenLength} characters`)
  const keyEncryptionKey = optional(env, "AIRLOCK_KEY_ENCRYPTION_KEY")
  if (keyEncryptionKey !== undefined && !/^(0x)?[0-9a-fA-F]{64}$/.test(keyEncryptionKey))
    throw new ServerConfigError("AIRLOCK_KEY_ENCRYPTION_KEY", "must be 32 bytes as 64 hex digits")
  return {
    host: optional(env, "HOST") ?? "127.0.0.1",
    port: port(env, "PORT", 4400),
    relayPort: port(env, "RELAY_PORT", 4401),
    framePort: port(env, "FRAME_PORT", 4410),
    publicUrls: {
      api: url(env, "AIRLOCK_PUBLIC_URL", ["http:", "https:"]),
      relay: url(env, "AIRLOCK_RELAY_PUBLIC_URL", ["ws:", "wss:"]),
      frame: url(env, "AIRLOCK_FRAME_PUBLIC_URL", ["http:", "https:"])
    },
    dataDir: optional(env, "AIRLOCK_DATA_DIR") ?? "./airlock-data",
    databaseUrl: url(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    redisUrl: url(env, "REDIS_URL", ["redis:", "rediss:"]),
    adminToken,
    keyEncryptionKey,
    mailWebhook: url(env, "AIRLOCK_MAIL_WEBHOOK", ["http:", "https:"]),
    rateLimits: {
      perIp: count(env, "AIRLOCK_RATE_LIMIT_PER_IP", 1200),
      perProject: count(env, "AIRLOCK_RATE_LIMIT_PER_PROJECT", 60_000)
    },
    trustProxy: count(env, "AIRLOCK_TRUST_PROXY", 0),
    file: configPath === undefined ? {} : readConfigFile(configPath)
  }
}
