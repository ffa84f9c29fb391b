/**
 * Compiles `sandbox/chain/contracts/*.sol` with solc (the npm wasm build, no download) into `artifacts.json`
 * (abi + creation bytecode per contract), which is kept in the tree so that starting the chains never compiles.
 *
 * @example
 * ```sh
 * npx node sandbox/chain/compile.ts
 * ```
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import solc from "solc"

const contractsDir = join(import.meta.dirname, "contracts")
const artifactsPath = join(contractsDir, "artifacts.json")

interface SolcOutput {
  readonly errors?: ReadonlyArray<{ readonly severity: string; readonly formattedMessage: string }>
  readonly contracts?: Record<
    string,
    Record<
      string,
      { readonly abi: ReadonlyArray<unknown>; readonly evm: { readonly bytecode: { readonly object: string } } }
    >
  >
}

/** One compiled contract as stored in `artifacts.json`. */
export interface Artifact {
  readonly abi: ReadonlyArray<unknown>
  readonly bytecode: `0x${string}`
}

/** Compiles every `.sol` file in the contracts folder; throws with solc's messages on any error. */
export const compileContracts = (): Record<string, Artifact> => {
  const sources = Object.fromEntries(
    readdirSync(contractsDir)
      .filter((file) => file.endsWith(".sol"))
      .sort()
      .map((file) => [file, { content: readFileSync(join(contractsDir, file), "utf8") }])
  )
  const input = {
    language: "Solidity",
    sources,
    settings: {
      // cancun keeps the bytecode valid on anvil's default hardfork and on older tools alike
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === "error")
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"))
  const artifacts: Record<string, Artifact> = {}
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) {
      // interfaces have no bytecode and are not deployed
      if (contract.evm.bytecode.object === "") continue
      artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
    }
  }
  return artifacts
}

if (import.meta.main) {
  const artifacts = compileContracts()
  writeFileSync(artifactsPath, `${JSON.stringify({ compiler: solc.version(), contracts: artifacts }, null, 2)}\n`)
  console.log(`solc ${solc.version()}: wrote ${Object.keys(artifacts).join(", ")} to ${artifactsPath}`)
}
