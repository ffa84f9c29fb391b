import type { Analytics } from "../services/Analytics.ts"
import type { BlockchainApi } from "../services/BlockchainApi.ts"
import type { ClientConfig } from "../services/ClientConfig.ts"
import type { Options } from "../services/Options.ts"
import type { Platform } from "../services/Platform.ts"
import type { Storage } from "../services/Storage.ts"
import type { WalletApi } from "../services/WalletApi.ts"
import type { ClientScope } from "../state/ClientScope.ts"
import type { StateStore } from "../state/StateStore.ts"
import type { Adapters } from "./Adapters.ts"

/**
 * The services on a client's runtime: what every flow may use, and what an adapter's `layer` is built on (which is
 * why the list sits here, beside the adapter contract, below the flows).
 */
export type CoreServices =
  | Platform
  | StateStore
  | ClientScope
  | Options
  | ClientConfig
  | Storage
  | WalletApi
  | BlockchainApi
  | Analytics
  | Adapters
