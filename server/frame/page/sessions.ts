/**
 * Smart sessions in the embedded wallet (SPEC §7's `wallet_grantPermissions` and `wallet_revokePermissions`): an
 * ERC-7715 request becomes a session key on the user's smart account, on chain (`AirlockAccount.grantSession`), and a
 * permissions context (`pci`) names it. The pci is `chainId (8 bytes) ‖ account (20) ‖ key (20)` in lower-case hex, so
 * revoking needs nothing but the pci. Free of the DOM like `wallet.ts`.
 */
import {
  type Address,
  concat,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  size,
  slice,
  toFunctionSelector,
  toHex
} from "viem"
import { accountAbi } from "../contracts.ts"
import { WalletRpcError } from "./rpcError.ts"

/** A session as the frame registers it: on chain, then in the sandbox's db through its site. */
export interface GrantedSession {
  readonly pci: Hex
  readonly chainId: number
  readonly account: Address
  readonly key: Address
  readonly expiry: number
  readonly target: Address
  readonly selector: Hex
  readonly valueLimit: bigint
  readonly permissions: ReadonlyArray<unknown>
  readonly policies: ReadonlyArray<unknown>
}

/** The parts of a pci. */
export interface SessionRef {
  readonly chainId: number
  readonly account: Address
  readonly key: Address
}

/**
 * The pci of a session: its chain, account and key, packed.
 * @example
 * ```ts
 * import type { Address } from "viem"
 * declare const account: Address
 * declare const key: Address
 * const pci = sessionPci({ chainId: 1, account, key })
 * readPci(pci) // { chainId: 1, account, key }
 * ```
 */
export const sessionPci = (ref: SessionRef): Hex =>
  concat([numberToHex(ref.chainId, { size: 8 }), ref.account, ref.key]).toLowerCase() as Hex

/** The parts of `pci`, or undefined when it is not one of this wallet's. */
export const readPci = (pci: unknown): SessionRef | undefined => {
  if (typeof pci !== "string" || !isHex(pci, { strict: true }) || size(pci) !== 48) return undefined
  const chainId = Number(BigInt(slice(pci, 0, 8)))
  if (!Number.isSafeInteger(chainId) || chainId <= 0) return undefined
  return { chainId, account: getAddress(slice(pci, 8, 28)), key: getAddress(slice(pci, 28, 48)) }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

const invalid = (what: string) => new WalletRpcError(-32602, `Invalid permissions request: ${what}`)

/** The one function a contract-call permission names: `selector`, or the first of `functions` (selector or signature). */
const selectorOf = (data: Record<string, unknown>): Hex => {
  const first = Array.isArray(data.functions) ? record(data.functions[0]) : {}
  const raw = data.selector ?? first.selector ?? first.functionName
  if (raw === undefined) return "0x00000000"
  if (typeof raw === "string" && isHex(raw) && size(raw) === 4) return raw
  if (typeof raw === "string" && /^[A-Za-z_$][\w$]*\(.*\)$/.test(raw) && raw.length <= 200) {
    try {
      return toFunctionSelector(raw)
    } catch {
      // not a signature: below
    }
  }
  throw invalid("a function is a 4-byte selector or a signature such as transfer(address,uint256)")
}

const nativeTypes = new Set(["native-token-transfer", "native-token-limit", "native-token-recurring-allowance"])

/**
 * What an ERC-7715 request asks, checked: `signer` a key (`{ type: "key" | "account", data: { id: address } }`),
 * `expiry` in the future (unix seconds), one `contract-call` permission (`data.address`, optionally one function)
 * and optionally one native-token permission (`data.allowance`: the most wei a call may send).
 * @example
 * ```ts
 * import type { Address } from "viem"
 * declare const signer: Address
 * declare const address: Address
 * const expiry = Math.floor(Date.now() / 1000) + 3600
 * const now = Math.floor(Date.now() / 1000)
 * const asked = readGrantRequest({ signer, expiry, permissions: [{ type: "contract-call", data: { address } }] }, now)
 * ```
 */
export const readGrantRequest = (raw: unknown, nowSeconds: number) => {
  const request = record(raw)
  const signer = record(request.signer)
  const signerData = record(signer.data)
  const key = signerData.id ?? signerData.address
  if (
    (signer.type !== "key" && signer.type !== "account") ||
    typeof key !== "string" ||
    !isAddress(key, { strict: false })
  )
    throw invalid('signer must be { type: "key", data: { id: <address> } }')
  const expiry = request.expiry
  if (typeof expiry !== "number" || !Number.isSafeInteger(expiry) || expiry <= nowSeconds)
    throw invalid("expiry must be a future time in unix seconds")
  if (!Array.isArray(request.permissions) || request.permissions.length === 0 || request.permissions.length > 2)
    throw invalid("permissions must list one contract-call permission and at most one native-token permission")
  const permissions = request.permissions.map(record)
  const calls = permissions.filter((p) => p.type === "contract-call")
  const natives = permissions.filter((p) => typeof p.type === "string" && nativeTypes.has(p.type))
  if (calls.length !== 1 || natives.length > 1 || calls.length + natives.length !== permissions.length)
    throw invalid("permissions must list one contract-call permission and at most one native-token permission")
  const callData = record(calls[0]!.data)
  const target = callData.address ?? callData.target
  if (typeof target !== "string" || !isAddress(target, { strict: false }))
    throw invalid("a contract-call permission needs data.address")
  const nativeData = record(natives[0]?.data)
  const allowance = nativeData.allowance ?? nativeData.amount ?? nativeData.limit ?? "0x0"
  let valueLimit: bigint
  try {
    valueLimit = BigInt(allowance as string)
  } catch {
    throw invalid("a native-token allowance is a hex quantity")
  }
  if (valueLimit < 0n) throw invalid("a native-token allowance is a hex quantity")
  return {
    key: getAddress(key),
    expiry,
    target: getAddress(target),
    selector: selectorOf(callData),
    valueLimit,
    address: request.address,
    chainId: request.chainId,
    signer: { type: signer.type, data: { id: getAddress(key) } },
    permissions: request.permissions as ReadonlyArray<unknown>,
    policies: Array.isArray(request.policies) ? (request.policies as ReadonlyArray<unknown>) : []
  }
}

/** What granting needs of the wallet: the smart account (deployed) and the owner's contract write, awaited. */
export interface SessionWallet {
  readonly chainId: number
  readonly nowSeconds: number
  /** The user's accounts on this chain: the active type and the smart account, if any. */
  readonly accounts: () => Promise<{
    readonly active: "eoa" | "smartAccount"
    readonly smart?: Address | undefined
  }>
  /** Deploys the smart account if needed; its address. */
  readonly deploy: () => Promise<Address>
  /** Sends the owner's call to the account and resolves once it is mined (rejects if it reverted). */
  readonly write: (
    account: Address,
    call: { readonly functionName: "grantSession" | "revokeSession"; readonly args: ReadonlyArray<unknown> }
  ) => Promise<Hex>
}

/**
 * `wallet_grantPermissions`: registers the session key on the smart account and answers in ERC-7715's shape
 * (`permissionsContext`, `expiry`, `signer`, `permissions`, …) with the session to store.
 */
export const grantPermissions = async (wallet: SessionWallet, params: ReadonlyArray<unknown>) => {
  const asked = readGrantRequest(params[0], wallet.nowSeconds)
  const accounts = await wallet.accounts()
  if (accounts.smart === undefined || accounts.active !== "smartAccount")
    throw new WalletRpcError(4200, "Smart sessions need the smart account: switch to it first")
  if (
    asked.address !== undefined &&
    (typeof asked.address !== "string" ||
      !isAddress(asked.address, { strict: false }) ||
      !isAddressEqual(asked.address, accounts.smart))
  )
    throw new WalletRpcError(4100, "The requested account is not this wallet's")
  if (asked.chainId !== undefined && (typeof asked.chainId !== "string" || Number(asked.chainId) !== wallet.chainId))
    throw new WalletRpcError(-32602, `Invalid permissions request: chainId must be ${toHex(wallet.chainId)}`)
  const account = await wallet.deploy()
  await wallet.write(account, {
    functionName: "grantSession",
    args: [asked.key, BigInt(asked.expiry), asked.target, asked.selector, asked.valueLimit]
  })
  const pci = sessionPci({ chainId: wallet.chainId, account, key: asked.key })
  const session: GrantedSession = {
    pci,
    chainId: wallet.chainId,
    account,
    key: asked.key,
    expiry: asked.expiry,
    target: asked.target,
    selector: asked.selector,
    valueLimit: asked.valueLimit,
    permissions: asked.permissions,
    policies: asked.policies
  }
  const answer = {
    chainId: toHex(wallet.chainId),
    address: account,
    expiry: asked.expiry,
    signer: asked.signer,
    permissions: asked.permissions,
    policies: asked.policies,
    permissionsContext: pci,
    context: pci
  }
  return { session, answer }
}

/** `wallet_revokePermissions` with `{ permissionsContext }`: removes the session key from the smart account. */
export const revokePermissions = async (wallet: SessionWallet, params: ReadonlyArray<unknown>): Promise<null> => {
  const ref = readPci(record(params[0]).permissionsContext)
  if (ref === undefined) throw new WalletRpcError(-32602, "Invalid permissionsContext: not a session of this wallet")
  if (ref.chainId !== wallet.chainId)
    throw new WalletRpcError(-32602, `Invalid permissionsContext: the session is on chain ${ref.chainId}`)
  const accounts = await wallet.accounts()
  if (accounts.smart === undefined || !isAddressEqual(accounts.smart, ref.account))
    throw new WalletRpcError(4100, "The session's account is not this wallet's")
  await wallet.write(ref.account, { functionName: "revokeSession", args: [ref.key] })
  return null
}

/** The ABI of the session functions (for callers outside the frame, such as tests acting with a session key). */
export const sessionAbi = accountAbi
