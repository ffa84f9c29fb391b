/**
 * The Sandbox Mobile Wallet: a WalletConnect wallet (the SDK's sign client, 2.21.8, on a Core that stays on this
 * machine) that pairs from a `wc:` URI and approves or rejects sessions and requests: personal_sign,
 * eth_signTypedData_v4, eth_sendTransaction on the local chains, and chain switches. This is its programmatic form,
 * which tests and the sandbox's wallet page drive.
 */
import { SignClient } from "@walletconnect/sign-client"
import { privateKeyToAccount } from "viem/accounts"
import { makeLocalCore } from "../relay/localCore.ts"
import { chainName, defaultPrivateKey, type WalletChain, type WalletSolanaChain } from "./config.ts"
import { ProviderRpcError, unrecognizedChain, userRejected } from "./errors.ts"
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
    if (mode === "reject" || chains.length === 0) {
      seen.push({ kind: "proposal", peer, answer: "rejected" })
      await client.reject({ id, reason: USER_REJECTED })
      return
    }
    const { topic } = await client
      .approve({
        id,
        namespaces: {
          eip155: { chains, methods, events, accounts: chains.map((caip) => `${caip}:${account.address}`) }
        }
      })
      .then(({ topic }) => ({ topic }))
    activeChain.set(topic, Number(chains[0]?.split(":")[1]))
    seen.push({ kind: "proposal", peer, answer: "approved" })
  })

  client.on("session_request", async ({ id, topic, params }) => {
    const { request, chainId } = params
    const chain = Number(chainId.split(":")[1])
    const peer = client.session.get(topic).peer.metadata.name
    const signer = createSigner({
      account: () => account,
      rpc: (method, rpcParams) => rpc(chain, method, rpcParams),
      consent: async () => {
        if (mode === "reject") throw userRejected()
      },
      requireAccount: (address) => {
        if (typeof address === "string" && address.toLowerCase() !== account.address.toLowerCase()) {
          throw new ProviderRpcError(4100, "The requested account is not this wallet's")
        }
      },
      networkRow: () => ["Network", chainName(chainOf(chain) ?? { chainId: chain })],
      chainId: () => chain,
      requester: () => peer
    })
    const params_ = Array.isArray(request.params) ? (request.params as ReadonlyArray<unknown>) : []
    try {
      let result: unknown
      switch (request.method) {
        case "personal_sign":
          result = await signer.personalSign(params_)
          break
        case "eth_signTypedData_v4":
          result = await signer.signTypedData(params_)
          break
        case "eth_sendTransaction":
          result = await signer.sendTransaction(params_)
          break
        case "wallet_switchEthereumChain": {
          const target = Number.parseInt(String((params_[0] as { chainId?: unknown })?.chainId ?? ""), 16)
          if (chainOf(target) === undefined) throw unrecognizedChain(`0x${target.toString(16)}`)
          if (mode === "reject") throw userRejected()
          activeChain.set(topic, target)
          await client.emit({ topic, chainId: `eip155:${target}`, event: { name: "chainChanged", data: target } })
          result = null
          break
        }
        default:
          throw new ProviderRpcError(4200, `${request.method} is not supported`)
      }
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
