/**
 * The EVM adapter's code, loaded on first need: connecting to EIP-1193 providers, restoring a connection without a
 * prompt, switching (and adding) chains, requests and wallet events.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import type { AdapterContext } from "../../core/adapter/AdapterContext.ts"
import type { AdapterConnection, AdapterImplementation } from "../../core/adapter/AdapterImplementation.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"
import type { Eip1193Provider } from "./provider.ts"

/** A chain id as the `0x…` quantity EIP-1193 methods take. */
const numberToHex = (value: number): string => `0x${value.toString(16)}`

/** Wei as ether, exactly (a decimal string without trailing zeros). */
export const formatEther = (wei: bigint): string => {
  const negative = wei < 0n
  const digits = (negative ? -wei : wei).toString().padStart(19, "0")
  const whole = digits.slice(0, -18)
  const fraction = digits.slice(-18).replace(/0+$/, "")
  return `${negative ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`
}

/** Codes with which wallets say they do not know a chain: then it is added first (SPEC §4). */
const UNRECOGNIZED_CHAIN_CODES = new Set<unknown>([4902, 5000, 32603, -32603])

const codeOf = (error: unknown): unknown =>
  typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined

/** A chain id as a wallet reports it (hex, or a decimal string or number), as a number. */
const toChainId = (value: unknown): number | undefined => {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value !== "string") return undefined
  if (/^0x[0-9a-fA-F]{1,13}$/.test(value)) return Number.parseInt(value.slice(2), 16)
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined
}

const toAccounts = (value: unknown): Array<string> =>
  Array.isArray(value) ? value.filter((a): a is string => typeof a === "string" && /^0x[0-9a-fA-F]{40}$/.test(a)) : []

/** What `wallet_addEthereumChain` needs to know about `network`. */
const addChainParams = (network: CaipNetwork) => ({
  chainId: numberToHex(Number(network.id)),
  chainName: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: network.rpcUrls.default.http,
  ...(network.blockExplorers?.default === undefined ? {} : { blockExplorerUrls: [network.blockExplorers.default.url] })
})

/**
 * The implementation over the providers discovery found (by connector id).
 *
 * @example
 * ```ts
 * const implementation = makeEvmImplementation(new Map())
 * implementation.getProvider?.("io.metamask") // undefined: nothing announced
 * ```
 */
export const makeEvmImplementation = (
  providers: ReadonlyMap<string, Eip1193Provider>,
  context: AdapterContext = { projectId: undefined, endpoints: { walletApi: "", blockchainApi: "" } }
): AdapterImplementation => {
  // viem's public client and transports are only needed when the API cannot give a balance: a chunk of their own.
  let rpc: Promise<ReturnType<typeof import("./rpc.ts").makeRpc>> | undefined
  const rpcClient = () => {
    rpc ??= import("./rpc.ts").then((m) => m.makeRpc(context))
    return rpc
  }
  const providerOf = (connectorId: string): Eip1193Provider => {
    const provider = providers.get(connectorId)
    if (provider === undefined) throw new Error(`No EVM wallet "${connectorId}" on this page`)
    return provider
  }
  // SPEC §8: provider data that cannot be read is a warning, with empty accounts and an undefined chain id.
  const read = async <A>(what: string, fallback: A, f: () => Promise<A>): Promise<A> => {
    try {
      return await f()
    } catch (error) {
      console.warn(`Airlock: could not read the wallet's ${what}`, error)
      return fallback
    }
  }
  const chainIdOf = (provider: Eip1193Provider) =>
    read("chain id", undefined, async () => toChainId(await provider.request({ method: "eth_chainId" })))

  return {
    name: "EIP-1193",
    connect: async ({ connectorId }): Promise<AdapterConnection> => {
      const provider = providerOf(connectorId)
      const accounts = toAccounts(await provider.request({ method: "eth_requestAccounts" }))
      if (accounts.length === 0) throw new Error("The wallet granted no account")
      return { connectorId, accounts, chainId: await chainIdOf(provider) }
    },
    reconnect: async ({ connectorId }) => {
      const provider = providers.get(connectorId)
      if (provider === undefined) return undefined
      const accounts = await read("accounts", [], async () =>
        toAccounts(await provider.request({ method: "eth_accounts" }))
      )
      return accounts.length === 0 ? undefined : { connectorId, accounts, chainId: await chainIdOf(provider) }
    },
    disconnect: async ({ connectorId }) => {
      const provider = providers.get(connectorId)
      if (provider === undefined) return
      // EIP-2255 revoke where the wallet has it; a wallet without it simply forgets nothing (the app still does).
      await provider
        .request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
        .catch(() => undefined)
    },
    switchNetwork: async ({ connectorId, network }) => {
      const provider = providerOf(connectorId)
      const chainId = numberToHex(Number(network.id))
      try {
        await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] })
      } catch (error) {
        if (!UNRECOGNIZED_CHAIN_CODES.has(codeOf(error))) throw error
        await provider.request({ method: "wallet_addEthereumChain", params: [addChainParams(network)] })
        await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] })
      }
    },
    request: ({ connectorId, method, params }) =>
      providerOf(connectorId).request(params === undefined ? { method } : { method, params }),
    watchEvents: (connectorId, events) => {
      const provider = providerOf(connectorId)
      const onAccounts = (accounts: unknown) => events.accountsChanged(toAccounts(accounts))
      const onChain = (chainId: unknown) => {
        const id = toChainId(chainId)
        if (id !== undefined) events.chainChanged(id)
      }
      const onDisconnect = () => events.disconnected()
      provider.on?.("accountsChanged", onAccounts)
      provider.on?.("chainChanged", onChain)
      provider.on?.("disconnect", onDisconnect)
      return () => {
        provider.removeListener?.("accountsChanged", onAccounts)
        provider.removeListener?.("chainChanged", onChain)
        provider.removeListener?.("disconnect", onDisconnect)
      }
    },
    getBalance: async ({ address, network }) => {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Not an EVM address: ${address}`)
      return formatEther(await (await rpcClient()).balanceOf(network, address as `0x${string}`))
    },
    prepareTransfer: async (args) => {
      const [rpc, transfer] = await Promise.all([rpcClient(), import("./transfer.ts")])
      return transfer.prepareEvmTransfer(rpc.clientFor(args.network), args)
    },
    confirmTransfer: async ({ result, network }) => {
      const [rpc, transfer] = await Promise.all([rpcClient(), import("./transfer.ts")])
      return transfer.confirmEvmTransfer(rpc.clientFor(network), result)
    },
    getProvider: (connectorId) => providers.get(connectorId)
  }
}
