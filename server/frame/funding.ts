/**
 * Funds an embedded-wallet user's accounts on the local chains, so they can pay gas from the first login: the EOA
 * everywhere, and the smart account's counterfactual address where the factory is installed. A chain restarts empty
 * with every sandbox start while users persist in the data dir, so an account is (re)funded whenever it holds nothing.
 */
import { type Address, encodeDeployData, getContractAddress, type Hex, pad, parseEther, toHex } from "viem"
import { airlockAccount } from "../../sandbox/chain/artifacts.ts"
import { rpcRequest } from "../../sandbox/chain/seed.ts"
import { accountSalt } from "./contracts.ts"

/** A local chain the secure site serves. */
export interface FrameChain {
  readonly chainId: number
  readonly rpcUrl: string
  /** The smart-account factory on this chain, when it has one (seeded chains). */
  readonly accountFactory?: Address | undefined
}

/** What an empty account receives, in wei: 10 ETH. */
export const fundingAmount: bigint = parseEther("10")

/**
 * The address `factory.createAccount(owner, 0)` deploys to (CREATE2 over the account's creation code and owner).
 * @example
 * ```ts
 * const address = smartAccountAddress(accountFactoryAddress, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
 * ```
 */
export const smartAccountAddress = (factory: Address, owner: Address): Address =>
  getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: pad(toHex(accountSalt), { size: 32 }),
    bytecode: encodeDeployData({ abi: airlockAccount.abi, bytecode: airlockAccount.bytecode, args: [owner] })
  })

const fundIfEmpty = async (rpcUrl: string, address: Address) => {
  const balance = BigInt(await rpcRequest<Hex>(rpcUrl, "eth_getBalance", [address, "latest"]))
  if (balance === 0n) await rpcRequest(rpcUrl, "anvil_setBalance", [address, toHex(fundingAmount)])
}

/**
 * Gives `owner` and its smart account {@link fundingAmount} on every chain where they hold nothing.
 * @example
 * ```ts
 * await fundAccounts(chains, user.address)
 * ```
 */
export const fundAccounts = async (chains: ReadonlyArray<FrameChain>, owner: Address): Promise<void> => {
  await Promise.all(
    chains.map(async (chain) => {
      await fundIfEmpty(chain.rpcUrl, owner)
      if (chain.accountFactory !== undefined)
        await fundIfEmpty(chain.rpcUrl, smartAccountAddress(chain.accountFactory, owner))
    })
  )
}
