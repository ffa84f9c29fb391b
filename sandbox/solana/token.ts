/**
 * SPL token accounts and mints as the chain holds them: which accounts are token accounts or mints (SPL Token and
 * Token-2022 share the base layouts), their decoded fields, and amounts in the RPC's `uiTokenAmount` shape.
 */
import type { Address, MaybeEncodedAccount } from "@solana/kit"
import { getMintDecoder, getTokenDecoder, type Mint, TOKEN_PROGRAM_ADDRESS, type Token } from "@solana-program/token"
import { formatUnits } from "viem"

/** The Token-2022 program, which the chain also runs. */
export const token2022ProgramAddress = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address

/** The programs whose accounts are read as token accounts and mints. */
export const tokenPrograms: ReadonlyArray<Address> = [TOKEN_PROGRAM_ADDRESS, token2022ProgramAddress]

const tokenSize = 165
const mintSize = 82
// Token-2022 accounts with extensions are longer; the byte after the base token layout says which kind they are.
const accountTypeOffset = 165
const accountTypeMint = 1
const accountTypeAccount = 2

const isOfKind = (data: Uint8Array, baseSize: number, accountType: number) =>
  data.length === baseSize || (data.length > accountTypeOffset && data[accountTypeOffset] === accountType)

/**
 * The token account `account` holds, or undefined when it is not one.
 * @example
 * ```ts
 * tokenAccountOf(svm.getAccount(ata))?.amount // 980000000n
 * ```
 */
export const tokenAccountOf = (account: MaybeEncodedAccount): Token | undefined => {
  if (!account.exists || !tokenPrograms.includes(account.programAddress)) return undefined
  const data = account.data as Uint8Array
  return isOfKind(data, tokenSize, accountTypeAccount) ? getTokenDecoder().decode(data.slice(0, tokenSize)) : undefined
}

/**
 * The mint `account` holds, or undefined when it is not one.
 * @example
 * ```ts
 * mintOf(svm.getAccount(usdcMint))?.decimals // 6
 * ```
 */
export const mintOf = (account: MaybeEncodedAccount): Mint | undefined => {
  if (!account.exists || !tokenPrograms.includes(account.programAddress)) return undefined
  const data = account.data as Uint8Array
  return isOfKind(data, mintSize, accountTypeMint) ? getMintDecoder().decode(data.slice(0, mintSize)) : undefined
}

/** A token amount as the RPC answers it. */
export interface UiTokenAmount {
  readonly amount: string
  readonly decimals: number
  readonly uiAmount: number | null
  readonly uiAmountString: string
}

/**
 * `amount` base units of a mint with `decimals`, as the RPC's `uiTokenAmount`.
 * @example
 * ```ts
 * uiTokenAmount(980_000_000n, 6) // { amount: "980000000", decimals: 6, uiAmount: 980, uiAmountString: "980" }
 * ```
 */
export const uiTokenAmount = (amount: bigint, decimals: number): UiTokenAmount => {
  const uiAmountString = formatUnits(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

const optionAddress = (option: Token["delegate"]): Address | null => (option.__option === "Some" ? option.value : null)

const accountStates = ["uninitialized", "initialized", "frozen"] as const

/**
 * The `jsonParsed` form of a token account or mint (`{ program, parsed: { type, info }, space }`), or undefined for
 * any other account.
 * @example
 * ```ts
 * parsedTokenData(svm.getAccount(ata), (mint) => 6)?.parsed.info.tokenAmount.uiAmount // 980
 * ```
 */
export const parsedTokenData = (
  account: MaybeEncodedAccount,
  decimalsOf: (mint: Address) => number
):
  | {
      readonly program: string
      readonly parsed: { readonly type: string; readonly info: object }
      readonly space: bigint
    }
  | undefined => {
  if (!account.exists) return undefined
  const program = account.programAddress === TOKEN_PROGRAM_ADDRESS ? "spl-token" : "spl-token-2022"
  const token = tokenAccountOf(account)
  if (token !== undefined) {
    const decimals = decimalsOf(token.mint)
    const delegate = optionAddress(token.delegate)
    const info = {
      isNative: token.isNative.__option === "Some",
      mint: token.mint,
      owner: token.owner,
      state: accountStates[token.state] ?? "initialized",
      tokenAmount: uiTokenAmount(token.amount, decimals),
      ...(delegate === null ? {} : { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) })
    }
    return { program, parsed: { type: "account", info }, space: account.space }
  }
  const mint = mintOf(account)
  if (mint === undefined) return undefined
  const info = {
    decimals: mint.decimals,
    freezeAuthority: optionAddress(mint.freezeAuthority),
    isInitialized: mint.isInitialized,
    mintAuthority: optionAddress(mint.mintAuthority),
    supply: mint.supply.toString()
  }
  return { program, parsed: { type: "mint", info }, space: account.space }
}
