/**
 * `npm start`: the sandbox on fixed ports, its URLs printed and written to `.sandbox/urls.json`; Ctrl-C (SIGINT) or
 * SIGTERM stops every part and exits 0. The data dir is kept, so the API's store survives restarts.
 *
 * Environment: `AIRLOCK_API_PORT` (4400), `AIRLOCK_DEMO_PORT` (5173), `AIRLOCK_CHAIN_PORT` (8545: chains 1, 8453,
 * 31337 and 59144 on 8545, 8546, 8547, 8548), `AIRLOCK_SOLANA_PORT` (8899, the local Solana chain: HTTP and WebSocket),
 * `AIRLOCK_RELAY_PORT` (4401, the WalletConnect relay), `AIRLOCK_FRAME_PORT` (4410, the embedded wallet's secure site),
 * `AIRLOCK_RAMP_PORT` (4411, the sandbox onramp provider's buy pages),
 * `AIRLOCK_DATA_DIR` (`.sandbox/data`), `AIRLOCK_URLS_FILE`
 * (`.sandbox/urls.json`).
 * A port of 0 picks a free one.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { defaultDataDir, startSandbox } from "./index.ts"

/** The fixed default ports, so the printed URLs stay the same from one run to the next. */
export const defaultPorts = {
  api: 4400,
  demo: 5173,
  chains: 8545,
  relay: 4401,
  solana: 8899,
  frame: 4410,
  ramp: 4411
} as const

/** Default path of the URLs file. */
export const defaultUrlsFile = join(import.meta.dirname, "..", ".sandbox", "urls.json")

const portFromEnv = (name: string, fallback: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got ${raw}`)
  return port
}

const main = async () => {
  const started = performance.now()
  const urlsFile = resolve(process.env.AIRLOCK_URLS_FILE || defaultUrlsFile)
  const sandbox = await startSandbox({
    ports: {
      api: portFromEnv("AIRLOCK_API_PORT", defaultPorts.api),
      demo: portFromEnv("AIRLOCK_DEMO_PORT", defaultPorts.demo),
      chains: portFromEnv("AIRLOCK_CHAIN_PORT", defaultPorts.chains),
      relay: portFromEnv("AIRLOCK_RELAY_PORT", defaultPorts.relay),
      solana: portFromEnv("AIRLOCK_SOLANA_PORT", defaultPorts.solana),
      frame: portFromEnv("AIRLOCK_FRAME_PORT", defaultPorts.frame),
      ramp: portFromEnv("AIRLOCK_RAMP_PORT", defaultPorts.ramp)
    },
    dataDir: resolve(process.env.AIRLOCK_DATA_DIR || defaultDataDir),
    quiet: true
  })
  const { urls } = sandbox
  const json = `${JSON.stringify(urls, null, 2)}\n`
  mkdirSync(dirname(urlsFile), { recursive: true })
  writeFileSync(urlsFile, json)

  console.log(`Airlock sandbox ready in ${Math.round(performance.now() - started)} ms`)
  console.log(`  demo        ${urls.demo}  (?sandboxWallet=approve|reject to skip the wallet's prompts)`)
  console.log(`  api         ${urls.api}  (project id ${urls.projectId})`)
  for (const chain of urls.chains) console.log(`  ${chain.caipNetworkId.padEnd(13)}${chain.rpcUrl}`)
  console.log(`  solana      ${urls.solana.rpcUrl}  (${urls.solana.caipNetworkId}, ws ${urls.solana.wsUrl})`)
  console.log(`  wallet      ${urls.wallet}`)
  console.log(`  relay       ${urls.relay}  (WalletConnect)`)
  console.log(`  frame       ${urls.frame}  (embedded wallet; mailbox ${urls.frame}/mailbox)`)
  console.log(`  ramp        ${urls.ramp}  (onramp provider's buy pages)`)
  console.log(`  urls        ${urlsFile}`)
  console.log("Ctrl-C stops everything.")

  let stopping = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the sandbox…`)
    void sandbox
      .stop()
      .then(() => {
        // Only our own file, and only if it still holds what we wrote: a stale urls.json would point at dead ports.
        try {
          if (readFileSync(urlsFile, "utf8") === json) rmSync(urlsFile)
        } catch {}
        process.exit(0)
      })
      .catch((error: unknown) => {
        console.error("sandbox: stopping failed", error)
        process.exit(1)
      })
  }
  process.on("SIGINT", shutdown)
  process.on("SIGTERM", shutdown)
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error("sandbox: could not start:", error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
