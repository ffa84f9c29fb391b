/**
 * Seeds a fresh anvil chain: deploys the USDC stand-in and Airlock Punks from account 0, mints, and makes a few
 * transfers (ETH, USDC, an NFT) between the default accounts so balances and activity have history; then Uniswap V2
 * and its pools from the liquidity account (`amm.ts`), which leaves accounts 0..2 as they are.
 * The same steps run on every seeded chain, so addresses and balances are the same everywhere and on every run.
 */
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  parseEther,
  zeroHash
} from "viem"
import { defaultAccounts } from "./accounts.ts"
import { seedAmm } from "./amm.ts"
import { airlockAccountFactory, airlockPunks, usdCoin } from "./artifacts.ts"
import { rpcRequest, sendInOrder, type TxRequest } from "./rpc.ts"

export { rpcRequest } from "./rpc.ts"

const [alice, bob, carol] = defaultAccounts.map((account) => account.address) as [Address, Address, Address]

/** Addresses of the contracts on a seeded chain. */
export interface SeededContracts {
  /** The USDC stand-in (ERC-20, 6 decimals). */
  readonly usdc: Address
  /** Airlock Punks (ERC-721). */
  readonly nft: Address
}

/** What every seeded chain holds once {@link seedChain} is done; tests and the API sandbox can rely on it. */
export const seeded = {
  contracts: {
    usdc: getContractAddress({ from: alice, nonce: 0n }),
    nft: getContractAddress({ from: alice, nonce: 1n })
  } satisfies SeededContracts,
  /** USDC balances in base units (6 decimals) after the seed transfers. */
  usdcBalances: { [alice]: 9_790_000_000n, [bob]: 2_710_000_000n, [carol]: 100_000_000n } as Record<Address, bigint>,
  /** Owner of each minted Airlock Punk id after the seed transfers. */
  nftOwners: { 1: alice, 2: alice, 3: bob, 4: bob, 5: bob } as Record<number, Address>,
  /** Native transfers made at start (besides gas). */
  ethTransfers: [
    { from: alice, to: bob, value: parseEther("1") },
    { from: bob, to: alice, value: parseEther("0.5") }
  ]
} as const

const usdcCall = (functionName: string, args: ReadonlyArray<unknown>): Hex =>
  encodeFunctionData({ abi: usdCoin.abi, functionName, args })
const nftCall = (functionName: string, args: ReadonlyArray<unknown>): Hex =>
  encodeFunctionData({ abi: airlockPunks.abi, functionName, args })

/** The seed transactions, in order. */
const seedTransactions = (): ReadonlyArray<TxRequest> => {
  const { usdc, nft } = seeded.contracts
  return [
    { from: alice, data: encodeDeployData({ abi: usdCoin.abi, bytecode: usdCoin.bytecode }) },
    { from: alice, data: encodeDeployData({ abi: airlockPunks.abi, bytecode: airlockPunks.bytecode }) },
    { from: alice, to: usdc, data: usdcCall("mint", [alice, 10_000_000_000n]) },
    { from: alice, to: usdc, data: usdcCall("mint", [bob, 2_500_000_000n]) },
    { from: alice, to: usdc, data: usdcCall("mint", [carol, 100_000_000n]) },
    { from: alice, to: nft, data: nftCall("mint", [alice]) },
    { from: alice, to: nft, data: nftCall("mint", [alice]) },
    { from: alice, to: nft, data: nftCall("mint", [alice]) },
    { from: alice, to: nft, data: nftCall("mint", [bob]) },
    { from: alice, to: nft, data: nftCall("mint", [bob]) },
    ...seeded.ethTransfers.slice(0, 1),
    { from: alice, to: usdc, data: usdcCall("transfer", [bob, 250_000_000n]) },
    { from: bob, to: usdc, data: usdcCall("transfer", [alice, 40_000_000n]) },
    { from: alice, to: nft, data: nftCall("transferFrom", [alice, bob, 3n]) },
    ...seeded.ethTransfers.slice(1)
  ]
}

/**
 * Runs the seed transactions on a fresh chain through anvil's unlocked accounts (one block each, 12 s apart), puts
 * the account factory in place, then deploys and fills the AMM (`seedAmm`).
 *
 * @example
 * ```ts
 * const contracts = await seedChain("http://127.0.0.1:8545")
 * ```
 */
export const seedChain = async (rpcUrl: string): Promise<SeededContracts> => {
  await rpcRequest(rpcUrl, "anvil_setBlockTimestampInterval", [12])
  await sendInOrder(rpcUrl, seedTransactions(), "seed transaction")
  await rpcRequest(rpcUrl, "anvil_removeBlockTimestampInterval")
  await installAccountFactory(rpcUrl)
  // after the accounts' own history, from the liquidity account only: accounts 0..2 and their nonces stay as above
  await seedAmm(rpcUrl)
  return seeded.contracts
}

/**
 * Where every seeded chain has the embedded wallet's smart-account factory (`AirlockAccountFactory`): the address the
 * deterministic CREATE2 deployer (`0x4e59b448…`, present on anvil and most chains) gives it with a zero salt.
 */
export const accountFactoryAddress: Address = getContractAddress({
  opcode: "CREATE2",
  from: "0x4e59b44847b379578588920cA78FbF26c0B4956C",
  salt: zeroHash,
  bytecode: airlockAccountFactory.bytecode
})

/**
 * Puts the smart-account factory's code at {@link accountFactoryAddress} with `anvil_setCode`: no transaction, so the
 * seeded history, nonces and block times stay as they were. Its runtime code is what running its creation code
 * returns (`eth_call`); the factory has no constructor state, so that code is all of it.
 *
 * @example
 * ```ts
 * await installAccountFactory("http://127.0.0.1:8545")
 * ```
 */
export const installAccountFactory = async (rpcUrl: string): Promise<Address> => {
  const runtime = await rpcRequest<Hex>(rpcUrl, "eth_call", [{ data: airlockAccountFactory.bytecode }, "latest"])
  await rpcRequest(rpcUrl, "anvil_setCode", [accountFactoryAddress, runtime])
  return accountFactoryAddress
}
