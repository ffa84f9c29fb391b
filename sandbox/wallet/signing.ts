/**
 * The Sandbox Wallet's signing requests: personal_sign, eth_signTypedData_v4 and eth_sendTransaction, each shown
 * in readable form for consent, then signed with the local key (a transaction is then sent raw to the chain's RPC).
 */
import type { privateKeyToAccount } from "viem/accounts"
import { formatEther, hexToString, isHex, numberToHex } from "viem/utils"
import { invalidParams } from "../../server/wallet/errors.ts"
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
  /** Who asks, as the prompt names it (the page's host; a WalletConnect peer's name). @default the page's host */
  readonly requester?: () => string
}

/** An EIP-1474 quantity: `0x` and at least one hex digit. */
export const hexQuantity = /^0x[0-9a-fA-F]+$/

/**
 * A quantity field of a request (`value`, `gas`, …): absent gives `fallback`, a hex quantity its value, anything else
 * a -32602 error naming the field, never a raw `BigInt` SyntaxError.
 */
const quantity = (tx: Record<string, unknown>, field: string, fallback?: bigint): bigint | undefined => {
  const raw = tx[field]
  if (raw === undefined || raw === null) return fallback
  if (typeof raw !== "string" || !hexQuantity.test(raw))
    throw invalidParams(`${field} must be a 0x-prefixed hex number, got ${JSON.stringify(raw)}`)
  return BigInt(raw)
}

/** An optional hex data field (`to`, `data`, `input`): absent gives undefined, bad input a -32602 error. */
const hexField = (tx: Record<string, unknown>, field: string, pattern: RegExp, what: string) => {
  const raw = tx[field]
  if (raw === undefined || raw === null) return undefined
  if (typeof raw !== "string" || !pattern.test(raw))
    throw invalidParams(`${field} must be ${what}, got ${JSON.stringify(raw)}`)
  return raw as `0x${string}`
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

const requesterOf = (ctx: SignerContext): string =>
  ctx.requester?.() || (typeof location === "undefined" ? "" : location.host) || "This page"

/** The three signing request handlers bound to a provider's context. */
export const createSigner = (ctx: SignerContext) => {
  const personalSign = async (params: ReadonlyArray<unknown>) => {
    const [message, address] = params
    if (typeof message !== "string") throw invalidParams("personal_sign expects [message, address]")
    ctx.requireAccount(address)
    await ctx.consent({
      action: "Sign message",
      summary: `${requesterOf(ctx)} asks you to sign this message.`,
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
      summary: `${requesterOf(ctx)} asks you to sign structured data.`,
      rows: [
        ["Account", short(ctx.account().address)],
        ["Domain", String(domain.name ?? "—")],
        ...(domain.verifyingContract ? [["Contract", String(domain.verifyingContract)] as const] : []),
        ["Type", typed.primaryType],
        ctx.networkRow()
      ],
      body: JSON.stringify(typed.message, null, 2)
    })
    // viem's types are stricter than JSON input; the node-side verifier is the judge of the result, and what viem
    // cannot encode (a field missing from the message, an unknown type) is the request's fault
    try {
      return await ctx
        .account()
        .signTypedData(typed as Parameters<ReturnType<typeof privateKeyToAccount>["signTypedData"]>[0])
    } catch (error) {
      const reason = (error as { shortMessage?: unknown }).shortMessage ?? (error as Error).message
      throw invalidParams(`typed data cannot be signed: ${String(reason)}`)
    }
  }

  const sendTransaction = async (params: ReadonlyArray<unknown>) => {
    const first = params[0]
    if (typeof first !== "object" || first === null || Array.isArray(first))
      throw invalidParams("eth_sendTransaction expects [transaction object]")
    const tx = first as Record<string, unknown>
    ctx.requireAccount(tx.from ?? ctx.account().address)
    const to = hexField(tx, "to", /^0x[0-9a-fA-F]{40}$/, "a 0x-prefixed 20-byte address")
    const value = quantity(tx, "value", 0n)!
    const data =
      hexField(tx, "data", /^0x(?:[0-9a-fA-F]{2})*$/, "0x-prefixed hex bytes") ??
      hexField(tx, "input", /^0x(?:[0-9a-fA-F]{2})*$/, "0x-prefixed hex bytes")
    const given = {
      nonce: quantity(tx, "nonce"),
      gas: quantity(tx, "gas"),
      maxFeePerGas: quantity(tx, "maxFeePerGas"),
      maxPriorityFeePerGas: quantity(tx, "maxPriorityFeePerGas")
    }
    await ctx.consent({
      action: "Send transaction",
      summary: `${requesterOf(ctx)} asks you to send a transaction.`,
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
      given.nonce ?? (ctx.rpc("eth_getTransactionCount", [ctx.account().address, "pending"]) as Promise<string>),
      given.gas ?? (ctx.rpc("eth_estimateGas", [base]) as Promise<string>),
      ctx.rpc("eth_getBlockByNumber", ["latest", false]) as Promise<{ baseFeePerGas?: string }>,
      given.maxPriorityFeePerGas ?? (ctx.rpc("eth_maxPriorityFeePerGas") as Promise<string>)
    ])
    const baseFee = BigInt(block.baseFeePerGas ?? "0x0")
    const maxPriorityFeePerGas = BigInt(tip)
    const maxFeePerGas = given.maxFeePerGas ?? baseFee * 2n + maxPriorityFeePerGas
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
