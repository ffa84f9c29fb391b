import type { Connector } from "../schema/connector.ts"
import type { WalletsState } from "./AirlockState.ts"

/**
 * Connectors with `explorerId` set to the wallet registry's id of the same wallet (matched by rdns), so a browser
 * wallet and its registry listing are known to be one wallet (SPEC §3). Returns the same array when nothing changes.
 *
 * @example
 * ```ts
 * const wallets = { featured: [{ id: "c57ca95b", name: "MetaMask", rdns: "io.metamask" }], recommended: [], recent: [], all: [], count: 1 }
 * withExplorerIds([{ id: "io.metamask", type: "ANNOUNCED", name: "MetaMask", chain: "eip155", info: { rdns: "io.metamask" } }], wallets)[0]?.explorerId
 * // "c57ca95b"
 * ```
 */
export const withExplorerIds = (
  connectors: ReadonlyArray<Connector>,
  wallets: WalletsState
): ReadonlyArray<Connector> => {
  const byRdns = new Map<string, string>()
  for (const wallet of [...wallets.recent, ...wallets.featured, ...wallets.recommended, ...wallets.all]) {
    if (wallet.rdns && !byRdns.has(wallet.rdns)) byRdns.set(wallet.rdns, wallet.id)
  }
  let changed = false
  const next = connectors.map((connector) => {
    const rdns = connector.info?.rdns
    const explorerId = rdns === undefined ? undefined : byRdns.get(rdns)
    if (explorerId === undefined || connector.explorerId === explorerId) return connector
    changed = true
    return { ...connector, explorerId }
  })
  return changed ? next : connectors
}
