import type { AirlockAdapter } from "../../core/adapter/AirlockAdapter.ts"
import type { ChainNamespace } from "../../core/schema/namespace.ts"
import { type EvmAdapterOptions, evm } from "../evm/index.ts"
import { type SolanaAdapterOptions, solana } from "../solana/index.ts"

/** An Airlock adapter under an AppKit adapter's class name, so `adapters: [new EthersAdapter()]` reads as in AppKit. */
abstract class NamedAdapter implements AirlockAdapter {
  readonly namespace: ChainNamespace | undefined
  readonly watchConnectors: AirlockAdapter["watchConnectors"]
  readonly load: AirlockAdapter["load"]
  readonly layer: AirlockAdapter["layer"]
  abstract readonly adapterType: string
  constructor(adapter: AirlockAdapter) {
    this.namespace = adapter.namespace
    this.watchConnectors = adapter.watchConnectors
    this.load = adapter.load
    this.layer = adapter.layer
  }
}

/**
 * AppKit's `EthersAdapter` (and `Ethers5Adapter`, `WagmiAdapter` without wagmi) as Airlock's `evm()`: browser
 * wallets over EIP-6963 and `window.ethereum`. Takes `evm()`'s options, not ethers'.
 *
 * @example
 * ```ts
 * import { EthersAdapter } from "./adapters.ts"
 * new EthersAdapter().namespace // "eip155"
 * ```
 */
export class EthersAdapter extends NamedAdapter {
  readonly adapterType = "airlock-evm"
  constructor(options: EvmAdapterOptions = {}) {
    super(evm(options))
  }
}

/**
 * AppKit's `SolanaAdapter` as Airlock's `solana()`: Wallet Standard wallets. Takes `solana()`'s options; AppKit's
 * `wallets` list is not needed (Wallet Standard finds them).
 *
 * @example
 * ```ts
 * import { SolanaAdapter } from "./adapters.ts"
 * new SolanaAdapter().namespace // "solana"
 * ```
 */
export class SolanaAdapter extends NamedAdapter {
  readonly adapterType = "airlock-solana"
  constructor(options: SolanaAdapterOptions = {}) {
    super(solana(options))
  }
}
