/**
 * The compiled sandbox contracts (`contracts/artifacts.json`, written by `compile.ts`), loaded once.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Abi, Hex } from "viem"

/** ABI and creation bytecode of one contract. */
export interface ContractArtifact {
  readonly abi: Abi
  readonly bytecode: Hex
}

interface ArtifactsFile {
  readonly compiler: string
  readonly contracts: Record<string, ContractArtifact>
}

const file = JSON.parse(readFileSync(join(import.meta.dirname, "contracts", "artifacts.json"), "utf8")) as ArtifactsFile

const artifact = (name: string): ContractArtifact => {
  const found = file.contracts[name]
  if (!found) throw new Error(`${name} missing from artifacts.json: run npx node sandbox/chain/compile.ts`)
  return found
}

/** The USDC stand-in: ERC-20 "USD Coin" / "USDC", 6 decimals, owner-only `mint(to, value)`. */
export const usdCoin: ContractArtifact = artifact("UsdCoin")

/** "Airlock Punks" / "PUNK": ERC-721 with on-chain data: URL metadata, owner-only `mint(to)` (ids from 1). */
export const airlockPunks: ContractArtifact = artifact("AirlockPunks")

/**
 * The embedded wallet's smart account: `owner` (immutable), `execute(to, value, data)`, `executeBatch(calls)` for
 * its owner only, ERC-1271 `isValidSignature` for the owner's signatures; receives ETH.
 */
export const airlockAccount: ContractArtifact = artifact("AirlockAccount")

/** The CREATE2 factory of {@link airlockAccount}: `createAccount(owner, salt)` and `getAddress(owner, salt)`. */
export const airlockAccountFactory: ContractArtifact = artifact("AirlockAccountFactory")

/** The DAI stand-in: ERC-20 "Dai Stablecoin" / "DAI", 18 decimals, owner-only `mint(to, value)`. */
export const daiStablecoin: ContractArtifact = artifact("DaiStablecoin")
