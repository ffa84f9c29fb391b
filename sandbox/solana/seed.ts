/**
 * The local Solana chain's starting state: SOL for the four sandbox accounts at genesis, then real signed transactions
 * through the chain: the sandbox's USDC mint (6 decimals, fixed address) with token accounts for accounts 0 and 1,
 * USDC minted to both, and SOL and USDC sent from account 0 to 1 and back, so balances and history show true things.
 */
import { createHash } from "node:crypto"
import type { Address, KeyPairSigner } from "@solana/kit"
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system"
import {
  AuthorityType,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import { solanaSigner } from "./accounts.ts"
import type { Ledger } from "./ledger.ts"
import { signedWire } from "./sign.ts"

const sol = 1_000_000_000n
const usdc = 1_000_000n

/** A fixed key from a label (sha256, like the accounts' keys): test keys, public by design. */
const fixedKey = (label: string): `0x${string}` =>
  `0x${createHash("sha256").update(`airlock sandbox solana ${label}`).digest("hex")}`

/** The USDC mint's key; its address is the sandbox's USDC mint on every run. */
export const usdcMintPrivateKey = fixedKey("usdc mint")

/** The sandbox NFT's mint key: an SPL mint with 0 decimals and a supply of 1, held by account 0. */
export const nftMintPrivateKey = fixedKey("sol punk mint")

/** The key `requestAirdrop` pays from. */
export const faucetPrivateKey = fixedKey("faucet")

/** What the chain holds once {@link seedSolana} is done (amounts in lamports or USDC base units; indexes of accounts). */
export const solanaSeeded = {
  /** SOL each sandbox account holds at genesis. */
  genesisLamports: [100n * sol, 10n * sol, 10n * sol, 10n * sol],
  /** SOL the faucet holds at genesis (500 million SOL). */
  faucetLamports: 500_000_000n * sol,
  usdc: { name: "USD Coin", symbol: "USDC", decimals: 6 },
  /** USDC minted to accounts 0 and 1. */
  usdcMinted: [
    { to: 0, amount: 1_000n * usdc },
    { to: 1, amount: 100n * usdc }
  ],
  /** The transfers made after minting, in order. */
  transfers: [
    { asset: "SOL", from: 0, to: 1, amount: 1n * sol },
    { asset: "USDC", from: 0, to: 1, amount: 25n * usdc },
    { asset: "SOL", from: 1, to: 0, amount: sol / 4n },
    { asset: "USDC", from: 1, to: 0, amount: 5n * usdc }
  ],
  /** USDC each account holds after the seed (accounts 2 and 3 have no token account). */
  usdcBalances: [980n * usdc, 120n * usdc],
  /**
   * One NFT: an SPL mint with 0 decimals, a supply of 1 minted to account 0, and no mint authority left. SPL mints carry
   * no name on chain (no metadata program runs here): the sandbox API names it from this table.
   */
  nft: { name: "Airlock Sol Punk #1", collection: "Airlock Sol Punks", symbol: "SPUNK", owner: 0 },
  /** Transactions the seed sends that concern account 1 (account 0's history has one more: the NFT's mint). */
  transactionCount: 6
} as const

/** Addresses the seed made. */
export interface SolanaSeedResult {
  readonly usdcMint: Address
  /** The NFT's mint (0 decimals, supply 1, owned by account 0). */
  readonly nftMint: Address
  /** Associated USDC token accounts of accounts 0 and 1. */
  readonly usdcAccounts: ReadonlyArray<Address>
}

/**
 * The associated token account of `owner` for `mint` (SPL Token).
 * @example
 * ```ts
 * const ata = await associatedTokenAddress(wallet.address, chain.usdcMint)
 * ```
 */
export const associatedTokenAddress = async (owner: Address, mint: Address): Promise<Address> =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

/**
 * Runs the seed transactions on a fresh chain whose genesis funded `signers` (the sandbox accounts, in order).
 * @example
 * ```ts
 * const { usdcMint } = await seedSolana(ledger, await Promise.all(accounts.map((a) => solanaSigner(a.privateKey))))
 * ```
 */
export const seedSolana = async (ledger: Ledger, signers: ReadonlyArray<KeyPairSigner>): Promise<SolanaSeedResult> => {
  const signer = (index: number) => {
    const found = signers[index]
    if (found === undefined) throw new Error(`seedSolana: no sandbox account ${index}`)
    return found
  }
  const send = async (payer: KeyPairSigner, instructions: Parameters<typeof signedWire>[2]) =>
    ledger.send(await signedWire(ledger, payer, instructions), { skipPreflight: false })

  const mint = await solanaSigner(usdcMintPrivateKey)
  const [alice, bob] = [signer(0), signer(1)]
  const atas = await Promise.all([alice, bob].map((owner) => associatedTokenAddress(owner.address, mint.address)))
  const ata = (index: number) => atas[index] as Address
  const { decimals } = solanaSeeded.usdc

  const mintSpace = BigInt(getMintSize())
  await send(alice, [
    getCreateAccountInstruction({
      payer: alice,
      newAccount: mint,
      lamports: ledger.svm.minimumBalanceForRentExemption(mintSpace),
      space: mintSpace,
      programAddress: TOKEN_PROGRAM_ADDRESS
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: alice.address }),
    ...[alice, bob].map((owner, index) =>
      getCreateAssociatedTokenIdempotentInstruction({
        payer: alice,
        ata: ata(index),
        owner: owner.address,
        mint: mint.address
      })
    )
  ])
  await send(
    alice,
    solanaSeeded.usdcMinted.map(({ to, amount }) =>
      getMintToInstruction({ mint: mint.address, token: ata(to), mintAuthority: alice, amount })
    )
  )
  for (const transfer of solanaSeeded.transfers) {
    const from = signer(transfer.from)
    await send(from, [
      transfer.asset === "SOL"
        ? getTransferSolInstruction({ source: from, destination: signer(transfer.to).address, amount: transfer.amount })
        : getTransferCheckedInstruction({
            source: ata(transfer.from),
            mint: mint.address,
            destination: ata(transfer.to),
            authority: from,
            amount: transfer.amount,
            decimals
          })
    ])
  }
  // The NFT: a 0-decimal mint, one token to account 0, then the mint authority removed so no second one can exist.
  const nftMint = await solanaSigner(nftMintPrivateKey)
  const nftAccount = await associatedTokenAddress(alice.address, nftMint.address)
  await send(alice, [
    getCreateAccountInstruction({
      payer: alice,
      newAccount: nftMint,
      lamports: ledger.svm.minimumBalanceForRentExemption(mintSpace),
      space: mintSpace,
      programAddress: TOKEN_PROGRAM_ADDRESS
    }),
    getInitializeMint2Instruction({ mint: nftMint.address, decimals: 0, mintAuthority: alice.address }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: alice,
      ata: nftAccount,
      owner: alice.address,
      mint: nftMint.address
    }),
    getMintToInstruction({ mint: nftMint.address, token: nftAccount, mintAuthority: alice, amount: 1n }),
    getSetAuthorityInstruction({
      owned: nftMint.address,
      owner: alice,
      authorityType: AuthorityType.MintTokens,
      newAuthority: null
    })
  ])
  return { usdcMint: mint.address, nftMint: nftMint.address, usdcAccounts: atas }
}
