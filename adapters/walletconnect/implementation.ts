/**
 * The WalletConnect adapter's code, loaded when WalletConnect is first used: a UniversalProvider on a Core that
 * reaches only the configured relay, sessions for the app's EVM networks with their own RPC URLs, and the session's
 * events turned into the contract's.
 */
import { UniversalProvider } from "@walletconnect/universal-provider"
import type { AdapterContext, AdapterEvents, AdapterImplementation } from "../../core/client/AirlockAdapter.ts"
import { ConnectionError } from "../../core/errors/catalogue.ts"
import { makeCore } from "./core.ts"
import { type WalletConnectOptions, walletConnectConnectorId } from "./index.ts"

/** What the session asks EVM wallets for. */
const methods = ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_switchEthereumChain"]
const events = ["accountsChanged", "chainChanged"]

type Session = NonNullable<InstanceType<typeof UniversalProvider>["session"]>

/** The session's EVM addresses (without their chain), first one first. */
const accountsOf = (session: Session): Array<string> => [
  ...new Set((session.namespaces.eip155?.accounts ?? []).map((account) => account.split(":")[2] ?? ""))
]

/** The chain of the session's first EVM account, as a number. */
const chainOf = (session: Session): number | undefined => {
  const reference = session.namespaces.eip155?.accounts[0]?.split(":")[1]
  return reference === undefined ? undefined : Number(reference)
}

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
  // Reads never leave for a hosted RPC: every chain maps to the app's own RPC URL.
  const rpcMap = Object.fromEntries(
    networks.flatMap((network) => {
      const url = network.rpcUrls.default.http[0]
      return url === undefined ? [] : [[String(network.id), url]]
    })
  )
  const listeners = new Set<AdapterEvents>()
  let chainId: number | undefined = provider.session === undefined ? undefined : chainOf(provider.session)
  provider.on("session_delete", () => {
    for (const events of listeners) events.disconnected()
  })
  provider.on("accountsChanged", (accounts: Array<string>) => {
    const addresses = accounts.map((account) => account.split(":").at(-1) ?? account)
    for (const events of listeners) events.accountsChanged(addresses)
  })
  provider.on("chainChanged", (next: unknown) => {
    const id = typeof next === "string" && next.startsWith("0x") ? Number.parseInt(next, 16) : Number(next)
    if (!Number.isSafeInteger(id)) return
    chainId = id
    for (const events of listeners) events.chainChanged(id)
  })

  // Ends the wait on the offered pairing: "renew" offers a fresh one, "cancel" (the modal closed) gives up. The SDK
  // has no way to abort a pending proposal (abortPairingAttempt is a no-op in 2.21.8); the stale one expires by itself.
  let interrupt: ((reason: "renew" | "cancel") => void) | undefined

  const connectionOf = (session: Session) => {
    chainId = chainOf(session)
    return { connectorId: walletConnectConnectorId, accounts: accountsOf(session), chainId }
  }

  return {
    name: "WalletConnect",
    connect: async ({ network, onUri }) => {
      const showUri = (uri: string) => onUri?.(uri)
      provider.on("display_uri", showUri)
      const chains = [network.caipNetworkId, ...networks.map((n) => n.caipNetworkId)]
      try {
        for (;;) {
          const interrupted = new Promise<{ readonly reason: "renew" | "cancel" }>((resolve) => {
            interrupt = (reason) => resolve({ reason })
          })
          const proposed = provider
            .connect({ optionalNamespaces: { eip155: { methods, events, chains: [...new Set(chains)], rpcMap } } })
            .then((session) => ({ session }))
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
    // The SDK restored the session from storage when it started: no new QR.
    reconnect: async () => (provider.session === undefined ? undefined : connectionOf(provider.session)),
    disconnect: () => provider.disconnect(),
    switchNetwork: async ({ network }) => {
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
      for (const events of listeners) events.chainChanged(Number(network.id))
    },
    request: async ({ method, params }) => {
      try {
        return await provider.request({ method, params: params as never }, `eip155:${chainId ?? networks[0]?.id}`)
      } catch (error) {
        throw asRefusal(error)
      }
    },
    watchEvents: (_connectorId, events) => {
      listeners.add(events)
      return () => listeners.delete(events)
    },
    getProvider: () => provider
  }
}
