/**
 * The sandbox's faucet for the embedded wallet: funds a user's accounts on the local chains, so they can pay gas from
 * the first login: the EOA everywhere, and the smart account's counterfactual address where the factory is installed.
 * A chain restarts empty with every sandbox start while users persist in the data dir, so an account is (re)funded
 * whenever it holds nothing. The secure site calls it through its `funding` hook.
 */
import { type Address, type Hex, parseEther, toHex } from "viem"
import { type FrameChain, type FrameFunding, smartAccountAddress } from "../../server/frame/funding.ts"
import { airlockAccount } from "./artifacts.ts"
import type { Chains } from "./index.ts"
import { rpcRequest } from "./rpc.ts"
import { accountFactoryAddress } from "./seed.ts"

/** What an empty account receives, in wei: 10 ETH. */
export const fundingAmount: bigint = parseEther("10")

const fundIfEmpty = async (rpcUrl: string, address: Address) => {
  const balance = BigInt(await rpcRequest<Hex>(rpcUrl, "eth_getBalance", [address, "latest"]))
  if (balance === 0n) await rpcRequest(rpcUrl, "anvil_setBalance", [address, toHex(fundingAmount)])
}

/**
 * Gives `owner` and its smart account {@link fundingAmount} on every chain where they hold nothing.
 * @example
 * ```ts
 * await fundAccounts(frameChains(chains), user.address)
 * ```
 */
export const fundAccounts = async (chains: ReadonlyArray<FrameChain>, owner: Address): Promise<void> => {
  await Promise.all(
    chains.map(async (chain) => {
      await fundIfEmpty(chain.rpcUrl, owner)
      if (chain.accountFactory !== undefined)
        await fundIfEmpty(chain.rpcUrl, smartAccountAddress(chain.accountFactory, chain.accountCode, owner))
    })
  )
}

/**
 * The started chains as the secure site serves them: the smart-account factory on each seeded chain.
 * @example
 * ```ts
 * await startFrame({ dataDir, projects, ...sandboxFrameChains(await startChains()) })
 * ```
 */
export const sandboxFrameChains = (
  started: Pick<Chains, "chains" | "contracts">
): { readonly chains: ReadonlyArray<FrameChain>; readonly funding: FrameFunding } => {
  const chains = started.chains.map(
    (chain): FrameChain =>
      started.contracts[chain.chainId] === undefined
        ? { chainId: chain.chainId, rpcUrl: chain.rpcUrl }
        : {
            chainId: chain.chainId,
            rpcUrl: chain.rpcUrl,
            accountFactory: accountFactoryAddress,
            accountCode: airlockAccount.bytecode
          }
  )
  return { chains, funding: (owner) => fundAccounts(chains, owner) }
}
