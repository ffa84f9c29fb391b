/**
 * The sandbox ramp's treasury: sends what a buyer paid for to their wallet, as real transactions on the sandbox's
 * chains, so balances and history show the purchase as they would show a real one.
 *
 * - EVM: from anvil's account 8 (accounts 0..2 are the seeded ones tests check, 9 is the AMM's). ETH is a plain
 *   transfer; USDC is an ERC-20 `transfer` after the treasury's USDC balance is topped up by writing the stand-in's
 *   storage (it mints only for its owner), the way `sandbox/chain/amm.ts` funds the AMM.
 * - Solana: SOL from a treasury key funded by the chain's faucet (`requestAirdrop`); USDC minted to the buyer's
 *   associated token account by the sandbox mint's authority (account 0's key, the seed made it so), the treasury
 *   paying the fee.
 *
 * Payouts on one chain run one at a time (nonces, the top-up's read-modify-write).
 */
import { createHash } from "node:crypto"
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Address as SolanaAddress,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddress,
  keccak256,
  numberToHex
} from "viem"
import { defaultAccounts } from "../chain/accounts.ts"
import { receiptOf, rpcRequest } from "../chain/rpc.ts"
import { solanaSigner } from "../solana/accounts.ts"
import { associatedTokenAddress } from "../solana/seed.ts"
import { assetDecimals, type RampAsset, toBaseUnits } from "./pricing.ts"

/** The ramp's EVM treasury: anvil's account 8. */
export const evmTreasury: Address = defaultAccounts[8]!.address

/** The ramp's Solana treasury key (a fixed test key, public by design). */
export const solanaTreasuryKey: `0x${string}` = `0x${createHash("sha256").update("airlock sandbox solana ramp treasury").digest("hex")}`

/** An EVM chain the ramp pays on. */
export interface RampEvmChain {
  readonly caipNetworkId: string
  readonly rpcUrl: string
  /** The USDC stand-in's address, when the chain is seeded. */
  readonly usdc: Address | undefined
}

/** The Solana chain the ramp pays on. */
export interface RampSolanaChain {
  readonly caipNetworkId: string
  readonly rpcUrl: string
  readonly usdcMint: string
  /** The USDC mint's authority (the sandbox's account 0). */
  readonly usdcAuthorityKey: `0x${string}`
}

/** What to pay: an asset, its amount as a decimal string, where to. */
export interface Payout {
  readonly network: string
  readonly asset: RampAsset
  readonly amount: string
  readonly to: string
}

// UsdCoin's storage: totalSupply in slot 0, balanceOf in slot 1.
const totalSupplySlot = numberToHex(0n, { size: 32 })
const balanceSlot = (owner: Address): Hex =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, 1n]))

const word = (value: bigint) => numberToHex(value, { size: 32 })

const topUpUsdc = async (chain: RampEvmChain, usdc: Address, amount: bigint): Promise<void> => {
  const read = async (slot: Hex) =>
    BigInt(await rpcRequest<Hex>(chain.rpcUrl, "eth_getStorageAt", [usdc, slot, "latest"]))
  const [supply, held] = await Promise.all([read(totalSupplySlot), read(balanceSlot(evmTreasury))])
  await rpcRequest(chain.rpcUrl, "anvil_setStorageAt", [usdc, totalSupplySlot, word(supply + amount)])
  await rpcRequest(chain.rpcUrl, "anvil_setStorageAt", [usdc, balanceSlot(evmTreasury), word(held + amount)])
}

const sendEvm = async (chain: RampEvmChain, payout: Payout): Promise<string> => {
  if (!isAddress(payout.to)) throw new Error("The destination is not an EVM address")
  const amount = toBaseUnits(payout.amount, assetDecimals[payout.asset])
  let tx: { from: Address; to: Address; value?: Hex; data?: Hex }
  if (payout.asset === "ETH") {
    tx = { from: evmTreasury, to: payout.to, value: numberToHex(amount) }
  } else if (payout.asset === "USDC" && chain.usdc !== undefined) {
    await topUpUsdc(chain, chain.usdc, amount)
    tx = {
      from: evmTreasury,
      to: chain.usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [payout.to, amount] })
    }
  } else {
    throw new Error(`${payout.asset} is not sold on ${chain.caipNetworkId}`)
  }
  const hash = await rpcRequest<Hex>(chain.rpcUrl, "eth_sendTransaction", [tx])
  const receipt = await receiptOf(chain.rpcUrl, hash)
  if (receipt?.status !== "0x1") throw new Error("The transfer failed on chain")
  return hash
}

const sendSolana = async (chain: RampSolanaChain, payout: Payout, treasury: KeyPairSigner): Promise<string> => {
  const rpc = createSolanaRpc(chain.rpcUrl)
  const to = payout.to as SolanaAddress
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(payout.to)) throw new Error("The destination is not a Solana address")
  const amount = toBaseUnits(payout.amount, assetDecimals[payout.asset])
  const fees = 10_000_000n
  const held = (await rpc.getBalance(treasury.address).send()).value
  if (held < amount + fees) {
    await rpc.requestAirdrop(treasury.address, lamports(amount + fees * 10n + 1_000_000_000n)).send()
  }
  let instructions: Parameters<typeof appendTransactionMessageInstructions>[0]
  if (payout.asset === "SOL") {
    instructions = [getTransferSolInstruction({ source: treasury, destination: to, amount })]
  } else if (payout.asset === "USDC") {
    const authority = await solanaSigner(chain.usdcAuthorityKey)
    const mint = chain.usdcMint as SolanaAddress
    const ata = await associatedTokenAddress(to, mint)
    instructions = [
      getCreateAssociatedTokenIdempotentInstruction({ payer: treasury, ata, owner: to, mint }),
      getMintToInstruction(
        { mint, token: ata, mintAuthority: authority, amount },
        { programAddress: TOKEN_PROGRAM_ADDRESS }
      )
    ]
  } else {
    throw new Error(`${payout.asset} is not sold on ${chain.caipNetworkId}`)
  }
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(treasury, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m)
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64", preflightCommitment: "confirmed" })
    .send()
}

/** The treasury over the sandbox's chains. */
export interface Treasury {
  /** Sends a payout; resolves the transaction hash or signature, or rejects with why it could not. */
  readonly pay: (payout: Payout) => Promise<string>
}

/**
 * The treasury over `evm` chains and the `solana` chain.
 * @example
 * ```ts
 * const hash = await makeTreasury(evm, solana).pay({ network: "eip155:1", asset: "USDC", amount: "49.15", to })
 * ```
 */
export const makeTreasury = (evm: ReadonlyArray<RampEvmChain>, solana: RampSolanaChain | undefined): Treasury => {
  const queues = new Map<string, Promise<unknown>>()
  const treasurySigner = solanaSigner(solanaTreasuryKey)
  treasurySigner.catch(() => {})
  const inTurn = <A>(network: string, run: () => Promise<A>): Promise<A> => {
    const next = (queues.get(network) ?? Promise.resolve()).then(run, run)
    queues.set(
      network,
      next.catch(() => {})
    )
    return next
  }
  return {
    pay: (payout) =>
      inTurn(payout.network, async () => {
        const chain = evm.find((c) => c.caipNetworkId === payout.network)
        if (chain !== undefined) return sendEvm(chain, payout)
        if (solana !== undefined && solana.caipNetworkId === payout.network)
          return sendSolana(solana, payout, await treasurySigner)
        throw new Error(`The ramp does not pay on ${payout.network}`)
      })
  }
}
