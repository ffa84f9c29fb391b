/**
 * What the Sandbox Solana Wallet shows for consent: a message as text when it is UTF-8 (else hex), a sign-in as the
 * text it will sign, a transaction as its fee payer, version and one line per instruction (SOL transfers and memos
 * spelled out).
 */
import { type Address, getBase16Decoder, getU32Decoder, getU64Decoder } from "@solana/kit"
import type { DecodedSolanaTransaction } from "../../server/wallet/solanaKey.ts"
import { solanaWalletName } from "./config.ts"
import type { PromptContent } from "./prompt.ts"

/** Who asks and where, for every Solana prompt. */
export interface SolanaPromptContext {
  /** The page's host, or a WalletConnect peer's name. */
  readonly requester: string
  readonly address: Address
  /** CAIP-2 chain, e.g. `solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5`. */
  readonly chain: string
}

const systemProgram = "11111111111111111111111111111111"
const memoProgram = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr"
const programNames: Readonly<Record<string, string>> = {
  [systemProgram]: "System Program",
  [memoProgram]: "Memo",
  ComputeBudget111111111111111111111111111111: "Compute Budget",
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: "Token Program",
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: "Token-2022",
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: "Associated Token Program"
}
const chainNames: Readonly<Record<string, string>> = {
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "Solana",
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": "Solana Devnet",
  "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z": "Solana Testnet",
  "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5": "Solana Localnet"
}
// the System Program's instruction index of Transfer, and its data size (u32 index + u64 lamports)
const systemTransfer = 2
const systemTransferSize = 12

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

const networkRow = (chain: string): readonly [string, string] => [
  "Network",
  chainNames[chain] ? `${chainNames[chain]} (${chain})` : chain
]

/** Lamports as SOL, exactly (no float rounding). */
export const formatSol = (lamports: bigint): string => {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, "0").replace(/0+$/, "")
  return `${whole}${fraction ? `.${fraction}` : ""} SOL`
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

/** The bytes as text when they are UTF-8 without control characters, else `undefined`. */
const asText = (bytes: Uint8Array): string | undefined => {
  try {
    const text = utf8.decode(bytes)
    return /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * The prompt of `solana:signMessage` / `solana_signMessage`.
 *
 * @example
 * ```ts
 * await askUser(messagePrompt({ requester: location.host, address, chain }, new TextEncoder().encode("Hello")))
 * ```
 */
export const messagePrompt = (context: SolanaPromptContext, message: Uint8Array): PromptContent => ({
  wallet: solanaWalletName,
  action: "Sign message",
  summary: `${context.requester} asks you to sign this message.`,
  rows: [["Account", short(context.address)], networkRow(context.chain)],
  body: asText(message) ?? `0x${getBase16Decoder().decode(message)}`
})

/**
 * The prompt of `solana:signIn`: a sign-in, not a bare message, with the text the wallet wrote from the app's fields.
 *
 * @example
 * ```ts
 * await askUser(signInPrompt({ requester: location.host, address, chain }, signInText(input)))
 * ```
 */
export const signInPrompt = (context: SolanaPromptContext, text: string): PromptContent => ({
  wallet: solanaWalletName,
  action: "Sign in",
  summary: `${context.requester} asks you to sign in with your Solana account.`,
  rows: [["Account", short(context.address)], networkRow(context.chain)],
  body: text
})

const describeInstruction = (
  { message }: DecodedSolanaTransaction,
  instruction: DecodedSolanaTransaction["message"]["instructions"][number]
): string => {
  const program = message.staticAccounts[instruction.programAddressIndex] ?? "a looked-up program"
  const account = (position: number) => {
    const index = instruction.accountIndices?.[position]
    return index === undefined ? "?" : (message.staticAccounts[index] ?? `looked-up account #${index}`)
  }
  const data = instruction.data ?? new Uint8Array()
  if (
    program === systemProgram &&
    data.length === systemTransferSize &&
    getU32Decoder().decode(data) === systemTransfer
  )
    return `Transfer ${formatSol(getU64Decoder().decode(data, 4))} from ${short(account(0))} to ${account(1)}`
  if (program === memoProgram) return `Memo: ${asText(new Uint8Array(data)) ?? `${data.length} bytes`}`
  return `${programNames[program] ?? program}: ${data.length} bytes of data, ${instruction.accountIndices?.length ?? 0} accounts`
}

/**
 * The prompt of `solana:signTransaction` and `solana:signAndSendTransaction` (and their WalletConnect forms).
 *
 * @example
 * ```ts
 * await askUser(transactionPrompt({ requester: location.host, address, chain }, decodeSolanaTransaction(wire), true))
 * ```
 */
export const transactionPrompt = (
  context: SolanaPromptContext,
  decoded: DecodedSolanaTransaction,
  send: boolean
): PromptContent => {
  const { message } = decoded
  const feePayer = message.staticAccounts[0] ?? "?"
  const lookups = message.version === 0 ? (message.addressTableLookups?.length ?? 0) : 0
  return {
    wallet: solanaWalletName,
    action: send ? "Send transaction" : "Sign transaction",
    summary: `${context.requester} asks you to ${send ? "sign and send" : "sign"} a transaction.`,
    rows: [
      ["Account", short(context.address)],
      networkRow(context.chain),
      ["Fee payer", feePayer === context.address ? `${short(feePayer)} (you)` : feePayer],
      ["Version", message.version === "legacy" ? "legacy" : "v0"],
      ...(lookups > 0 ? [["Lookup tables", String(lookups)] as const] : []),
      ["Signatures", String(message.header.numSignerAccounts)]
    ],
    body: message.instructions
      .map((instruction, index) => `${index + 1}. ${describeInstruction(decoded, instruction)}`)
      .join("\n")
  }
}
