/**
 * `airlock-kit/server/app`: the self-hosted Airlock server in one call: the wallet and blockchain API (with SIWX, names, analytics and the
 * admin routes), the WalletConnect relay and the embedded wallet's secure site, on the storage and Redis the
 * configuration names. `npx airlock-server` (server/cli.ts) is this plus environment variables; docs/self-hosting.md.
 */
import { createHmac, randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { ServerChainConfig } from "./api/chains.ts"
import type { RateLimitOptions } from "./api/limits.ts"
import { allFeaturesOn, type ProjectSettings } from "./api/projects.ts"
import { makeRegistry, type Registry } from "./api/registry.ts"
import { type ApiServer, startApi } from "./api/server.ts"
import type { HistorySource, PriceSource } from "./api/sources.ts"
import { type ServerChainFileConfig, ServerConfigError, type ServerConfigFile } from "./config.ts"
import { type FrameServer, startFrame } from "./frame/server.ts"
import type { Logger } from "./http/log.ts"
import { silentLogger } from "./http/log.ts"
import { loadRegistryFile } from "./registry/file.ts"
import { type Relay, startRelay } from "./relay/server.ts"
import type { Kv } from "./shared/kv.ts"
import { createRedisKv } from "./shared/kvRedis.ts"
import { openSql, type Sql } from "./store/sql.ts"

// The parts, for a host that composes them itself (docs/self-hosting.md, "The Node API").
export type { ServerChainConfig, ServerSwapConfig, ServerToken } from "./api/chains.ts"
export type { RateLimitOptions } from "./api/limits.ts"
export { makeRegistry, type Registry } from "./api/registry.ts"
export { type ApiServer, type StartApiOptions, startApi } from "./api/server.ts"
export type { HistorySource, PricedToken, PriceSource } from "./api/sources.ts"
export { ServerConfigError, type ServerConfigFile } from "./config.ts"
export { type FrameServer, type StartFrameOptions, startFrame } from "./frame/server.ts"
export { consoleLogger, jsonLogger, type Logger, silentLogger } from "./http/log.ts"
export { loadRegistryFile, RegistryFileError } from "./registry/file.ts"
export { createRelay, type Relay, type StartRelayOptions, startRelay } from "./relay/server.ts"
export { createMemoryKv, type Kv } from "./shared/kv.ts"
export { createRedisKv } from "./shared/kvRedis.ts"
export { openSql, type Sql } from "./store/sql.ts"

/** A login code or email-capture code to deliver. */
export interface ServerMail {
  readonly to: string
  readonly subject: string
  readonly body: string
}

/** Options of {@link createAirlockServer}. Everything has a default that runs on one machine with no setup. */
export interface AirlockServerOptions {
  /** Interface every part listens on. @default "127.0.0.1" */
  readonly host?: string | undefined
  /** The API's port. @default 4400 (0: a free one) */
  readonly port?: number | undefined
  /** The relay's port. @default 4401 */
  readonly relayPort?: number | undefined
  /** The secure site's port; it must be its own origin (docs/self-hosting.md). @default 4410 */
  readonly framePort?: number | undefined
  /** Where the outside world reaches each part (a proxy's https/wss URLs). @default the loopback URLs */
  readonly publicUrls?:
    | { readonly api?: string | undefined; readonly relay?: string | undefined; readonly frame?: string | undefined }
    | undefined
  /** Folder of the embedded Postgres (PGlite) and, without a configured key, the generated key. @default ./airlock-data */
  readonly dataDir?: string | undefined
  /** A real Postgres instead of PGlite (required for several instances). */
  readonly databaseUrl?: string | undefined
  /** An already open store (tests; an app that shares one). Takes precedence over `databaseUrl` and `dataDir`. */
  readonly sql?: Sql | undefined
  /** Redis for what several instances share: relay fan-out, rate-limit counters, nonces, pending logins. */
  readonly redisUrl?: string | undefined
  /** Bearer token of the admin routes and `/metrics`; without it the admin routes answer 404. */
  readonly adminToken?: string | undefined
  /**
   * 32 bytes as 64 hex digits: encrypts the embedded wallet's keys at rest and derives the sign-in session secret.
   * Without it (PGlite only) one is generated into `dataDir` on first start; with `databaseUrl` it is required.
   */
  readonly keyEncryptionKey?: string | undefined
  /** Delivers login codes (the CLI posts them to `AIRLOCK_MAIL_WEBHOOK`). Without it, email login answers 503. */
  readonly mail?: ((mail: ServerMail) => Promise<void>) | undefined
  /** Where {@link mail} posts when only a URL is given (the CLI's `AIRLOCK_MAIL_WEBHOOK`). */
  readonly mailWebhook?: string | undefined
  /** The JSON config file's content: chains, projects, prices, registry. */
  readonly file?: ServerConfigFile | undefined
  /** Chains in the Node API's own shape (adds to `file.chains`). */
  readonly chains?: ReadonlyArray<ServerChainConfig> | undefined
  /** Token prices; default: `file.prices` as a USD table. */
  readonly prices?: PriceSource | undefined
  /** EVM account history; default: the built-in transfer indexer over the chains. */
  readonly history?: HistorySource | undefined
  /** The wallet registry; default: the shipped snapshot, extended or replaced by `file.registry`. */
  readonly registry?: Registry | undefined
  readonly logger?: Logger | undefined
  /** Requests per IP and per project. @default 1,200 per IP and 60,000 per project per minute */
  readonly rateLimits?: RateLimitOptions | false | undefined
  /** Proxies in front of the server whose `x-forwarded-for` is believed (the client IP for rate limits). @default 0 */
  readonly trustProxy?: number | undefined
}

/** A running server. */
export interface AirlockServer {
  /** The URLs a dapp's `endpoints` take: `walletApi`/`blockchainApi`/`analytics` = api, `relay`, `frame`. */
  readonly urls: { readonly api: string; readonly relay: string; readonly frame: string }
  readonly api: ApiServer
  readonly relay: Relay
  readonly frame: FrameServer
  /** Drains every part (in-flight requests finish), then closes the store and Redis. Safe to call twice. */
  readonly stop: () => Promise<void>
}

const keyFile = "key-encryption-key"

/** The configured key, or (PGlite only) the one kept in `dataDir`, generated on first start with mode 0600. */
const resolveKey = (options: AirlockServerOptions, dataDir: string, logger: Logger): string => {
  if (options.keyEncryptionKey !== undefined) return options.keyEncryptionKey.replace(/^0x/, "")
  if (options.databaseUrl !== undefined || options.sql !== undefined)
    throw new ServerConfigError(
      "AIRLOCK_KEY_ENCRYPTION_KEY",
      "is required with DATABASE_URL (every instance must use the same key)"
    )
  const path = join(dataDir, keyFile)
  if (existsSync(path)) {
    const stored = readFileSync(path, "utf8").trim()
    if (!/^[0-9a-f]{64}$/.test(stored)) throw new ServerConfigError(path, "is not 64 hex digits")
    return stored
  }
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString("hex")
  writeFileSync(path, `${key}\n`, { mode: 0o600 })
  chmodSync(path, 0o600)
  logger.warn("generated a key-encryption key in the data folder; set AIRLOCK_KEY_ENCRYPTION_KEY in production", {
    path
  })
  return key
}

const toChain = (chain: ServerChainFileConfig): ServerChainConfig => ({
  caipNetworkId: chain.caipNetworkId,
  rpcUrl: chain.rpcUrl,
  ...(chain.name === undefined ? {} : { name: chain.name }),
  tokens: (chain.tokens ?? []).map((token) => ({
    address: token.address as `0x${string}`,
    symbol: token.symbol,
    name: token.name ?? token.symbol,
    decimals: token.decimals
  })),
  nfts: (chain.nfts ?? []) as ReadonlyArray<`0x${string}`>,
  ...(chain.multicall3 === undefined ? {} : { multicall3: chain.multicall3 as `0x${string}` }),
  ...(chain.fromBlock === undefined ? {} : { fromBlock: chain.fromBlock }),
  ...(chain.swap === undefined
    ? {}
    : {
        swap: {
          router: chain.swap.router as `0x${string}`,
          factory: chain.swap.factory as `0x${string}`,
          weth: chain.swap.weth as `0x${string}`,
          ...(chain.swap.tokens === undefined ? {} : { tokens: chain.swap.tokens as ReadonlyArray<`0x${string}`> })
        }
      })
})

const toProject = (config: NonNullable<ServerConfigFile["projects"]>[number]): ProjectSettings => {
  const on = new Set(config.features ?? [])
  return {
    id: config.id,
    allowedOrigins: config.allowedOrigins,
    features: allFeaturesOn.map((feature) => ({ ...feature, isEnabled: on.has(feature.id) })),
    analytics: config.analytics ?? false,
    mode: "ok"
  }
}

/** Posts `{ to, subject, text }` as JSON to the operator's mail service, within 10 s. */
export const webhookMail =
  (url: string) =>
  async (mail: ServerMail): Promise<void> => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.body }),
      signal: AbortSignal.timeout(10_000)
    })
    if (!response.ok) throw new Error(`mail webhook answered ${response.status}`)
  }

const registryOf = (options: AirlockServerOptions): Registry => {
  if (options.registry !== undefined) return options.registry
  const file = options.file?.registry
  if (file === undefined) return makeRegistry()
  const wallets = loadRegistryFile(file.file)
  return file.mode === "replace" ? makeRegistry({ replace: wallets }) : makeRegistry({ extend: wallets })
}

/**
 * Starts the API, the relay and the secure site.
 * @example
 * ```ts
 * const server = await createAirlockServer({
 *   dataDir: "./airlock-data",
 *   file: { chains: [{ caipNetworkId: "eip155:1", rpcUrl: "https://eth.example.com" }],
 *           projects: [{ id: "my-app", allowedOrigins: ["https://my-app.example.com"] }] }
 * })
 * // endpoints: { walletApi: server.urls.api, blockchainApi: server.urls.api, relay: server.urls.relay, frame: server.urls.frame }
 * await server.stop()
 * ```
 */
export const createAirlockServer = async (options: AirlockServerOptions = {}): Promise<AirlockServer> => {
  const logger = options.logger ?? silentLogger
  const dataDir = options.dataDir ?? "./airlock-data"
  const keyEncryptionKey = resolveKey(options, dataDir, logger)
  // Every instance derives the same sign-in cookie secret from the shared key; a new key signs everyone out.
  const sessionSecret = createHmac("sha256", Buffer.from(keyEncryptionKey, "hex"))
    .update("airlock siwx session secret v1")
    .digest()
  const registry = registryOf(options)
  const chains = [...(options.file?.chains ?? []).map(toChain), ...(options.chains ?? [])]
  const mail = options.mail ?? (options.mailWebhook === undefined ? undefined : webhookMail(options.mailWebhook))
  const ownSql = options.sql === undefined
  const sql =
    options.sql ??
    (await openSql(
      options.databaseUrl === undefined ? { dataDir: join(dataDir, "pg") } : { databaseUrl: options.databaseUrl }
    ))
  const kv: Kv | undefined = options.redisUrl === undefined ? undefined : createRedisKv({ url: options.redisUrl })
  const host = options.host ?? "127.0.0.1"

  let api: ApiServer | undefined
  let relay: Relay | undefined
  let frame: FrameServer | undefined
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= (async () => {
      await Promise.allSettled([api?.stop(), relay?.stop(), frame?.stop()])
      await kv?.close()
      if (ownSql) await sql.close()
    })()
    return stopped
  }
  try {
    ;[api, relay] = await Promise.all([
      startApi({
        host,
        port: options.port ?? 4400,
        publicUrl: options.publicUrls?.api,
        dataDir,
        sql,
        chains,
        prices: options.prices ?? { usd: options.file?.prices ?? {} },
        ...(options.history === undefined ? {} : { history: options.history }),
        registry,
        seedProjects: (options.file?.projects ?? []).map(toProject),
        sandboxControl: false,
        adminToken: options.adminToken,
        logger,
        redisUrl: options.redisUrl,
        kv,
        sessionSecret,
        ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
        ...(options.trustProxy === undefined || options.trustProxy === 0 ? {} : { trustProxy: options.trustProxy }),
        ...(mail === undefined
          ? {}
          : { mail: (message) => mail({ to: message.to, subject: message.subject, body: message.body }) })
      }),
      startRelay({
        host,
        port: options.relayPort ?? 4401,
        redisUrl: options.redisUrl,
        onError: (message, error) =>
          logger.warn(`relay: ${message}`, { error: error instanceof Error ? error.message : String(error) }),
        ...(options.publicUrls?.relay === undefined ? {} : { publicUrls: [options.publicUrls.relay] })
      })
    ])
    const started = api
    frame = await startFrame({
      host,
      port: options.framePort ?? 4410,
      dataDir,
      sql,
      keyEncryptionKey,
      projects: started.projects,
      publicOrigin: options.publicUrls?.frame,
      kv,
      smartSessions: started.db.sessions,
      sandboxPages: false,
      ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
      // Without a mail service a code cannot reach anyone: the frame answers 503 rather than keep it in a mailbox.
      mail:
        mail ?? (() => Promise.reject(new Error("No mail service: set AIRLOCK_MAIL_WEBHOOK (docs/self-hosting.md)")))
    })
    const relayStats = relay.stats
    api.metrics.gauge(
      "airlock_relay_sockets",
      "Open WalletConnect relay sockets on this instance",
      () => relayStats().sockets
    )
    return {
      urls: {
        api: options.publicUrls?.api ?? api.url,
        relay: options.publicUrls?.relay ?? relay.url,
        frame: options.publicUrls?.frame ?? frame.url
      },
      api,
      relay,
      frame,
      stop
    }
  } catch (error) {
    await stop()
    throw error
  }
}
