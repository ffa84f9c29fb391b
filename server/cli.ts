/**
 * `npx airlock-server`: reads the configuration (server/config.ts: environment variables and an optional JSON file),
 * starts the API, the relay and the secure site, logs one JSON line when they are ready, and drains on SIGTERM or
 * SIGINT (in-flight requests finish, sockets close) before it exits. A bad setting exits with code 2 and a message
 * naming it, before anything listens.
 */
import { createAirlockServer } from "./app.ts"
import { readEnvConfig, ServerConfigError } from "./config.ts"
import { consoleLogger, silentLogger } from "./http/log.ts"

const started = performance.now()
const logger = process.env.AIRLOCK_LOG === "silent" ? silentLogger : consoleLogger

let config: ReturnType<typeof readEnvConfig>
try {
  config = readEnvConfig(process.env, process.argv.slice(2))
} catch (error) {
  if (!(error instanceof ServerConfigError)) throw error
  process.stderr.write(`airlock-server: ${error.message}\n`)
  process.exit(2)
}

const server = await createAirlockServer({
  host: config.host,
  port: config.port,
  relayPort: config.relayPort,
  framePort: config.framePort,
  publicUrls: config.publicUrls,
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  redisUrl: config.redisUrl,
  adminToken: config.adminToken,
  keyEncryptionKey: config.keyEncryptionKey,
  mailWebhook: config.mailWebhook,
  file: config.file,
  rateLimits: {
    perIp: { limit: config.rateLimits.perIp, windowMs: 60_000 },
    perProject: { limit: config.rateLimits.perProject, windowMs: 60_000 }
  },
  trustProxy: config.trustProxy,
  logger
}).catch((error: unknown) => {
  if (error instanceof ServerConfigError) {
    process.stderr.write(`airlock-server: ${error.message}\n`)
    process.exit(2)
  }
  throw error
})

logger.info("airlock-server ready", {
  api: server.urls.api,
  relay: server.urls.relay,
  frame: server.urls.frame,
  storage: config.databaseUrl === undefined ? `pglite:${config.dataDir}` : "postgres",
  redis: config.redisUrl !== undefined,
  startupMs: Math.round(performance.now() - started)
})

let stopping = false
const shutdown = (signal: string) => {
  if (stopping) return
  stopping = true
  logger.info("airlock-server draining", { signal })
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error("airlock-server stop failed", { error: error instanceof Error ? error.message : String(error) })
      process.exit(1)
    }
  )
}
process.once("SIGTERM", () => shutdown("SIGTERM"))
process.once("SIGINT", () => shutdown("SIGINT"))
