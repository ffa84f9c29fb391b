/**
 * Uniswap V2's compiled contracts, exactly as the npm packages `@uniswap/v2-core` (UniswapV2Factory, UniswapV2Pair)
 * and `@uniswap/v2-periphery` (UniswapV2Router02, WETH9) ship them in `build/*.json`. They are GPL-3.0 and sandbox
 * only (devDependencies, loaded by Node from node_modules; nothing in the browser bundle imports this file).
 *
 * The router finds a pair without asking the factory: `UniswapV2Library.pairFor` computes the CREATE2 address from a
 * hard-coded hash of the pair's creation code. {@link uniswapRouter02} checks that hash against the pair code the
 * sandbox deploys, and if a package ever ships a pair build whose hash differs, patches the 32-byte constant in the
 * router's bytecode with the real one (the constant is a `PUSH32` operand; no other code depends on its value).
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { type Abi, type Hex, keccak256 } from "viem"
import type { ContractArtifact } from "./artifacts.ts"

const require = createRequire(import.meta.url)

const load = (file: string): ContractArtifact => {
  const json = JSON.parse(readFileSync(require.resolve(file), "utf8")) as { abi: Abi; bytecode: string }
  return { abi: json.abi, bytecode: `0x${json.bytecode.replace(/^0x/, "")}` }
}

/** `UniswapV2Factory(feeToSetter)`: creates pairs with CREATE2 (salt `keccak256(token0 ++ token1)`). */
export const uniswapFactory: ContractArtifact = load("@uniswap/v2-core/build/UniswapV2Factory.json")

/** `UniswapV2Pair`: the pool the factory creates; deployed only by the factory. */
export const uniswapPair: ContractArtifact = load("@uniswap/v2-core/build/UniswapV2Pair.json")

/** `WETH9`: wrapped ether, the router's stand-in for native ETH in paths. */
export const weth9: ContractArtifact = load("@uniswap/v2-periphery/build/WETH9.json")

/** keccak256 of the pair creation code the factory deploys: the CREATE2 init-code hash of every pair. */
export const pairInitCodeHash: Hex = keccak256(uniswapPair.bytecode)

/** The init-code hash `UniswapV2Library.pairFor` hard-codes in the published router (mainnet's pair code). */
export const publishedPairInitCodeHash: Hex = "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f"

/**
 * The router's creation code with its pair init-code hash equal to {@link pairInitCodeHash}: as shipped when the
 * two agree, else with the published constant replaced. Throws when the router carries neither (an unknown build).
 *
 * @example
 * ```ts
 * routerWithPairHash("0x…router", "0x96e8…", "0x96e8…") // the same bytecode
 * ```
 */
export const routerWithPairHash = (bytecode: Hex, published: Hex, actual: Hex): Hex => {
  const code = bytecode.slice(2).toLowerCase()
  const [want, have] = [actual.slice(2).toLowerCase(), published.slice(2).toLowerCase()]
  if (code.includes(want)) return bytecode
  const at = code.indexOf(have)
  if (at < 0 || at % 2 !== 0 || code.indexOf(have, at + 1) >= 0)
    throw new Error("UniswapV2Router02: the pair init-code hash constant was not found exactly once")
  return `0x${code.slice(0, at)}${want}${code.slice(at + have.length)}`
}

const router = load("@uniswap/v2-periphery/build/UniswapV2Router02.json")

/** `UniswapV2Router02(factory, WETH)`, its pair init-code hash checked (and patched if needed) as described above. */
export const uniswapRouter02: ContractArtifact = {
  abi: router.abi,
  bytecode: routerWithPairHash(router.bytecode, publishedPairInitCodeHash, pairInitCodeHash)
}
