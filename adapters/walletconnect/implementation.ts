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
import { pairingLifetimeMs } from "../../core/schema/pairing.ts"
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

/**
 * The phone wallet behind a session, as it announced itself (its metadata's name and first icon), bounded: a hostile
 * peer's 2 MB name never reaches the state. The icon is unchecked (renderers pass it through `isSafeImageUrl`).
 */
const peerWallet = (session: Session): { readonly name?: string; readonly icon?: string } | undefined => {
  const metadata: { name?: unknown; icons?: unknown } = session.peer?.metadata ?? {}
  const name =
    typeof metadata.name === "string" && metadata.name.trim() !== "" ? metadata.name.trim().slice(0, 64) : undefined
  const [first] = Array.isArray(metadata.icons) ? metadata.icons : []
  const icon = typeof first === "string" && first.length <= 2048 ? first : undefined
  if (name === undefined && icon === undefined) return undefined
  return { ...(name === undefined ? {} : { name }), ...(icon === undefined ? {} : { icon }) }
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
  // The session's end under way, shared by the disconnects of its namespaces.
  let ending: Promise<void> | undefined
  provider.on("session_delete", () => {
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
  // has no way to abort a pending proposal (abortPairingAttempt is a no-op in 2.21.8): a given-up pairing is deleted,
  // so the relay stops carrying it and no wallet can answer it.
  let interrupt: ((reason: "renew" | "cancel") => void) | undefined
  // A connect is under way (from its call, before its pairing exists): no pairing is made in advance meanwhile.
  let connecting = false
  // The pairing made in advance (preparePairing) that no connect has taken yet.
  let parked: Proposal | undefined
  let parkedTimer: ReturnType<typeof setTimeout> | undefined
  /** The session as a connection: its EVM side, and its Solana side as a further namespace. */
  const connectionOf = (session: Session): AdapterConnection => {
    chainId = chainOf(session) as number | undefined
    const solanaAccounts = accountsOf(session, "solana")
    const wallet = peerWallet(session)
    return {
      connectorId: walletConnectConnectorId,
      accounts: accountsOf(session),
      chainId,
      ...(wallet === undefined ? {} : { wallet }),
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

  /**
   * One session proposal, from `provider.connect`: its URI once the SDK made it (and when), and the session it ends
   * in. The provider announces every URI through one event, so proposals are made one at a time: a new one starts
   * only after the previous one's URI came (or it failed).
   */
  interface Proposal {
    /** The namespaces proposed, as text: a connect for another network does not take this one. */
    readonly key: string
    readonly session: Promise<Session>
    /** Resolves with the URI, or `undefined` when the proposal failed before making one. */
    readonly uri: Promise<string | undefined>
    /** When the URI came (Date.now()), once it did. */
    madeAt: number | undefined
    /** Given up: a session it still ends in (a wallet that scanned it just before) is ended at once. */
    dropped: boolean
  }
  let last: Promise<unknown> = Promise.resolve()
  const propose = (network: CaipNetwork): Proposal => {
    const optionalNamespaces = proposal(network)
    let uriCame: (uri: string | undefined) => void = () => {}
    const uri = new Promise<string | undefined>((resolve) => {
      uriCame = resolve
    })
    const showUri = (value: string) => {
      provider.removeListener("display_uri", showUri)
      made.madeAt = Date.now()
      uriCame(value)
    }
    // The previous proposal's URI first (see Proposal); one given up before its turn is not made at all.
    const session = last.then(async () => {
      if (made.dropped) throw new Error("Pairing given up")
      provider.on("display_uri", showUri)
      const approved = await provider.connect({ optionalNamespaces })
      if (approved === undefined) throw new Error("The wallet approved no session")
      return approved
    })
    last = uri
    const made: Proposal = { key: JSON.stringify(optionalNamespaces), session, uri, madeAt: undefined, dropped: false }
    session.then(
      (approved) => {
        // A proposal given up that a wallet still approved: its session is ended, none is left dangling.
        if (made.dropped) void endSession(approved)
      },
      () => {
        provider.removeListener("display_uri", showUri)
        uriCame(undefined)
      }
    )
    return made
  }
  /** Ends a session no connect asked for (or wanted any more). */
  const endSession = async (session: Session) => {
    try {
      if (provider.session?.topic === session.topic) await provider.disconnect()
      else
        await provider.client.disconnect({ topic: session.topic, reason: { code: 6000, message: "User disconnected" } })
    } catch {}
  }
  /** Gives a proposal up: its pairing is deleted (the relay unsubscribes it) once it has one. */
  const drop = (given: Proposal) => {
    given.dropped = true
    void given.uri
      .then(async (uri) => {
        const topic = uri?.slice(3, uri.indexOf("@"))
        if (topic === undefined || topic === "" || !provider.client.core.pairing.pairings.keys.includes(topic)) return
        await provider.client.core.pairing.disconnect({ topic })
      })
      .catch(() => undefined)
  }
  const unpark = (): Proposal | undefined => {
    const taken = parked
    parked = undefined
    if (parkedTimer !== undefined) clearTimeout(parkedTimer)
    parkedTimer = undefined
    return taken
  }
  /**
   * The proposal a connect for `network` waits on: the one made in advance when it is for the same namespaces and
   * has at least half its 4 minutes left, else a new one (the one made in advance given up).
   */
  const take = (network: CaipNetwork): Proposal => {
    const ready = unpark()
    if (ready !== undefined) {
      const fresh = ready.madeAt === undefined || Date.now() - ready.madeAt < pairingLifetimeMs / 2
      if (ready.key === JSON.stringify(proposal(network)) && fresh) return ready
      drop(ready)
    }
    return propose(network)
  }

  return {
    name: "WalletConnect",
    connect: async ({ network, onUri }) => {
      connecting = true
      let current: Proposal | undefined
      try {
        for (;;) {
          const interrupted = new Promise<{ readonly reason: "renew" | "cancel" }>((resolve) => {
            interrupt = (reason) => resolve({ reason })
          })
          current = take(network)
          const offered = current
          // A pairing made in advance has an age: core counts its 4 minutes from when it was made.
          void offered.uri.then((uri) => {
            if (uri !== undefined && current === offered && !offered.dropped)
              onUri?.(uri, Math.max(0, Date.now() - (offered.madeAt ?? Date.now())))
          })
          const outcome = await Promise.race([offered.session.then((session) => ({ session })), interrupted]).catch(
            (error: unknown) => {
              throw asRefusal(error)
            }
          )
          if ("reason" in outcome) {
            drop(offered)
            if (outcome.reason === "renew") continue
            throw new ConnectionError({ reason: "ModalClosed" })
          }
          current = undefined
          return connectionOf(outcome.session)
        }
      } finally {
        interrupt = undefined
        connecting = false
      }
    },
    cancelConnect: () => {
      interrupt?.("cancel")
      const ready = unpark()
      if (ready !== undefined) drop(ready)
    },
    renewPairing: () => interrupt?.("renew"),
    preparePairing: ({ network }) => {
      if (connecting || parked !== undefined || provider.session !== undefined) return
      const made = propose(network)
      parked = made
      made.session.catch(() => {
        // Failed while parked (the relay is down): a connect makes its own.
        if (parked === made) unpark()
      })
      // Nobody waits on it: once stale it is given up, not renewed (SPEC §5 renews only while someone waits).
      parkedTimer = setTimeout(() => {
        if (parked === made) {
          unpark()
          drop(made)
        }
      }, pairingLifetimeMs / 2)
    },
    // The SDK restored the session from storage when it started: no new QR. Each namespace is restored on its own.
    reconnect: async ({ namespace }) => {
      const session = provider.session
      if (session === undefined) return undefined
      const connection = connectionOf(session)
      if (namespace !== "solana") return connection.accounts.length === 0 ? undefined : connection
      const solana = connection.namespaces?.solana
      return solana === undefined ? undefined : { connectorId: walletConnectConnectorId, ...solana }
    },
    // The session is one thing in the wallet too: a disconnect of any namespace ends it whole (core disconnects every
    // namespace it serves at once; their calls share the one ending).
    disconnect: async () => {
      if (provider.session === undefined) return
      ending ??= provider.disconnect().finally(() => {
        ending = undefined
      })
      await ending
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
