/**
 * The embedded wallet's EVM side, run inside the frame with the user's key: the smart account (counterfactual address,
 * deployed on first use) and the JSON-RPC methods of SPEC §7, signed by the active account. Free of the DOM, so Node
 * tests drive it against the sandbox chain too.
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type PublicClient,
  serializeErc6492Signature,
  type TypedDataDefinition,
  toHex
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { forwardedReadMethods } from "../../wallet/readMethods.ts"
import { accountAbi, accountFactoryAbi, accountSalt } from "../contracts.ts"
import { WalletRpcError } from "./rpcError.ts"
import { grantPermissions, revokePermissions, type SessionWallet } from "./sessions.ts"

/** The frame's account types. */
export type ActiveAccountType = "eoa" | "smartAccount"

/** A batch sent with `wallet_sendCalls`, kept for `wallet_getCallsStatus`. */
export interface SentCalls {
  readonly chainId: number
  readonly rpcUrl: string
  readonly atomic: boolean
  readonly hashes: ReadonlyArray<Hex>
}

/** What one wallet operation needs. */
export interface WalletContext {
  /** The user's EOA key (never leaves the frame). */
  readonly key: Hex
  readonly chainId: number
  readonly rpcUrl: string
  /** The smart-account factory when this chain offers smart accounts; null otherwise. */
  readonly accountFactory: Address | null
  /** The preferred account type; the smart account is active only where the chain offers one. */
  readonly preferredAccountType: ActiveAccountType
  /** Batches sent so far, by id. */
  readonly calls: Map<string, SentCalls>
  /** Aborts a pending operation (`RPC_ABORT`). */
  readonly signal?: AbortSignal | undefined
}

export { WalletRpcError } from "./rpcError.ts"

/** Reads the frame forwards to the chain as they are (the same list as the Sandbox Wallet). */
export const forwardedMethods = forwardedReadMethods

const chainOf = (ctx: WalletContext) =>
  defineChain({
    id: ctx.chainId,
    name: `Chain ${ctx.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [ctx.rpcUrl] } }
  })

const clients = (ctx: WalletContext) => {
  const chain = chainOf(ctx)
  const transport = http(ctx.rpcUrl, { retryCount: 0, ...(ctx.signal ? { fetchOptions: { signal: ctx.signal } } : {}) })
  const owner = privateKeyToAccount(ctx.key)
  return {
    owner,
    public: createPublicClient({ chain, transport }) as PublicClient,
    wallet: createWalletClient({ account: owner, chain, transport })
  }
}

/** Rejects with `Request was aborted` as soon as `signal` aborts. */
const abortable = <A>(promise: Promise<A>, signal: AbortSignal | undefined): Promise<A> => {
  if (signal === undefined) return promise
  if (signal.aborted) return Promise.reject(new Error("Request was aborted"))
  return new Promise((resolve, reject) => {
    const abort = () => reject(new Error("Request was aborted"))
    signal.addEventListener("abort", abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort))
  })
}

/**
 * The user's smart account on this chain: its counterfactual address (asked of the factory) and whether it is
 * deployed; undefined where the chain offers none.
 * @example
 * ```ts
 * import type { Address, Hex } from "viem"
 * declare const key: Hex
 * declare const rpcUrl: string
 * declare const accountFactory: Address
 * const calls = new Map<string, SentCalls>()
 * const smart = await smartAccount({ key, chainId: 1, rpcUrl, accountFactory, preferredAccountType: "eoa", calls })
 * ```
 */
export const smartAccount = async (
  ctx: WalletContext
): Promise<{ readonly address: Address; readonly isDeployed: boolean } | undefined> => {
  if (ctx.accountFactory === null) return undefined
  const c = clients(ctx)
  const address = await c.public.readContract({
    address: ctx.accountFactory,
    abi: accountFactoryAbi,
    functionName: "getAddress",
    args: [c.owner.address, accountSalt]
  })
  const code = await c.public.getCode({ address })
  return { address, isDeployed: code !== undefined && code !== "0x" }
}

/**
 * The accounts the user has on this chain (the EOA, and the smart account where offered) and which one is active.
 * @example
 * ```ts
 * declare const ctx: WalletContext
 * const { address, accounts, active } = await accountsOf(ctx)
 * ```
 */
export const accountsOf = async (ctx: WalletContext) => {
  const eoa = privateKeyToAccount(ctx.key).address
  const smart = await smartAccount(ctx)
  const active: ActiveAccountType =
    smart !== undefined && ctx.preferredAccountType === "smartAccount" ? "smartAccount" : "eoa"
  return {
    eoa,
    smart,
    active,
    address: active === "smartAccount" && smart !== undefined ? smart.address : eoa,
    accounts: [
      { address: eoa, type: "eoa" as const },
      ...(smart === undefined ? [] : [{ address: smart.address, type: "smartAccount" as const }])
    ]
  }
}

/** Deploys the smart account through the factory unless it already is; resolves once it is on chain. */
const ensureDeployed = async (ctx: WalletContext, c: ReturnType<typeof clients>): Promise<Address> => {
  const smart = await smartAccount(ctx)
  if (smart === undefined) throw new WalletRpcError(4200, "Smart accounts are not available on this chain")
  if (smart.isDeployed) return smart.address
  const hash = await c.wallet.writeContract({
    address: ctx.accountFactory!,
    abi: accountFactoryAbi,
    functionName: "createAccount",
    args: [c.owner.address, accountSalt]
  })
  const receipt = await c.public.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== "success") throw new WalletRpcError(-32603, "The smart account could not be deployed")
  return smart.address
}

/** Which of the user's accounts `address` names: the EOA, the smart account, or neither (an error). */
const signerOf = async (ctx: WalletContext, address: unknown) => {
  const accounts = await accountsOf(ctx)
  if (address === undefined || address === null) return { accounts, type: accounts.active }
  if (typeof address !== "string" || !isAddress(address, { strict: false }))
    throw new WalletRpcError(-32602, "Invalid address")
  if (isAddressEqual(address, accounts.eoa)) return { accounts, type: "eoa" as const }
  if (accounts.smart !== undefined && isAddressEqual(address, accounts.smart.address))
    return { accounts, type: "smartAccount" as const }
  throw new WalletRpcError(4100, "The requested account is not this wallet's")
}

/** A signature of the owner, as the smart account gives it: ERC-1271 once deployed, wrapped in ERC-6492 before. */
const asSmartSignature = (ctx: WalletContext, owner: Address, deployed: boolean, signature: Hex): Hex =>
  deployed
    ? signature
    : serializeErc6492Signature({
        address: ctx.accountFactory!,
        data: encodeFunctionData({ abi: accountFactoryAbi, functionName: "createAccount", args: [owner, accountSalt] }),
        signature
      })

const quantity = (value: unknown, name: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "string" || !isHex(value)) throw new WalletRpcError(-32602, `Invalid ${name}: expected hex`)
  return BigInt(value)
}

const data = (value: unknown): Hex | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "string" || !isHex(value)) throw new WalletRpcError(-32602, "Invalid data: expected 0x hex")
  return value
}

const target = (value: unknown): Address => {
  if (typeof value !== "string" || !isAddress(value, { strict: false }))
    throw new WalletRpcError(-32602, "Invalid to: expected an address starting with 0x")
  return value
}

const objectParam = (params: ReadonlyArray<unknown>, index: number, name: string): Record<string, unknown> => {
  const value = params[index]
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new WalletRpcError(-32602, `Invalid ${name}`)
  return value as Record<string, unknown>
}

/** The most calls one `wallet_sendCalls` takes. */
export const maxCallsPerBatch = 100

const randomCallsId = (): Hex => {
  const bytes = new Uint8Array(32)
  crypto.getRandomValues(bytes)
  return toHex(bytes)
}

/** The smart account's side of smart sessions (`sessions.ts`): the owner writes to the account and waits. */
const sessionWallet = (ctx: WalletContext, c: ReturnType<typeof clients>): SessionWallet => ({
  chainId: ctx.chainId,
  nowSeconds: Math.floor(Date.now() / 1000),
  accounts: async () => {
    const accounts = await accountsOf(ctx)
    return { active: accounts.active, smart: accounts.smart?.address }
  },
  deploy: () => ensureDeployed(ctx, c),
  write: async (account, call) => {
    const hash = await c.wallet.writeContract({
      address: account,
      abi: accountAbi,
      functionName: call.functionName,
      args: call.args as never
    })
    const receipt = await c.public.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== "success")
      throw new WalletRpcError(-32603, `The smart account's ${call.functionName} reverted`)
    return hash
  }
})

/**
 * Runs one JSON-RPC request for the signed-in user on the active chain.
 * @example
 * ```ts
 * import { type Address, toHex } from "viem"
 * declare const ctx: WalletContext
 * declare const address: Address
 * const signature = await walletRequest(ctx, "personal_sign", [toHex("hello"), address])
 * ```
 */
export const walletRequest = (ctx: WalletContext, method: string, params: ReadonlyArray<unknown>): Promise<unknown> =>
  abortable(run(ctx, method, params), ctx.signal)

const run = async (ctx: WalletContext, method: string, params: ReadonlyArray<unknown>): Promise<unknown> => {
  const c = clients(ctx)
  switch (method) {
    case "eth_accounts":
    case "eth_requestAccounts":
      return [(await accountsOf(ctx)).address]
    case "eth_chainId":
      return toHex(ctx.chainId)
    case "personal_sign": {
      const [message, address] = params
      if (typeof message !== "string") throw new WalletRpcError(-32602, "Invalid message")
      const { accounts, type } = await signerOf(ctx, address)
      const signature = await c.owner.signMessage({ message: isHex(message) ? { raw: message } : message })
      if (type === "eoa") return signature
      return asSmartSignature(ctx, c.owner.address, accounts.smart!.isDeployed, signature)
    }
    case "eth_signTypedData_v4": {
      const [address, raw] = params
      let typed: Record<string, unknown>
      try {
        typed = (typeof raw === "string" ? JSON.parse(raw) : raw) as Record<string, unknown>
      } catch {
        throw new WalletRpcError(-32602, "Invalid typed data: not JSON")
      }
      if (typeof typed !== "object" || typed === null || typeof typed.primaryType !== "string")
        throw new WalletRpcError(-32602, "Invalid typed data")
      const { EIP712Domain: _domain, ...types } = (typed.types ?? {}) as Record<string, unknown>
      const { accounts, type } = await signerOf(ctx, address)
      const signature = await c.owner.signTypedData({
        domain: (typed.domain ?? {}) as TypedDataDefinition["domain"],
        types: types as TypedDataDefinition["types"],
        primaryType: typed.primaryType,
        message: (typed.message ?? {}) as Record<string, unknown>
      } as TypedDataDefinition)
      if (type === "eoa") return signature
      return asSmartSignature(ctx, c.owner.address, accounts.smart!.isDeployed, signature)
    }
    case "eth_sendTransaction": {
      const tx = objectParam(params, 0, "transaction")
      const { type } = await signerOf(ctx, tx.from)
      const to = target(tx.to)
      const value = quantity(tx.value, "value") ?? 0n
      const callData = data(tx.data ?? tx.input)
      if (type === "eoa") {
        const gas = quantity(tx.gas, "gas")
        return c.wallet.sendTransaction({
          to,
          value,
          ...(callData === undefined ? {} : { data: callData }),
          ...(gas === undefined ? {} : { gas })
        })
      }
      const account = await ensureDeployed(ctx, c)
      return c.wallet.writeContract({
        address: account,
        abi: accountAbi,
        functionName: "execute",
        args: [to, value, callData ?? "0x"]
      })
    }
    case "wallet_sendCalls": {
      const request = objectParam(params, 0, "calls request")
      const { type } = await signerOf(ctx, request.from)
      if (!Array.isArray(request.calls) || request.calls.length === 0)
        throw new WalletRpcError(-32602, "Invalid calls: expected a non-empty list")
      if (request.calls.length > maxCallsPerBatch)
        throw new WalletRpcError(-32602, `Too many calls: at most ${maxCallsPerBatch}`)
      const calls = (request.calls as ReadonlyArray<unknown>).map((call, index) => {
        const entry = objectParam([call], 0, `call ${index}`)
        return { to: target(entry.to), value: quantity(entry.value, "value") ?? 0n, data: data(entry.data) ?? "0x" }
      })
      const id = randomCallsId()
      if (type === "smartAccount") {
        const account = await ensureDeployed(ctx, c)
        const hash = await c.wallet.writeContract({
          address: account,
          abi: accountAbi,
          functionName: "executeBatch",
          args: [calls]
        })
        ctx.calls.set(id, { chainId: ctx.chainId, rpcUrl: ctx.rpcUrl, atomic: true, hashes: [hash] })
        return { id }
      }
      if (request.atomicRequired === true)
        throw new WalletRpcError(5760, "Atomic execution needs the smart account: this account sends calls one by one")
      const hashes: Array<Hex> = []
      for (const call of calls) {
        hashes.push(await c.wallet.sendTransaction({ to: call.to, value: call.value, data: call.data }))
      }
      ctx.calls.set(id, { chainId: ctx.chainId, rpcUrl: ctx.rpcUrl, atomic: false, hashes })
      return { id }
    }
    case "wallet_getCallsStatus": {
      const [id] = params
      const sent = typeof id === "string" ? ctx.calls.get(id) : undefined
      if (sent === undefined) throw new WalletRpcError(5730, "Unknown bundle id")
      const reader = clients({ ...ctx, chainId: sent.chainId, rpcUrl: sent.rpcUrl }).public
      const receipts = await Promise.all(
        sent.hashes.map((hash) => reader.getTransactionReceipt({ hash }).catch(() => undefined))
      )
      const done = receipts.every((receipt) => receipt !== undefined)
      const failed = receipts.some((receipt) => receipt?.status === "reverted")
      return {
        version: "2.0.0",
        id,
        chainId: toHex(sent.chainId),
        atomic: sent.atomic,
        status: !done ? 100 : failed ? (sent.atomic ? 500 : 600) : 200,
        receipts: receipts.flatMap((receipt) =>
          receipt === undefined
            ? []
            : [
                {
                  logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
                  status: receipt.status === "success" ? "0x1" : "0x0",
                  blockHash: receipt.blockHash,
                  blockNumber: toHex(receipt.blockNumber),
                  gasUsed: toHex(receipt.gasUsed),
                  transactionHash: receipt.transactionHash
                }
              ]
        )
      }
    }
    case "wallet_grantPermissions":
      return (await grantPermissions(sessionWallet(ctx, c), params)).answer
    case "wallet_revokePermissions":
      return revokePermissions(sessionWallet(ctx, c), params)
    case "wallet_getCapabilities": {
      const [address] = params
      const { type } = await signerOf(ctx, address)
      const status = type === "smartAccount" ? "supported" : "unsupported"
      return { [toHex(ctx.chainId)]: { atomic: { status } } }
    }
    default: {
      if (!forwardedMethods.has(method)) throw new WalletRpcError(4200, `Unsupported method: ${method}`)
      return c.public.request({ method: method as "eth_blockNumber", params: params as never })
    }
  }
}
