/**
 * Uniswap V2 on every seeded chain: WETH9, the factory, the router (Uniswap's own npm builds, see `uniswap.ts`) and a
 * DAI stand-in, deployed by a liquidity account that is none of the accounts the seed history is about, and two pools
 * with liquidity: ETH/USDC (WETH/USDC) at the sandbox's ETH price and USDC/DAI at par, so ETH -> token, token -> ETH
 * and token -> token swaps all have a route.
 *
 * Everything here is sent from {@link liquidityAccount} (anvil's account 9), so accounts 0..2 keep their balances,
 * nonces and history, and the USDC and NFT addresses stay where account 0's first deployments put them. The USDC
 * stand-in mints only for its owner (account 0), so the liquidity account's USDC is written straight into the token's
 * storage (`balanceOf` and `totalSupply`, no transaction) before it adds liquidity.
 */
import {
  type Address,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getContractAddress,
  type Hex,
  keccak256,
  maxUint256,
  numberToHex,
  parseEther,
  parseUnits
} from "viem"
import { defaultAccounts } from "./accounts.ts"
import { daiStablecoin } from "./artifacts.ts"
import { rpcRequest, sendInOrder, type TxRequest } from "./rpc.ts"
import { pairInitCodeHash, uniswapFactory, uniswapRouter02, weth9 } from "./uniswap.ts"

/** The account that deploys the AMM and holds its liquidity: anvil's account 9. */
export const liquidityAccount: Address = defaultAccounts[9]!.address

// The USDC stand-in: account 0's first deployment (seed.ts); the same address on every seeded chain.
const usdc = getContractAddress({ from: defaultAccounts[0]!.address, nonce: 0n })

const deployed = (nonce: bigint) => getContractAddress({ from: liquidityAccount, nonce })

/** The CREATE2 address the factory gives the pair of `a` and `b` (in either order). */
export const pairAddress = (factory: Address, a: Address, b: Address): Address => {
  const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
  return getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: keccak256(encodePacked(["address", "address"], [token0, token1])),
    bytecodeHash: pairInitCodeHash
  })
}

/** Addresses of the AMM on a seeded chain (the same on every seeded chain and every run). */
export interface AmmContracts {
  readonly weth: Address
  readonly factory: Address
  readonly router: Address
  /** The DAI stand-in (ERC-20, 18 decimals). */
  readonly dai: Address
  /** The pools: WETH/USDC and USDC/DAI. */
  readonly pairs: { readonly wethUsdc: Address; readonly usdcDai: Address }
}

const weth = deployed(0n)
const factory = deployed(1n)

/** Where {@link seedAmm} deploys the AMM: the liquidity account's nonces 0..3, and the pairs the factory creates. */
export const ammContracts: AmmContracts = {
  weth,
  factory,
  router: deployed(2n),
  dai: deployed(3n),
  pairs: { wethUsdc: pairAddress(factory, weth, usdc), usdcDai: pairAddress(factory, usdc, deployed(3n)) }
}

/**
 * The pools' starting reserves, in base units: 1,000 ETH against 2,500,000 USDC (2,500 USDC per ETH, the sandbox
 * API's ETH price) and 1,000,000 USDC against 1,000,000 DAI.
 */
export const ammReserves = {
  wethUsdc: { weth: parseEther("1000"), usdc: parseUnits("2500000", 6) },
  usdcDai: { usdc: parseUnits("1000000", 6), dai: parseUnits("1000000", 18) }
} as const

// UsdCoin's storage: totalSupply in slot 0, balanceOf in slot 1 (owner is immutable, name/symbol are constants).
const usdcTotalSupplySlot = numberToHex(0n, { size: 32 })
const usdcBalanceSlot = (owner: Address): Hex =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, 1n]))

const call = (abi: typeof erc20Abi | typeof daiStablecoin.abi, functionName: string, args: ReadonlyArray<unknown>) =>
  encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0])

const routerCall = (functionName: string, args: ReadonlyArray<unknown>): Hex =>
  encodeFunctionData({ abi: uniswapRouter02.abi, functionName, args })

/** The AMM's transactions, in order, all from the liquidity account. */
const ammTransactions = (): ReadonlyArray<TxRequest> => {
  const { router, dai } = ammContracts
  const from = liquidityAccount
  const usdcNeeded = ammReserves.wethUsdc.usdc + ammReserves.usdcDai.usdc
  return [
    { from, data: encodeDeployData({ abi: weth9.abi, bytecode: weth9.bytecode }) },
    { from, data: encodeDeployData({ abi: uniswapFactory.abi, bytecode: uniswapFactory.bytecode, args: [from] }) },
    {
      from,
      data: encodeDeployData({ abi: uniswapRouter02.abi, bytecode: uniswapRouter02.bytecode, args: [factory, weth] })
    },
    { from, data: encodeDeployData({ abi: daiStablecoin.abi, bytecode: daiStablecoin.bytecode }) },
    { from, to: dai, data: call(daiStablecoin.abi, "mint", [from, ammReserves.usdcDai.dai]) },
    { from, to: usdc, data: call(erc20Abi, "approve", [router, usdcNeeded]) },
    { from, to: dai, data: call(erc20Abi, "approve", [router, ammReserves.usdcDai.dai]) },
    {
      from,
      to: router,
      value: ammReserves.wethUsdc.weth,
      data: routerCall("addLiquidityETH", [
        usdc,
        ammReserves.wethUsdc.usdc,
        ammReserves.wethUsdc.usdc,
        ammReserves.wethUsdc.weth,
        from,
        maxUint256
      ])
    },
    {
      from,
      to: router,
      data: routerCall("addLiquidity", [
        usdc,
        dai,
        ammReserves.usdcDai.usdc,
        ammReserves.usdcDai.dai,
        ammReserves.usdcDai.usdc,
        ammReserves.usdcDai.dai,
        from,
        maxUint256
      ])
    }
  ]
}

/** Gives the liquidity account `amount` USDC by writing the token's storage (see the module comment). */
const creditUsdc = async (rpcUrl: string, amount: bigint): Promise<void> => {
  const supply = BigInt(await rpcRequest<Hex>(rpcUrl, "eth_getStorageAt", [usdc, usdcTotalSupplySlot, "latest"]))
  await rpcRequest(rpcUrl, "anvil_setStorageAt", [
    usdc,
    usdcTotalSupplySlot,
    numberToHex(supply + amount, { size: 32 })
  ])
  await rpcRequest(rpcUrl, "anvil_setStorageAt", [
    usdc,
    usdcBalanceSlot(liquidityAccount),
    numberToHex(amount, { size: 32 })
  ])
  const data = call(erc20Abi, "balanceOf", [liquidityAccount])
  const balance = BigInt(await rpcRequest<Hex>(rpcUrl, "eth_call", [{ to: usdc, data }, "latest"]))
  if (balance !== amount) throw new Error("seedAmm: the USDC stand-in's storage layout is not the one expected")
}

/**
 * Deploys the AMM and fills its pools on a chain where `seedChain` has run (it needs the USDC stand-in).
 *
 * @example
 * ```ts
 * await seedAmm("http://127.0.0.1:8545") // ammContracts.router now swaps ETH, USDC and DAI
 * ```
 */
export const seedAmm = async (rpcUrl: string): Promise<AmmContracts> => {
  await creditUsdc(rpcUrl, ammReserves.wethUsdc.usdc + ammReserves.usdcDai.usdc)
  await sendInOrder(rpcUrl, ammTransactions(), "AMM seed transaction")
  return ammContracts
}
