/**
 * The Sandbox Wallet's signing requests: personal_sign, eth_signTypedData_v4 and eth_sendTransaction, each shown
 * in readable form for consent, then signed with the local key (a transaction is then sent raw to the chain's RPC).
 */
import type { privateKeyToAccount } from "viem/accounts"
import { formatEther, hexToString, isHex, numberToHex } from "viem/utils"
import { invalidParams } from "./errors.ts"
import type { PromptContent } from "./prompt.ts"

type LocalAccount = ReturnType<typeof privateKeyToAccount>

/** What the signing requests need from the provider. */
export interface SignerContext {
  readonly account: () => LocalAccount
  readonly rpc: (method: string, params?: ReadonlyArray<unknown>) => Promise<unknown>
  /** Resolves when the user approves; throws 4001 otherwise. */
  readonly consent: (content: PromptContent) => Promise<void>
  /** Throws 4100 unless connected and `address` is the wallet's. */
  readonly requireAccount: (address: unknown) => void
  readonly networkRow: () => readonly [string, string]
  readonly chainId: () => number
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

const readableMessage = (message: string): string => {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // binary payloads (e.g. a 32-byte hash) stay hex rather than showing mojibake
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : message
  } catch {
    return message
  }
}

/** The three signing request handlers bound to a provider's context. */
export const createSigner = (ctx: SignerContext) => {
  const personalSign = async (params: ReadonlyArray<unknown>) => {
    const [message, address] = params
    if (typeof message !== "string") throw invalidParams("personal_sign expects [message, address]")
    ctx.requireAccount(address)
    await ctx.consent({
      action: "Sign message",
      summary: `${location.host || "This page"} asks you to sign this message.`,
      rows: [["Account", short(ctx.account().address)], ctx.networkRow()],
      body: readableMessage(message)
    })
    return ctx.account().signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  const signTypedData = async (params: ReadonlyArray<unknown>) => {
    const [address, payload] = params
    ctx.requireAccount(address)
    let typed: {
      domain?: Record<string, unknown>
      types?: Record<string, unknown>
      primaryType?: string
      message?: unknown
    }
    try {
      typed = typeof payload === "string" ? JSON.parse(payload) : (payload as typeof typed)
    } catch {
      throw invalidParams("typed data is not valid JSON")
    }
    if (!typed?.types || typeof typed.primaryType !== "string")
      throw invalidParams("typed data needs types and primaryType")
    const domain = typed.domain ?? {}
    await ctx.consent({
      action: "Sign typed data",
      summary: `${location.host || "This page"} asks you to sign structured data.`,
      rows: [
        ["Account", short(ctx.account().address)],
        ["Domain", String(domain.name ?? "—")],
        ...(domain.verifyingContract ? [["Contract", String(domain.verifyingContract)] as const] : []),
        ["Type", typed.primaryType],
        ctx.networkRow()
      ],
      body: JSON.stringify(typed.message, null, 2)
    })
    // viem's types are stricter than JSON input; the node-side verifier is the judge of the result
    return ctx.account().signTypedData(typed as Parameters<ReturnType<typeof privateKeyToAccount>["signTypedData"]>[0])
  }

  const sendTransaction = async (params: ReadonlyArray<unknown>) => {
    const tx = (params[0] ?? {}) as Record<string, unknown>
    ctx.requireAccount(tx.from ?? ctx.account().address)
    const to = typeof tx.to === "string" ? (tx.to as `0x${string}`) : undefined
    const value = typeof tx.value === "string" ? BigInt(tx.value) : 0n
    const data =
      typeof tx.data === "string"
        ? (tx.data as `0x${string}`)
        : typeof tx.input === "string"
          ? (tx.input as `0x${string}`)
          : undefined
    await ctx.consent({
      action: "Send transaction",
      summary: `${location.host || "This page"} asks you to send a transaction.`,
      rows: [
        ["From", short(ctx.account().address)],
        ["To", to ?? "New contract"],
        ["Amount", `${formatEther(value)} ETH`],
        ctx.networkRow(),
        ...(data && data !== "0x" ? [["Data", `${data.slice(0, 10)}… (${(data.length - 2) / 2} bytes)`] as const] : [])
      ]
    })
    const base = {
      from: ctx.account().address,
      ...(to ? { to } : {}),
      value: numberToHex(value),
      ...(data ? { data } : {})
    }
    const [nonce, gas, block, tip] = await Promise.all([
      typeof tx.nonce === "string"
        ? tx.nonce
        : (ctx.rpc("eth_getTransactionCount", [ctx.account().address, "pending"]) as Promise<string>),
      typeof tx.gas === "string" ? tx.gas : (ctx.rpc("eth_estimateGas", [base]) as Promise<string>),
      ctx.rpc("eth_getBlockByNumber", ["latest", false]) as Promise<{ baseFeePerGas?: string }>,
      typeof tx.maxPriorityFeePerGas === "string"
        ? tx.maxPriorityFeePerGas
        : (ctx.rpc("eth_maxPriorityFeePerGas") as Promise<string>)
    ])
    const baseFee = BigInt(block.baseFeePerGas ?? "0x0")
    const maxPriorityFeePerGas = BigInt(tip)
    const maxFeePerGas =
      typeof tx.maxFeePerGas === "string" ? BigInt(tx.maxFeePerGas) : baseFee * 2n + maxPriorityFeePerGas
    const signed = await ctx.account().signTransaction({
      type: "eip1559",
      chainId: ctx.chainId(),
      nonce: Number(BigInt(nonce)),
      gas: BigInt(gas),
      maxFeePerGas,
      maxPriorityFeePerGas,
      value,
      ...(to ? { to } : {}),
      ...(data ? { data } : {})
    })
    return ctx.rpc("eth_sendRawTransaction", [signed])
  }

  return { personalSign, signTypedData, sendTransaction }
}
