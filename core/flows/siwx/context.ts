import type { SIWXConfig } from "../../options/siwx.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetwork } from "../../schema/network.ts"

/** What the SIWX flows of one client share: the app's configuration and, per namespace, the last signed-in network. */
export interface SiwxContext {
  readonly config: SIWXConfig
  readonly lastSigned: Map<ChainNamespace, CaipNetwork>
}

/** A fresh context over `config`. */
export const siwxContext = (config: SIWXConfig): SiwxContext => ({ config, lastSigned: new Map() })
