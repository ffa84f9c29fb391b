import type { AdapterEvents, AdapterImplementation } from "../adapter/AdapterImplementation.ts"
import type { AirlockAdapter } from "../adapter/AirlockAdapter.ts"
import type { ConnectorData } from "../schema/connector.ts"
import type { ChainNamespace } from "../schema/namespace.ts"

/** Options of {@link fakeAdapter}. */
export interface FakeAdapterOptions {
  /** @default "eip155" */
  readonly namespace?: ChainNamespace | undefined
  /** The accounts the wallet grants. @default one fixed EVM address */
  readonly accounts?: ReadonlyArray<string> | undefined
  /** The chain the wallet is on (the namespace's chain reference). @default 1 */
  readonly chainId?: string | number | undefined
  /** The connector it announces. @default { id: "test.wallet", name: "Test Wallet", type: "ANNOUNCED" } */
  readonly connector?: Partial<ConnectorData> | undefined
  /** Whether a stored connection is restored on start (the wallet still grants access). @default true */
  readonly restores?: boolean | undefined
  /** The native balance the chain reports through the adapter's RPC (the fallback when the API fails). */
  readonly rpcBalance?: string | undefined
}

/** The wallet's side of a {@link fakeAdapter}: what it was asked, and how to make it answer or speak. */
export interface FakeWallet {
  /** Every request the app sent, in order. */
  readonly requests: Array<{ readonly method: string; readonly params?: unknown }>
  /** The networks the app asked the wallet to switch to (CAIP-2 ids). */
  readonly switches: Array<string>
  /** How many times the app disconnected through the wallet. */
  readonly disconnects: () => number
  /** Makes the next connect fail with an EIP-1193 "user rejected" (4001). */
  rejectNextConnect(): void
  /** Makes the next connect fail with another error. */
  failNextConnect(message?: string): void
  /**
   * Makes the next connect wait until the returned function is called, as a wallet waits for its user: the connecting
   * view stays on screen until then.
   */
  holdNextConnect(): () => void
  /** The wallet reports new accounts (an empty list: it revoked the app's access). */
  accountsChanged(accounts: ReadonlyArray<string>): void
  /** The wallet moved to another chain by itself. */
  chainChanged(chainId: string | number): void
  /** The wallet ended the connection. */
  disconnected(): void
  /** The answer to the next request (default: `null`). */
  answerNext(value: unknown): void
  /** Makes the next request fail as the wallet's user refusing it (EIP-1193 4001). */
  rejectNextRequest(): void
}

/** The account a fake wallet grants unless told otherwise. */
export const fakeAccount = "0x52908400098527886E0F7030069857D2E4169EE7"

/**
 * An adapter over a scripted wallet, for testing an app's connected states without a browser wallet: it announces one
 * connector at once, connects to the accounts it was given, records requests and switches, and lets the test make
 * the wallet refuse or report events. It goes through the same contract and core flows a real adapter does.
 *
 * @example
 * ```ts
 * import { createTestAirlock, fakeAdapter } from "airlock-kit/testing"
 * const { adapter, wallet } = fakeAdapter({ chainId: 8453 })
 * const airlock = createTestAirlock({ adapters: [adapter] })
 * await airlock.connect("test.wallet")
 * wallet.accountsChanged([])
 * ```
 */
export const fakeAdapter = (
  options: FakeAdapterOptions = {}
): { readonly adapter: AirlockAdapter; readonly wallet: FakeWallet } => {
  const namespace = options.namespace ?? "eip155"
  const connector: ConnectorData = {
    id: "test.wallet",
    type: "ANNOUNCED",
    name: "Test Wallet",
    chain: namespace,
    ...options.connector
  }
  let accounts = [...(options.accounts ?? [fakeAccount])]
  let chainId = options.chainId ?? 1
  let nextConnect: "reject" | { readonly fail: string } | undefined
  let hold: Promise<void> | undefined
  const answers: Array<unknown> = []
  const refusal = Symbol("refused")
  const listeners = new Set<AdapterEvents>()
  let disconnects = 0
  let granted = options.restores ?? true
  const requests: FakeWallet["requests"] = []
  const answer = async (method: string, params: unknown) => {
    requests.push(params === undefined ? { method } : { method, params })
    const next = answers.length > 0 ? answers.shift() : null
    if (next === refusal) throw Object.assign(new Error("User rejected the request."), { code: 4001 })
    return next
  }
  // One EIP-1193-shaped provider for the wallet's life, as a real adapter's: its requests are recorded and answered
  // as `request`'s are.
  const provider = {
    fake: true,
    connectorId: connector.id,
    request: (args: { method: string; params?: unknown }) => answer(args.method, args.params)
  }
  const switches: Array<string> = []

  const implementation: AdapterImplementation = {
    name: "fake",
    connect: async ({ connectorId }) => {
      const held = hold
      hold = undefined
      if (held !== undefined) await held
      const outcome = nextConnect
      nextConnect = undefined
      if (outcome === "reject") throw Object.assign(new Error("User rejected the request."), { code: 4001 })
      if (outcome !== undefined) throw new Error(outcome.fail)
      granted = true
      return { connectorId, accounts, chainId }
    },
    reconnect: async ({ connectorId }) => (granted ? { connectorId, accounts, chainId } : undefined),
    disconnect: async () => {
      disconnects += 1
      granted = false
    },
    switchNetwork: async ({ network }) => {
      switches.push(network.caipNetworkId)
      chainId = network.id
      for (const events of listeners) events.chainChanged(network.id)
    },
    request: async ({ method, params }) => answer(method, params),
    watchEvents: (_connectorId, events) => {
      listeners.add(events)
      return () => listeners.delete(events)
    },
    ...(options.rpcBalance === undefined ? {} : { getBalance: async () => options.rpcBalance as string }),
    // A transfer is one request the wallet answers (its hash), with a fixed fee: 21000 gas at 1 gwei on EVM.
    prepareTransfer: async ({ from, to, amount, token }) => ({
      method: namespace === "solana" ? "solana_signAndSendTransaction" : "eth_sendTransaction",
      params:
        namespace === "solana"
          ? { transaction: "AQ==" }
          : [{ from, to: token?.address.split(":").at(-1) ?? to, value: `0x${amount.toString(16)}` }],
      fee: namespace === "solana" ? 5000n : 21_000_000_000_000n
    }),
    confirmTransfer: async ({ result }) => String(result ?? `0x${"ab".repeat(32)}`),
    getProvider: (connectorId) => (connectorId === connector.id ? provider : undefined)
  }

  const wallet: FakeWallet = {
    requests,
    switches,
    disconnects: () => disconnects,
    rejectNextConnect: () => {
      nextConnect = "reject"
    },
    failNextConnect: (message = "The wallet failed") => {
      nextConnect = { fail: message }
    },
    holdNextConnect: () => {
      let release = () => {}
      hold = new Promise<void>((resolve) => {
        release = resolve
      })
      return release
    },
    accountsChanged: (next) => {
      accounts = [...next]
      for (const events of listeners) events.accountsChanged(next)
    },
    chainChanged: (next) => {
      chainId = next
      for (const events of listeners) events.chainChanged(next)
    },
    disconnected: () => {
      granted = false
      for (const events of listeners) events.disconnected()
    },
    answerNext: (value) => {
      answers.push(value)
    },
    rejectNextRequest: () => {
      answers.push(refusal)
    }
  }

  const adapter: AirlockAdapter = {
    namespace,
    watchConnectors: (onChange) => {
      onChange([connector])
      return () => {}
    },
    load: async () => implementation
  }
  return { adapter, wallet }
}
