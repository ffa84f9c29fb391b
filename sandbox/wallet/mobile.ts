/**
 * The Sandbox Mobile Wallet: a WalletConnect wallet (the SDK's sign client, 2.21.8, on a Core that stays on this
 * machine) that pairs from a `wc:` URI and approves or rejects sessions and requests: personal_sign,
 * eth_signTypedData_v4, eth_sendTransaction on the local chains, and chain switches; with `solana`, also a session's
 * `solana` namespace and its signing requests (`mobileSolana.ts`). This is its programmatic form, which tests and the
 * sandbox's wallet page drive.
 */
import { SignClient } from "@walletconnect/sign-client"
import { privateKeyToAccount } from "viem/accounts"
import { makeLocalCore } from "../../server/relay/localCore.ts"
import { invalidParams, ProviderRpcError, unrecognizedChain, userRejected } from "../../server/wallet/errors.ts"
import { loadSolanaKey } from "../../server/wallet/solanaKey.ts"
import { answerSolanaRequest, solanaMethods } from "../../server/wallet/solanaRequests.ts"
import {
  chainName,
  defaultPrivateKey,
  defaultSolanaPrivateKey,
  type WalletChain,
  type WalletSolanaChain
} from "./config.ts"
import { createSigner } from "./signing.ts"

/** How the wallet answers proposals and requests. */
export type MobileWalletMode = "approve" | "reject"

/** Options of {@link createMobileWallet}. */
export interface MobileWalletOptions {
  readonly relayUrl: string
  readonly projectId: string
  readonly chains: ReadonlyArray<WalletChain>
  /** The local Solana chain, for `solana_*` requests in a WalletConnect session. Absent: EVM only. */
  readonly solana?: WalletSolanaChain
  /** @default "approve" */
  readonly mode?: MobileWalletMode
  /** @default anvil's first default key */
  readonly privateKey?: `0x${string}`
}

/** What the wallet saw, for tests and the page. */
export interface MobileWalletEvent {
  readonly kind: "proposal" | "request"
  readonly method?: string
  readonly peer: string
  readonly answer: "approved" | "rejected" | "failed"
}

/** The methods and events the wallet offers in a session. */
const methods = ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_switchEthereumChain"]
const events = ["accountsChanged", "chainChanged"]

const USER_REJECTED = { code: 5000, message: "User rejected." }

/**
 * Starts the wallet (its own Core and storage).
 * @example
 * ```ts
 * const wallet = await createMobileWallet({ relayUrl: sandbox.urls.relay, projectId: "airlock-demo", chains: sandbox.urls.chains })
 * await wallet.pair(uriFromThePage)
 * ```
 */
export const createMobileWallet = async (options: MobileWalletOptions) => {
  const account = privateKeyToAccount(options.privateKey ?? defaultPrivateKey)
  const solana = options.solana
  const solanaKey = solana ? await loadSolanaKey(solana.privateKey ?? defaultSolanaPrivateKey) : undefined
  const client = await SignClient.init({
    core: makeLocalCore({
      relayUrl: options.relayUrl,
      projectId: options.projectId,
      storagePrefix: `sandbox-mobile-${Math.random().toString(36).slice(2)}`
    }),
    metadata: {
      name: "Sandbox Mobile Wallet",
      description: "The sandbox's WalletConnect wallet",
      url: "http://127.0.0.1",
      icons: []
    }
  })
  let mode: MobileWalletMode = options.mode ?? "approve"
  const seen: Array<MobileWalletEvent> = []
  // The chain each session's requests default to: the first of the session, then whatever the dapp switched to.
  const activeChain = new Map<string, number>()

  const chainOf = (id: number) => options.chains.find((chain) => chain.chainId === id)
  const rpc = async (chainId: number, method: string, params: ReadonlyArray<unknown> = []) => {
    const chain = chainOf(chainId)
    if (chain === undefined) throw unrecognizedChain(`0x${chainId.toString(16)}`)
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
    })
    const answer = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (answer.error !== undefined) throw new ProviderRpcError(answer.error.code, answer.error.message)
    return answer.result
  }

  client.on("session_proposal", async ({ id, params }) => {
    const peer = params.proposer.metadata.name
    const wanted = [
      ...(params.requiredNamespaces.eip155?.chains ?? []),
      ...(params.optionalNamespaces?.eip155?.chains ?? [])
    ]
    const chains = [...new Set(wanted)].filter((caip) => chainOf(Number(caip.split(":")[1])) !== undefined)
    const solanaWanted = [
      ...(params.requiredNamespaces.solana?.chains ?? []),
      ...(params.optionalNamespaces?.solana?.chains ?? [])
    ]
    const solanaChain = solana && solanaWanted.includes(solana.chain) ? solana.chain : undefined
    if (mode === "reject" || (chains.length === 0 && solanaChain === undefined)) {
      seen.push({ kind: "proposal", peer, answer: "rejected" })
      await client.reject({ id, reason: USER_REJECTED })
      return
    }
    const { topic } = await client
      .approve({
        id,
        namespaces: {
          ...(chains.length > 0
            ? { eip155: { chains, methods, events, accounts: chains.map((caip) => `${caip}:${account.address}`) } }
            : {}),
          ...(solanaChain && solanaKey
            ? {
                solana: {
                  chains: [solanaChain],
                  methods: [...solanaMethods],
                  events: [],
                  accounts: [`${solanaChain}:${solanaKey.address}`]
                }
              }
            : {})
        }
      })
      .then(({ topic }) => ({ topic }))
    if (chains.length > 0) activeChain.set(topic, Number(chains[0]?.split(":")[1]))
    seen.push({ kind: "proposal", peer, answer: "approved" })
  })

  const consent = async () => {
    if (mode === "reject") throw userRejected()
  }

  type Request = { readonly method: string; readonly params: unknown }

  const answerEvm = async (topic: string, chainId: string, request: Request, peer: string): Promise<unknown> => {
    const chain = Number(chainId.split(":")[1])
    const signer = createSigner({
      account: () => account,
      rpc: (method, rpcParams) => rpc(chain, method, rpcParams),
      consent,
      requireAccount: (address) => {
        if (typeof address === "string" && address.toLowerCase() !== account.address.toLowerCase()) {
          throw new ProviderRpcError(4100, "The requested account is not this wallet's")
        }
      },
      networkRow: () => ["Network", chainName(chainOf(chain) ?? { chainId: chain })],
      chainId: () => chain,
      requester: () => peer
    })
    const params = Array.isArray(request.params) ? (request.params as ReadonlyArray<unknown>) : []
    switch (request.method) {
      case "personal_sign":
        return signer.personalSign(params)
      case "eth_signTypedData_v4":
        return signer.signTypedData(params)
      case "eth_sendTransaction":
        return signer.sendTransaction(params)
      case "wallet_switchEthereumChain": {
        const target = Number.parseInt(String((params[0] as { chainId?: unknown })?.chainId ?? ""), 16)
        if (chainOf(target) === undefined) throw unrecognizedChain(`0x${target.toString(16)}`)
        if (mode === "reject") throw userRejected()
        activeChain.set(topic, target)
        await client.emit({ topic, chainId: `eip155:${target}`, event: { name: "chainChanged", data: target } })
        return null
      }
      default:
        throw new ProviderRpcError(4200, `${request.method} is not supported`)
    }
  }

  const answerSolana = (chainId: string, request: Request): Promise<unknown> => {
    if (!solana || !solanaKey || chainId !== solana.chain) throw invalidParams(`this wallet has no chain ${chainId}`)
    return answerSolanaRequest({ key: solanaKey, solana, consent }, request.method, request.params)
  }

  client.on("session_request", async ({ id, topic, params }) => {
    const { request, chainId } = params
    const peer = client.session.get(topic).peer.metadata.name
    try {
      const result = chainId.startsWith("solana:")
        ? await answerSolana(chainId, request)
        : await answerEvm(topic, chainId, request, peer)
      await client.respond({ topic, response: { id, jsonrpc: "2.0", result } })
      seen.push({ kind: "request", method: request.method, peer, answer: "approved" })
    } catch (error) {
      const code = error instanceof ProviderRpcError ? error.code : -32603
      const message = error instanceof Error ? error.message : String(error)
      await client.respond({ topic, response: { id, jsonrpc: "2.0", error: { code, message } } })
      seen.push({ kind: "request", method: request.method, peer, answer: code === 4001 ? "rejected" : "failed" })
    }
  })

  return {
    address: account.address,
    /** The Solana account's address (base58), when the wallet has a Solana chain. */
    solanaAddress: solanaKey?.address,
    /** What the wallet answered so far, oldest first. */
    events: seen,
    /** Pairs with a dapp from its `wc:` URI (the QR's content); the session follows the proposal. */
    pair: (uri: string) => client.pair({ uri }),
    setMode: (next: MobileWalletMode) => {
      mode = next
    },
    /** The wallet's live sessions' topics. */
    sessions: () => client.session.getAll().map((session) => session.topic),
    /** Ends every session from the wallet's side (the dapp gets session_delete). */
    disconnectAll: () =>
      Promise.all(
        client.session
          .getAll()
          .map((session) =>
            client.disconnect({ topic: session.topic, reason: { code: 6000, message: "User disconnected." } })
          )
      ),
    /** Closes the wallet's relay connection. */
    stop: () => client.core.relayer.transportClose()
  }
}

/** A running Sandbox Mobile Wallet. */
export type MobileWallet = Awaited<ReturnType<typeof createMobileWallet>>
