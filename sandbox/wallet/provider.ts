/**
 * The Sandbox Wallet's EIP-1193 provider: one local key, consent for anything that reveals the account or signs,
 * transactions signed here and sent raw to the current chain's RPC, and read methods forwarded to that RPC.
 */
import { privateKeyToAccount } from "viem/accounts"
import { numberToHex } from "viem/utils"
import {
  chainDisconnected,
  disconnected,
  invalidParams,
  ProviderRpcError,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
  userRejected
} from "../../server/wallet/errors.ts"
import { forwardedReadMethods } from "../../server/wallet/readMethods.ts"
import { chainName, defaultPrivateKey, type SandboxWalletConfig, type WalletChain, type WalletMode } from "./config.ts"
import { askUser, type PromptContent } from "./prompt.ts"
import { createSigner, hexQuantity } from "./signing.ts"

/** Arguments of `request`, as EIP-1193 defines them. */
export interface RequestArguments {
  readonly method: string
  readonly params?: ReadonlyArray<unknown> | Record<string, unknown>
}

type Listener = (...args: ReadonlyArray<unknown>) => void

/** The object announced over EIP-6963. */
export interface SandboxProvider {
  readonly isSandboxWallet: true
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: Listener): SandboxProvider
  removeListener(event: string, listener: Listener): SandboxProvider
}

interface Stored {
  readonly connected: boolean
  readonly chainId: number
  readonly added: ReadonlyArray<WalletChain>
}

const storageKey = "sandboxWallet"

const paramsArray = (params: RequestArguments["params"]): ReadonlyArray<unknown> =>
  Array.isArray(params) ? params : []

/**
 * Creates the provider for a configuration.
 *
 * @example
 * ```ts
 * const provider = createSandboxProvider({ chains: [{ chainId: 1, rpcUrl: "http://127.0.0.1:8545" }] }, "approve")
 * await provider.request({ method: "eth_requestAccounts" })
 * ```
 */
export const createSandboxProvider = (config: SandboxWalletConfig, initialMode: WalletMode): SandboxProvider => {
  // derived on first use: the key's point multiplication costs page start-up time that most pages never need
  let derived: ReturnType<typeof privateKeyToAccount> | undefined
  const account = () => (derived ??= privateKeyToAccount(config.privateKey ?? defaultPrivateKey))
  const chains = new Map<number, WalletChain>(config.chains.map((chain) => [chain.chainId, chain]))
  const listeners = new Map<string, Set<Listener>>()
  const persist = config.persist ?? true
  let mode = initialMode
  let connected = false
  let chainId = config.chainId ?? config.chains[0]?.chainId ?? 1
  let added: ReadonlyArray<WalletChain> = []

  if (persist) {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Stored | null
      if (stored) {
        for (const chain of stored.added) chains.set(chain.chainId, chain)
        added = stored.added
        connected = stored.connected
        if (chains.has(stored.chainId)) chainId = stored.chainId
      }
    } catch {
      // storage may be unavailable (opaque origin) or hold garbage: start fresh
    }
  }

  const save = () => {
    if (!persist) return
    try {
      localStorage.setItem(storageKey, JSON.stringify({ connected, chainId, added } satisfies Stored))
    } catch {
      // best effort, as above
    }
  }

  const emit = (event: string, ...args: ReadonlyArray<unknown>) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(error)
      }
    }
  }

  const consent = async (content: PromptContent) => {
    const approved = mode === "approve" ? true : mode === "reject" ? false : await askUser(content)
    if (!approved) throw userRejected()
  }

  const currentChain = (): WalletChain => chains.get(chainId)!
  const networkRow = (): readonly [string, string] => ["Network", `${chainName(currentChain())} (${chainId})`]

  const rpc = async (method: string, params: ReadonlyArray<unknown> = []): Promise<unknown> => {
    let response: Response
    try {
      response = await fetch(currentChain().rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
      })
    } catch {
      throw chainDisconnected(chainId)
    }
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    try {
      body = await response.json()
    } catch {
      throw new ProviderRpcError(-32603, `Internal error: chain ${chainId} answered ${method} with invalid JSON.`)
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  const requireAccount = (address: unknown) => {
    if (!connected) throw unauthorized()
    if (typeof address !== "string" || address.toLowerCase() !== account().address.toLowerCase()) {
      throw unauthorized(`The Sandbox Wallet does not hold the account ${String(address)}.`)
    }
  }

  const connect = async () => {
    if (!connected) {
      await consent({
        action: "Connect",
        summary: `${location.host || "This page"} wants to see your address and ask for approvals.`,
        rows: [["Account", account().address], networkRow()]
      })
      connected = true
      save()
      emit("connect", { chainId: numberToHex(chainId) })
      emit("accountsChanged", [account().address])
    }
    return [account().address]
  }

  const disconnect = () => {
    const was = connected
    connected = false
    save()
    if (was) {
      emit("accountsChanged", [])
      emit("disconnect", disconnected())
    }
    return null
  }

  const selectChain = (next: number) => {
    if (next === chainId) return
    chainId = next
    save()
    emit("chainChanged", numberToHex(next))
  }

  const parseChainId = (value: unknown): number => {
    const id = typeof value === "string" && hexQuantity.test(value) ? Number(BigInt(value)) : Number.NaN
    if (!Number.isSafeInteger(id) || id <= 0)
      throw invalidParams(
        `chainId must be a positive 0x-prefixed hex number, got ${JSON.stringify(value) ?? "nothing"}`
      )
    return id
  }

  const switchChain = async (params: ReadonlyArray<unknown>) => {
    const raw = (params[0] as { chainId?: unknown } | undefined)?.chainId
    const next = parseChainId(raw)
    const target = chains.get(next)
    if (!target) throw unrecognizedChain(String(raw))
    if (next !== chainId) {
      await consent({
        action: "Switch network",
        summary: `${location.host || "This page"} asks to switch the network.`,
        rows: [
          ["From", `${chainName(currentChain())} (${chainId})`],
          ["To", `${chainName(target)} (${next})`]
        ]
      })
      selectChain(next)
    }
    return null
  }

  const addChain = async (params: ReadonlyArray<unknown>) => {
    const request = params[0] as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown } | undefined
    const next = parseChainId(request?.chainId)
    const known = chains.get(next)
    if (known && next === chainId) return null
    const rpcUrl = Array.isArray(request?.rpcUrls) ? request.rpcUrls[0] : undefined
    if (!known && typeof rpcUrl !== "string") throw invalidParams("rpcUrls must list at least one URL")
    const chain: WalletChain = known ?? {
      chainId: next,
      rpcUrl: rpcUrl as string,
      ...(typeof request?.chainName === "string" ? { name: request.chainName } : {})
    }
    await consent({
      action: known ? "Switch network" : "Add network",
      summary: `${location.host || "This page"} asks to ${known ? "switch to" : "add and switch to"} this network.`,
      rows: [
        ["Network", chainName(chain)],
        ["Chain ID", String(next)],
        ["RPC URL", chain.rpcUrl]
      ]
    })
    if (!known) {
      chains.set(next, chain)
      added = [...added, chain]
    }
    selectChain(next)
    save()
    return null
  }

  const signer = createSigner({ account, rpc, consent, requireAccount, networkRow, chainId: () => chainId })

  const handle = async ({ method, params }: RequestArguments): Promise<unknown> => {
    const list = paramsArray(params)
    switch (method) {
      case "eth_requestAccounts":
        return connect()
      case "eth_accounts":
        return connected ? [account().address] : []
      case "eth_chainId":
        return numberToHex(chainId)
      case "net_version":
        return String(chainId)
      case "wallet_requestPermissions":
        await connect()
        return [{ parentCapability: "eth_accounts", caveats: [] }]
      case "wallet_getPermissions":
        return connected ? [{ parentCapability: "eth_accounts", caveats: [] }] : []
      case "wallet_revokePermissions":
      case "sandbox_disconnect":
        return disconnect()
      case "sandbox_setMode":
        mode = list[0] === "approve" || list[0] === "reject" ? list[0] : "prompt"
        return null
      case "wallet_switchEthereumChain":
        return switchChain(list)
      case "wallet_addEthereumChain":
        return addChain(list)
      case "personal_sign":
        return signer.personalSign(list)
      case "eth_signTypedData_v4":
        return signer.signTypedData(list)
      case "eth_sendTransaction":
        return signer.sendTransaction(list)
      default:
        if (forwardedReadMethods.has(method)) return rpc(method, list)
        throw unsupportedMethod(method)
    }
  }

  const provider: SandboxProvider = {
    isSandboxWallet: true,
    request: (args) => {
      if (!args || typeof args.method !== "string") return Promise.reject(invalidParams("request needs a method"))
      // Every failure a dapp sees is an EIP-1193 error with a code; an unexpected one is an internal error.
      return handle(args).catch((error: unknown) => {
        if (error instanceof ProviderRpcError) throw error
        throw new ProviderRpcError(-32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`)
      })
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
      return provider
    }
  }
  return provider
}
