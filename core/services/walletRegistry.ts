import { DEFAULT_SOCIALS } from "../rules/features.ts"
import type { GetWalletsQuery, ProjectConfig, WalletsPage } from "../schema/api/walletApi.ts"
import type { WalletListing } from "../schema/wallet.ts"

const matches = (wallet: WalletListing, query: GetWalletsQuery): boolean => {
  if (query.include?.length && !query.include.includes(wallet.id)) return false
  if (query.exclude?.includes(wallet.id)) return false
  const search = query.search?.trim().toLowerCase()
  if (search && !wallet.name.toLowerCase().includes(search)) return false
  if (query.badge_type && wallet.badge_type !== query.badge_type) return false
  if (query.chains?.length && !wallet.chains?.some((chain) => query.chains?.includes(chain))) return false
  return true
}

/**
 * Answers a `/getWallets` query from a list: include / exclude by id, case-insensitive name search, badge, any of the
 * chains; ordered by `order` (then list order); then paged (`page` is 1-based). `count` is the number of matches.
 * Used by `WalletApi.layerMemory` and the sandbox API server, so both page exactly alike.
 * @example
 * ```ts
 * queryWallets([{ id: "w1", name: "Demo" }], { page: 1, entries: 40 }) // { data: [{ id: "w1", … }], count: 1 }
 * ```
 */
export const queryWallets = (wallets: ReadonlyArray<WalletListing>, query: GetWalletsQuery): WalletsPage => {
  const found = wallets
    .map((wallet, index) => ({ wallet, index }))
    .filter(({ wallet }) => matches(wallet, query))
    .sort(
      (a, b) =>
        (a.wallet.order ?? Number.MAX_SAFE_INTEGER) - (b.wallet.order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index
    )
    .map(({ wallet }) => wallet)
  const start = Math.max(0, (query.page - 1) * query.entries)
  return { data: found.slice(start, start + query.entries), count: found.length }
}

/**
 * A project config with every remote feature at its SPEC §9 default: email and the default socials, swaps via 1inch,
 * onramp via meld, activity and branding on, multi-wallet and email capture off.
 * @example
 * ```ts
 * defaultProjectConfig.features.find((f) => f.id === "swap")?.config // ["1inch"]
 * ```
 */
export const defaultProjectConfig: ProjectConfig = {
  features: [
    { id: "social_login", isEnabled: true, config: ["email", ...DEFAULT_SOCIALS] },
    { id: "swap", isEnabled: true, config: ["1inch"] },
    { id: "onramp", isEnabled: true, config: ["meld"] },
    { id: "activity", isEnabled: true, config: [] },
    { id: "reown_branding", isEnabled: true, config: [] },
    { id: "multi_wallet", isEnabled: false, config: [] },
    { id: "email_capture", isEnabled: false, config: [] }
  ]
}
