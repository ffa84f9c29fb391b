/**
 * The whole sandbox in one call: local EVM chains, a local Solana chain, the API server, the Sandbox Wallet script and
 * the demo dapp, all on 127.0.0.1. `npm start` (`sandbox/start.ts`) runs it on fixed ports; tests run it on free ones.
 */
import { join } from "node:path"
import { stop as stopEsbuild } from "esbuild"
import { demoProjectId } from "../server/api/projects.ts"
import { type ApiServer, startApi } from "../server/api/server.ts"
import { bundleFrameScripts } from "../server/frame/build.ts"
import { type FrameServer, startFrame } from "../server/frame/server.ts"
import { developmentKeyEncryptionKey } from "../server/frame/store.ts"
import { type Relay, startRelay } from "../server/relay/server.ts"
import { openSql, type Sql } from "../server/store/sql.ts"
import { sandboxApiOptions } from "./apiOptions.ts"
import { sandboxFrameChains } from "./chain/funding.ts"
import { type Chains, type SandboxAccount, type SeededContracts, startChains } from "./chain/index.ts"
import { buildDemo } from "./demo/build.ts"
import { type DemoServer, startDemoServer } from "./demo/server.ts"
import { configPath, walletScriptPath } from "./demo/src/config.ts"
import { type RampServer, startRamp } from "./ramp/server.ts"
import { type SolanaChain, startSolana } from "./solana/index.ts"
import { buildWalletScript, bundleWallet } from "./wallet/build.ts"
import { mobileWalletPath } from "./wallet/mobilePage.ts"

/** Ports of each part; 0 (the default) picks a free one, so parallel sandboxes never collide. */
export interface SandboxPorts {
  /** The wallet / blockchain API. @default 0 */
  readonly api?: number
  /** The demo dapp. @default 0 */
  readonly demo?: number
  /** The WalletConnect relay. @default 0 */
  readonly relay?: number
  /**
   * The chains 1, 8453, 31337 and 59144, in that order: a list, or the first port (the others follow it). @default 0
   */
  readonly chains?: number | ReadonlyArray<number>
  /** The local Solana chain (JSON-RPC over HTTP and WebSocket on one port). @default 0 */
  readonly solana?: number
  /** The embedded wallet's secure site (its own origin, so the frame is cross-origin to the app). @default 0 */
  readonly frame?: number
  /** The sandbox onramp provider's buy pages (its own origin, as a hosted ramp's). @default 0 */
  readonly ramp?: number
}

/** Options of {@link startSandbox}. */
export interface StartSandboxOptions {
  readonly ports?: SandboxPorts
  /** Where the API keeps its store. @default ".sandbox/data" in the repository */
  readonly dataDir?: string
  /** Print nothing. @default false */
  readonly quiet?: boolean
  /** How long each part may take to answer, in ms. @default 20000 */
  readonly timeoutMs?: number
}

/** A local chain of the sandbox. */
export interface SandboxChain {
  readonly chainId: number
  readonly caipNetworkId: `eip155:${number}`
  readonly rpcUrl: string
}

/** The local Solana chain's addresses. */
export interface SandboxSolanaUrls {
  /** `solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5`. */
  readonly caipNetworkId: `solana:${string}`
  /** JSON-RPC over HTTP (`createSolanaRpc`). */
  readonly rpcUrl: string
  /** PubSub over WebSocket, same port (`createSolanaRpcSubscriptions`). */
  readonly wsUrl: string
}

/** Where everything lives; JSON-serialisable (it is what `.sandbox/urls.json` holds). */
export interface SandboxUrls {
  /** Base URL of the wallet API, blockchain API and analytics sink. */
  readonly api: string
  /** The demo dapp. */
  readonly demo: string
  /** Project id of the demo project (every feature on, loopback origins allowed). */
  readonly projectId: string
  /** Every local chain; 31337 is one the demo does not support. */
  readonly chains: ReadonlyArray<SandboxChain>
  /** The Sandbox Wallet script, configured with every local chain. */
  readonly wallet: string
  /** The WalletConnect relay (`ws://127.0.0.1:<port>`), for `endpoints.relay` and wallets. */
  readonly relay: string
  /** The local Solana chain (litesvm). */
  readonly solana: SandboxSolanaUrls
  /**
   * The embedded wallet's secure site, for `endpoints.frame`: the frame page (`/sdk`), the mailbox (`/mailbox`) and
   * the social and Farcaster stand-ins.
   */
  readonly frame: string
  /** The sandbox onramp provider: the buy pages the API's `/v1/generators/onrampurl` links to. */
  readonly ramp: string
}

/** The local Solana chain of a running sandbox: its addresses, funded accounts, USDC mint and history. */
export type SandboxSolana = Pick<
  SolanaChain,
  "caipNetworkId" | "rpcUrl" | "wsUrl" | "genesisHash" | "accounts" | "usdcMint" | "history"
>

/** A running sandbox. */
export interface Sandbox {
  readonly urls: SandboxUrls
  /** anvil's funded accounts; index 0 is the Sandbox Wallet's. */
  readonly accounts: ReadonlyArray<SandboxAccount>
  /** USDC and NFT addresses by chain id (seeded chains only). */
  readonly contracts: Readonly<Record<number, SeededContracts>>
  /** The local Solana chain; `accounts[0]` is the Sandbox Solana Wallet's. */
  readonly solana: SandboxSolana
  /** Stops the demo server, the API and every chain; resolves once all are down. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/**
 * Chains the demo supports; the third local chain (31337) stays unsupported on purpose. The fourth, 59144 (Linea), is
 * supported but outside SPEC §9's swap networks and without tokens or pools: the demo's network where Swap says
 * 'Network not supported for Swaps'.
 */
export const demoChainIds: ReadonlyArray<number> = [1, 8453, 59144]

/** Default data dir: `.sandbox/data` at the repository root, whatever the working directory. */
export const defaultDataDir = join(import.meta.dirname, "..", ".sandbox", "data")

const chainPorts = (ports: SandboxPorts["chains"]): ReadonlyArray<number> => {
  if (ports === undefined || ports === 0) return [0, 0, 0, 0]
  if (typeof ports === "number") return [ports, ports + 1, ports + 2, ports + 3]
  return [ports[0] ?? 0, ports[1] ?? 0, ports[2] ?? 0, ports[3] ?? 0]
}

/** Resolves once `check` answers true; polls every 25 ms until `timeoutMs`. */
const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> => {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (performance.now() > deadline) throw new Error(`startSandbox: ${what} did not answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const solanaAnswers = async (solana: SandboxSolanaUrls, genesisHash: string): Promise<boolean> => {
  const response = await fetch(solana.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getGenesisHash" }),
    signal: AbortSignal.timeout(2000)
  })
  return ((await response.json()) as { result?: string }).result === genesisHash
}

const answers = async (url: string, init?: RequestInit): Promise<boolean> =>
  (await fetch(url, { ...init, signal: AbortSignal.timeout(2000) })).ok

const chainAnswers = async (chain: SandboxChain): Promise<boolean> => {
  const response = await fetch(chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    signal: AbortSignal.timeout(2000)
  })
  const body = (await response.json()) as { result?: string }
  return body.result !== undefined && Number(body.result) === chain.chainId
}

/**
 * Starts the sandbox and resolves once every part answers.
 *
 * @example
 * ```ts
 * import { startSandbox } from "../../sandbox/index.ts"
 * const sandbox = await startSandbox({ quiet: true, dataDir: mkdtempSync(join(tmpdir(), "airlock-")) })
 * await page.goto(`${sandbox.urls.demo}/?sandboxWallet=approve`)
 * await sandbox.stop()
 * ```
 */
export const startSandbox = async (options: StartSandboxOptions = {}): Promise<Sandbox> => {
  const log = options.quiet ? () => {} : (line: string) => console.log(`sandbox: ${line}`)
  const timeoutMs = options.timeoutMs ?? 20_000
  const ports = options.ports ?? {}
  const started = performance.now()
  const since = () => `${Math.round(performance.now() - started)} ms`

  // The two builds need nothing else: they run while the chains start.
  const site = buildDemo()
  const walletBundle = bundleWallet()
  const frameScripts = bundleFrameScripts()
  site.catch(() => {})
  walletBundle.catch(() => {})
  frameScripts.catch(() => {})

  let chains: Chains | undefined
  let solana: SolanaChain | undefined
  let api: ApiServer | undefined
  let demo: DemoServer | undefined
  let relay: Relay | undefined
  let frame: FrameServer | undefined
  let ramp: RampServer | undefined
  let sqlOpening: Promise<Sql> | undefined
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= (async () => {
      await Promise.allSettled([demo?.stop(), frame?.stop(), relay?.stop(), ramp?.stop()])
      await api?.stop()
      // The API and the secure site share it: closed once both have stopped.
      await sqlOpening?.then(
        (sql) => sql.close(),
        () => {}
      )
      await Promise.all([chains?.stop(), solana?.stop()])
    })()
    return stopped
  }
  // On a failure the builds may still be running: let them finish, then end esbuild's service, so a failed start
  // leaves no process behind either (esbuild restarts it if anything bundles later).
  const abandon = async () => {
    await Promise.allSettled([stop(), site, walletBundle, frameScripts])
    await stopEsbuild()
    // Vite may hand esbuild one last job in the tick after its build settles (seen once on a cold CI machine since
    // the demo bundles the WalletConnect SDK); stopping again after that tick leaves no service behind.
    await new Promise((resolve) => setImmediate(resolve))
    await stopEsbuild()
  }

  try {
    // One PGlite for the API and the secure site (two instances on one folder would corrupt it), opened while the
    // chains start: a fresh folder takes seconds.
    sqlOpening = openSql({ dataDir: join(options.dataDir ?? defaultDataDir, "pg") })
    sqlOpening.catch(() => {})
    const [chainsPort1, chainsPort2, chainsPort3, chainsPort4] = chainPorts(ports.chains)
    // allSettled: when one fails, the other must have finished starting before stop() can end it
    const [startedChains, startedSolana] = await Promise.allSettled([
      startChains({
        chains: [
          { chainId: 1, port: chainsPort1! },
          { chainId: 8453, port: chainsPort2! },
          { chainId: 31337, port: chainsPort3!, seed: false },
          { chainId: 59144, port: chainsPort4!, seed: false }
        ]
      }),
      startSolana({ port: ports.solana ?? 0 })
    ])
    if (startedChains.status === "fulfilled") chains = startedChains.value
    if (startedSolana.status === "fulfilled") solana = startedSolana.value
    if (startedChains.status === "rejected") throw startedChains.reason
    if (startedSolana.status === "rejected") throw startedSolana.reason
    if (chains === undefined || solana === undefined) throw new Error("startSandbox: a chain did not start")
    log(`chains ready (${since()})`)
    // The ramp pays from its treasury on the seeded EVM chains and the Solana chain (USDC minted there by the mint's
    // authority, account 0's key).
    const evmChains = chains
    const sql = await sqlOpening
    ;[api, relay, ramp] = await Promise.all([
      startApi({
        port: ports.api ?? 0,
        dataDir: options.dataDir ?? defaultDataDir,
        sql,
        ...sandboxApiOptions({
          chains,
          solana,
          ramp: {
            open: (order) => {
              if (ramp === undefined) throw new Error("The sandbox ramp is not running")
              return ramp.open(order)
            },
            get: (id) => ramp?.orders.get(id)
          }
        }),
        // Sign-in's email-capture codes go to the secure site's mailbox, next to the embedded wallet's.
        mail: (mail) => frame?.store.mailbox.add({ ...mail, link: null, sentAt: Date.now() }),
        // One developer and every test share 127.0.0.1 here: no per-IP or per-project limits.
        rateLimits: false
      }),
      startRelay({ port: ports.relay ?? 0 }),
      startRamp({
        port: ports.ramp ?? 0,
        evm: evmChains.chains.map((chain) => ({
          caipNetworkId: chain.caipNetworkId,
          rpcUrl: chain.rpcUrl,
          usdc: evmChains.contracts[chain.chainId]?.usdc
        })),
        solana: {
          caipNetworkId: solana.caipNetworkId,
          rpcUrl: solana.rpcUrl,
          usdcMint: solana.usdcMint,
          usdcAuthorityKey: solana.accounts[0]!.privateKey
        }
      })
    ])
    log(`api, relay and ramp ready (${since()})`)
    // The secure site reads the API's projects (who may embed the frame) and funds its users on the local chains.
    frame = await startFrame({
      port: ports.frame ?? 0,
      dataDir: options.dataDir ?? defaultDataDir,
      sql,
      keyEncryptionKey: developmentKeyEncryptionKey,
      projects: api.projects,
      smartSessions: api.db.sessions,
      // Every test signs in from 127.0.0.1, dozens of times an hour: only the limits on starting sign-ins apply.
      limits: { codeAnswersPerClient: 1_000_000, codeAnswersPerEmail: 1_000_000 },
      ...sandboxFrameChains(chains)
    })
    const solanaUrls: SandboxSolanaUrls = {
      caipNetworkId: solana.caipNetworkId,
      rpcUrl: solana.rpcUrl,
      wsUrl: solana.wsUrl
    }
    // The Sandbox Solana Wallet signs with account 0 on the local chain.
    const walletSolana = {
      rpcUrl: solana.rpcUrl,
      chain: solana.caipNetworkId,
      privateKey: solana.accounts[0]!.privateKey
    }
    const walletScript = await buildWalletScript({
      chains: chains.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
      chainId: demoChainIds[0]!,
      mode: "prompt",
      solana: walletSolana
    })
    const builtSite = await site
    // Both bundles are made once per process; esbuild's service process is not needed again, and a stopped sandbox
    // should leave no child behind (esbuild restarts it if anything bundles later).
    await stopEsbuild()
    demo = await startDemoServer({
      site: builtSite,
      walletScript,
      port: ports.demo ?? 0,
      config: {
        projectId: demoProjectId,
        api: api.url,
        chains: chains.chains.filter((chain) => demoChainIds.includes(chain.chainId)),
        relay: relay.url,
        solana: solanaUrls,
        frame: frame.url
      },
      mobileWallet: {
        relayUrl: relay.url,
        projectId: demoProjectId,
        chains: chains.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
        solana: walletSolana
      }
    })
    // The registry's Sandbox Mobile Wallet opens this page (mobile and web app links, `wc?uri=` appended).
    api.registry.linkMobileWallet(`${demo.url}${mobileWalletPath}/`)
    log(`demo ready (${since()})`)

    const urls: SandboxUrls = {
      api: api.url,
      demo: demo.url,
      projectId: demoProjectId,
      chains: chains.chains,
      wallet: `${demo.url}${walletScriptPath}`,
      relay: relay.url,
      solana: solanaUrls,
      frame: frame.url,
      ramp: ramp.url
    }
    const genesisHash = solana.genesisHash
    await Promise.all([
      ...urls.chains.map((chain) => waitUntil(`chain ${chain.chainId}`, () => chainAnswers(chain), timeoutMs)),
      waitUntil("solana", () => solanaAnswers(solanaUrls, genesisHash), timeoutMs),
      waitUntil("api", () => answers(`${urls.api}/appkit/v1/config?projectId=${urls.projectId}`), timeoutMs),
      waitUntil("demo", () => answers(`${urls.demo}${configPath}`), timeoutMs),
      waitUntil("wallet script", () => answers(urls.wallet), timeoutMs),
      waitUntil("frame", () => answers(`${urls.frame}/frame.css`), timeoutMs),
      waitUntil("ramp", () => answers(`${urls.ramp}/buy.css`), timeoutMs)
    ])
    log(`all parts answer (${since()})`)
    const { accounts, usdcMint, history } = solana
    return {
      urls,
      accounts: chains.accounts,
      contracts: chains.contracts,
      solana: { ...solanaUrls, genesisHash, accounts, usdcMint, history },
      stop
    }
  } catch (error) {
    await abandon()
    throw error
  }
}
