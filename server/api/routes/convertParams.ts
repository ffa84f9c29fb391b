/**
 * The swap routes' parameters, checked before anything reaches a chain: a chain with an exchange, CAIP-10 tokens the
 * pools trade, the user's account, amounts and slippage. Anything else is a 400 with the reason.
 */
import { type Address, getAddress, maxUint256 } from "viem"
import type { ApiApp } from "../app.ts"
import type { ApiChain } from "../chains.ts"
import { HttpError } from "../router.ts"
import { hasPools, type SwapChain, swapAssets } from "../swapPools.ts"

/** Longest token, account or number parameter the routes read; longer is a 400 before any parsing. */
const maxParamLength = 100

/** The swap chain a `chainId` parameter names, or a 400. */
export const swapChain = (app: ApiApp, param: string): SwapChain => {
  if (param.length > maxParamLength) throw new HttpError(400, "Invalid chainId: too long")
  const chain = app.chains.find(param)
  if (chain === undefined || !hasPools(chain)) throw new HttpError(400, `Swaps are not available on chain '${param}'`)
  return chain
}

const caip10 = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/

/** Splits a CAIP-10 `eip155:<id>:0x…` parameter, or a 400 naming `what`. */
const caipParts = (value: string, what: string): { readonly reference: string; readonly address: Address } => {
  if (value.length > maxParamLength) throw new HttpError(400, `Invalid ${what}: too long`)
  const match = caip10.exec(value)
  if (match === null)
    throw new HttpError(400, `Invalid ${what} '${value}': expected a CAIP-10 address eip155:<chainId>:0x…`)
  return { reference: match[1]!, address: getAddress(match[2]!.toLowerCase()) }
}

/** The swap token a CAIP-10 parameter names, with its chain, or a 400. */
export const swapTokenParam = async (app: ApiApp, value: string, what: string) => {
  const { reference, address } = caipParts(value, what)
  const chain = swapChain(app, `eip155:${reference}`)
  const assets = await swapAssets(app, chain)
  const asset = assets.find(
    (candidate) => candidate.caip.toLowerCase() === `${chain.caipNetworkId}:${address}`.toLowerCase()
  )
  if (asset === undefined)
    throw new HttpError(400, `Unknown ${what} token '${value}': not traded by this chain's pools`)
  return { chain, asset }
}

/** The account of a `userAddress` parameter (CAIP-10 on `chain`, or a bare address), or a 400. */
export const userParam = (value: string, chain: ApiChain): Address => {
  if (value.length > maxParamLength) throw new HttpError(400, "Invalid userAddress: too long")
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return getAddress(value.toLowerCase())
  const { reference, address } = caipParts(value, "userAddress")
  if (Number(reference) !== chain.chainId)
    throw new HttpError(400, `Invalid userAddress '${value}': not on ${chain.caipNetworkId}`)
  return address
}

/** A positive base-unit amount that fits a uint256, or a 400. */
export const amountParam = (value: string, what = "amount"): bigint => {
  if (value.length > 78 || !/^\d+$/.test(value))
    throw new HttpError(400, `Invalid ${what}: expected a positive integer in base units`)
  const amount = BigInt(value)
  if (amount === 0n) throw new HttpError(400, `Invalid ${what}: must be greater than 0`)
  if (amount > maxUint256) throw new HttpError(400, `Invalid ${what}: larger than a uint256`)
  return amount
}

/** A slippage tolerance in percent (`"1"`, `"0.5"`) as basis points; at most 50 %. */
export const slippageBps = (value: string): bigint => {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(value)
  const bps = match === null ? undefined : BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"))
  if (bps === undefined || bps > 5_000n)
    throw new HttpError(400, `Invalid slippage '${value.slice(0, maxParamLength)}': a percentage from 0 to 50`)
  return bps
}

/**
 * The least a swap may return: `quoted` less `bps` basis points, rounded down (exact bigint math).
 * @example
 * ```ts
 * minimumOut(2_490_017_452n, 100n) // 2_465_117_277n (1 % less)
 * ```
 */
export const minimumOut = (quoted: bigint, bps: bigint): bigint => (quoted * (10_000n - bps)) / 10_000n
