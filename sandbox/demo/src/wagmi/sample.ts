/**
 * What the `/wagmi2` and `/wagmi3` samples share with test/e2e/wagmi.test.ts: the message they sign, where they send,
 * and their wagmi chains (the sandbox's local chains as viem chains).
 */
import type { Chain } from "viem"
import type { DemoConfig } from "../config.ts"

/** Where the samples send their 0.001 ETH. */
export const wagmiRecipient = "0x00000000000000000000000000000000000a9a61"

/** The message the samples sign. */
export const wagmiMessage = "Hello from a wagmi app on Airlock"

const names: Readonly<Record<number, string>> = { 1: "Ethereum", 8453: "Base", 59144: "Linea" }

/** The sandbox's chains as viem chains, for wagmi's `chains` (the first is the default). */
export const wagmiChains = (config: DemoConfig): readonly [Chain, ...Array<Chain>] => {
  const chains = config.chains.map(
    (chain): Chain => ({
      id: chain.chainId,
      name: names[chain.chainId] ?? `Chain ${chain.chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } }
    })
  )
  const [first, ...rest] = chains
  if (first === undefined) throw new Error("The sample needs a chain")
  return [first, ...rest]
}
