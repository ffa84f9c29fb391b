/**
 * The WalletConnect adapter's code, loaded when WalletConnect is first used: a UniversalProvider on a Core that
 * reaches only the configured relay, one session for the app's EVM and Solana networks with their own RPC URLs (a
 * wallet approves the namespaces it has), and the session's events turned into the contract's.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import { UniversalProvider } from "@walletconnect/universal-provider"
import type { AdapterContext } from "../../core/adapter/AdapterContext.ts"
import type {
  AdapterConnection,
  AdapterEvents,
  AdapterImplementation
} from "../../core/adapter/AdapterImplementation.ts"
import { ConnectionError } from "../../core/errors/catalogue.ts"
import type { ChainNamespace } from "../../core/schema/namespace.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"
import { makeCore } from "./core.ts"
import { type WalletConnectOptions, walletConnectConnectorId } from "./options.ts"

/** What the session asks EVM wallets for. */
const methods = ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_switchEthereumChain"]
const events = ["accountsChanged", "chainChanged"]
/** What the session asks Solana wallets for (WalletConnect's Solana JSON-RPC). */
const solanaMethods = [
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction"
]

/** The namespaces a session may carry, in the order a connection reports them. */
const sessionNamespaces = ["eip155", "solana"] as const satisfies ReadonlyArray<ChainNamespace>
type SessionNamespace = (typeof sessionNamespaces)[number]

type Session = NonNullable<InstanceType<typeof UniversalProvider>["session"]>

/** The session's addresses in `namespace` (without their chain), first one first. */
const accountsOf = (session: Session, namespace: SessionNamespace = "eip155"): Array<string> => [
  ...new Set(
    (session.namespaces[namespace]?.accounts ?? []).map((account) => account.split(":")[2] ?? "").filter(Boolean)
  )
]

/** The chain of the session's first account in `namespace` (a number on EVM, the genesis prefix on Solana). */
const chainOf = (session: Session, namespace: SessionNamespace = "eip155"): string | number | undefined => {
  const reference = session.namespaces[namespace]?.accounts[0]?.split(":")[1]
  if (reference === undefined) return undefined
  return namespace === "eip155" ? Number(reference) : reference
}

/** Chain references to the app's own RPC URL, so reads never leave for a hosted RPC. */
const rpcMapOf = (networks: ReadonlyArray<CaipNetwork>): Record<string, string> =>
  Object.fromEntries(
    networks.flatMap((network) => {
      const url = network.rpcUrls.default.http[0]
      return url === undefined ? [] : [[String(network.id), url]]
    })
  )

/** A wallet's refusal, as EIP-1193's 4001 (core shows 'Connection rejected'). */
const asRefusal = (error: unknown): unknown => {
  const { code, message } = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown
    message?: unknown
  }
  const rejected = code === 5000 || code === 4001 || (typeof message === "string" && /reject/i.test(message))
  return rejected ? Object.assign(new Error(String(message ?? "User rejected")), { code: 4001 }) : error
}

/**
 * The implementation over one UniversalProvider.
 * @example
 * ```ts
 * const implementation = await makeWalletConnectImplementation(
 *   { projectId: "airlock-demo", endpoints: { walletApi: "", blockchainApi: "", relay: "ws://127.0.0.1:4401" } },
 *   {}
 * )
 * ```
 */
export const makeWalletConnectImplementation = async (
  context: AdapterContext,
  options: WalletConnectOptions
): Promise<AdapterImplementation> => {
  const relayUrl = context.endpoints.relay
  if (relayUrl === undefined)
    throw new Error("WalletConnect needs endpoints.relay (the sandbox's is ws://127.0.0.1:4401)")
  const projectId = context.projectId ?? ""
  const networks = (context.networks ?? []).filter((network) => network.chainNamespace === "eip155")
  const solanaNetworks = (context.networks ?? []).filter((network) => network.chainNamespace === "solana")
  const metadata = options.metadata ??
    context.metadata ?? {
      name: typeof document === "undefined" ? "Airlock app" : document.title || location.host,
      description: "",
      url: typeof location === "undefined" ? "http://127.0.0.1" : location.origin,
      icons: []
    }
  const provider = await UniversalProvider.init({
    core: makeCore({ relayUrl, projectId, storagePrefix: "airlock" }),
    projectId,
    relayUrl,
    metadata: { ...metadata, icons: [...metadata.icons] },
    logger: "silent"
  })
  // Core listens once per namespace the session serves: EVM's listeners get the provider's account and chain
  // events (its default namespace), every namespace's the session's end.
  const listeners = new Map<AdapterEvents, SessionNamespace>()
  const listenersOf = (namespace: SessionNamespace) =>
    [...listeners].flatMap(([events, ns]) => (ns === namespace ? [events] : []))
  let chainId: number | undefined =
    provider.session === undefined ? undefined : (chainOf(provider.session) as number | undefined)
  // The namespaces the app still uses the session for: it is ended only when the last one disconnects.
  const served = new Set<SessionNamespace>()
  provider.on("session_delete", () => {
    served.clear()
    for (const events of listeners.keys()) events.disconnected()
  })
  provider.on("accountsChanged", (accounts: Array<string>) => {
    const addresses = accounts.map((account) => account.split(":").at(-1) ?? account)
    for (const events of listenersOf("eip155")) events.accountsChanged(addresses)
  })
  provider.on("chainChanged", (next: unknown) => {
    const id = typeof next === "string" && next.startsWith("0x") ? Number.parseInt(next, 16) : Number(next)
    if (!Number.isSafeInteger(id)) return
    chainId = id
    for (const events of listenersOf("eip155")) events.chainChanged(id)
  })

  // Ends the wait on the offered pairing: "renew" offers a fresh one, "cancel" (the modal closed) gives up. The SDK
  // has no way to abort a pending proposal (abortPairingAttempt is a no-op in 2.21.8); the stale one expires by itself.
  let interrupt: ((reason: "renew" | "cancel") => void) | undefined

  /** The session as a connection: its EVM side, and its Solana side as a further namespace. */
  const connectionOf = (session: Session): AdapterConnection => {
    chainId = chainOf(session) as number | undefined
    for (const namespace of sessionNamespaces) if (accountsOf(session, namespace).length > 0) served.add(namespace)
    const solanaAccounts = accountsOf(session, "solana")
    return {
      connectorId: walletConnectConnectorId,
      accounts: accountsOf(session),
      chainId,
      ...(solanaAccounts.length === 0
        ? {}
        : { namespaces: { solana: { accounts: solanaAccounts, chainId: chainOf(session, "solana") } } })
    }
  }
  /** The namespaces the session proposal asks for: each with the app's networks of it, and their RPC URLs. */
  const proposal = (network: CaipNetwork) => {
    const evmChains = [
      ...new Set([network, ...networks].filter((n) => n.chainNamespace === "eip155").map((n) => n.caipNetworkId))
    ]
    const solanaChains = [
      ...new Set([network, ...solanaNetworks].filter((n) => n.chainNamespace === "solana").map((n) => n.caipNetworkId))
    ]
    return {
      ...(evmChains.length === 0 ? {} : { eip155: { methods, events, chains: evmChains, rpcMap: rpcMapOf(networks) } }),
      ...(solanaChains.length === 0
        ? {}
        : { solana: { methods: solanaMethods, events: [], chains: solanaChains, rpcMap: rpcMapOf(solanaNetworks) } })
    }
  }

  return {
    name: "WalletConnect",
    connect: async ({ network, onUri }) => {
      const showUri = (uri: string) => onUri?.(uri)
      provider.on("display_uri", showUri)
      try {
        for (;;) {
          const interrupted = new Promise<{ readonly reason: "renew" | "cancel" }>((resolve) => {
            interrupt = (reason) => resolve({ reason })
          })
          const proposed = provider.connect({ optionalNamespaces: proposal(network) }).then((session) => ({ session }))
          // An interrupted proposal may still settle later; its outcome is not this connect's.
          proposed.catch(() => undefined)
          const outcome = await Promise.race([proposed, interrupted]).catch((error: unknown) => {
            throw asRefusal(error)
          })
          if ("reason" in outcome) {
            if (outcome.reason === "renew") continue
            throw new ConnectionError({ reason: "ModalClosed" })
          }
          if (outcome.session === undefined) throw new Error("The wallet approved no session")
          return connectionOf(outcome.session)
        }
      } finally {
        interrupt = undefined
        provider.removeListener("display_uri", showUri)
      }
    },
    cancelConnect: () => interrupt?.("cancel"),
    renewPairing: () => interrupt?.("renew"),
    // The SDK restored the session from storage when it started: no new QR. Each namespace is restored on its own.
    reconnect: async ({ namespace }) => {
      const session = provider.session
      if (session === undefined) return undefined
      const connection = connectionOf(session)
      if (namespace !== "solana") return connection.accounts.length === 0 ? undefined : connection
      const solana = connection.namespaces?.solana
      return solana === undefined ? undefined : { connectorId: walletConnectConnectorId, ...solana }
    },
    disconnect: async ({ namespace }) => {
      served.delete(namespace === "solana" ? "solana" : "eip155")
      if (served.size === 0 && provider.session !== undefined) await provider.disconnect()
    },
    switchNetwork: async ({ network }) => {
      // A Solana wallet has no current chain: a request names the cluster it is for.
      if (network.chainNamespace === "solana") return
      try {
        await provider.request(
          { method: "wallet_switchEthereumChain", params: [{ chainId: `0x${Number(network.id).toString(16)}` }] },
          `eip155:${chainId ?? network.id}`
        )
      } catch (error) {
        throw asRefusal(error)
      }
      provider.setDefaultChain(network.caipNetworkId)
      chainId = Number(network.id)
      for (const events of listenersOf("eip155")) events.chainChanged(Number(network.id))
    },
    request: async ({ method, params, network }) => {
      // Solana requests go to the app's active Solana network; EVM ones to the chain the wallet is on.
      const chain = method.startsWith("solana_")
        ? (network?.chainNamespace === "solana" ? network : solanaNetworks[0])?.caipNetworkId
        : `eip155:${chainId ?? networks[0]?.id}`
      try {
        return await provider.request({ method, params: params as never }, chain)
      } catch (error) {
        throw asRefusal(error)
      }
    },
    watchEvents: (_connectorId, events, namespace) => {
      listeners.set(events, namespace === "solana" ? "solana" : "eip155")
      return () => listeners.delete(events)
    },
    getProvider: () => provider
  }
}
