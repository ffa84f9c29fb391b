/**
 * Blockchain API account routes (SPEC §7): identity (registered names, then the configured identities) and the
 * forward lookup of those names, history from the history source (the transfer indexer), and balances read live from
 * the chains (the native token and the configured tokens) with prices from the price source. A Solana account is
 * served from the Solana chain.
 */
import { isAddress as isSolanaAddress, type Address as SolanaAddress } from "@solana/kit"
import { type Address, getAddress, isAddress } from "viem"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import { type ApiApp, type ApiRoute, imageUrl } from "../app.ts"
import { tokenBalances } from "../balances.ts"
import type { ApiChain } from "../chains.ts"
import { endpointRoute } from "../contract.ts"
import { entryId, page, toTransaction } from "../history.ts"
import { nftsOf } from "../nfts.ts"
import { type BalanceEntryInput, priced, priceIn } from "../prices.ts"
import { HttpError } from "../router.ts"
import { type ApiSolanaChain, namesSolanaChain, solanaBalances, solanaNfts, toSolanaTransaction } from "../solana.ts"
import type { SolanaHistoryRecord } from "../sources.ts"
import { registeredNameOf, registeredRecord } from "./names.ts"

/** An account a path names: an EVM address (checksummed) or a Solana one (base58). */
export type PathAccount =
  | { readonly namespace: "eip155"; readonly address: Address }
  | { readonly namespace: "solana"; readonly address: SolanaAddress }

/**
 * The account named by a path parameter: bare, or CAIP-10 (`eip155:1:0x…`, `solana:<ref>:<base58>`). Anything else
 * is a 400.
 * @example
 * ```ts
 * pathAccount("solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5:8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ").namespace // "solana"
 * ```
 */
export const pathAccount = (raw: string): PathAccount => {
  const bare = raw.includes(":") ? raw.slice(raw.lastIndexOf(":") + 1) : raw
  if (isAddress(bare, { strict: false })) return { namespace: "eip155", address: getAddress(bare) }
  if (isSolanaAddress(bare)) return { namespace: "solana", address: bare }
  throw new HttpError(
    400,
    "Invalid address: expected 0x and 40 hex digits, a base58 Solana address, or a CAIP-10 account id"
  )
}

/**
 * The EVM address named by a path parameter (bare, or CAIP-10 `eip155:1:0x…`); undefined for a Solana address, which
 * EVM-only routes (identity, sessions) hold nothing for. Anything else is a 400.
 */
export const pathAddress = (raw: string): Address | undefined => {
  const account = pathAccount(raw)
  return account.namespace === "eip155" ? account.address : undefined
}

/**
 * The local Solana chain a `chainId` parameter selects for a Solana account: the chain when absent or naming it, none
 * for any other chain; a malformed id is a 400.
 */
export const selectSolana = (app: ApiApp, chainId: string | undefined): ApiSolanaChain | undefined => {
  const solana = app.chains.solana
  if (chainId === undefined || chainId === "") return solana
  checkChainId(chainId)
  return solana !== undefined && namesSolanaChain(solana, chainId) ? solana : undefined
}

const checkChainId = (chainId: string) => {
  if (!/^(?:[-a-z0-9]{3,8}:)?[-_a-zA-Z0-9]{1,32}$/.test(chainId))
    throw new HttpError(400, "Invalid chainId: expected a CAIP-2 network id such as eip155:1")
}

/**
 * The supported chains a `chainId` parameter selects: all of them when absent, none for a chain the API does not
 * serve; a malformed id is a 400.
 */
export const selectChains = (app: ApiApp, chainId: string | undefined): ReadonlyArray<ApiChain> => {
  if (chainId === undefined || chainId === "") return app.chains.supported
  checkChainId(chainId)
  const chain = app.chains.find(chainId)
  return chain === undefined ? [] : [chain]
}

const currencyOf = (app: ApiApp, raw: string | undefined): string => {
  const currency = (raw ?? "usd").toLowerCase()
  if (!app.prices.currencies.includes(currency))
    throw new HttpError(400, `Unsupported currency '${raw}': use one of ${app.prices.currencies.join(", ")}`)
  return currency
}

const chainBalances = async (
  app: ApiApp,
  chain: ApiChain,
  owner: Address,
  currency: string,
  projectId: string
): Promise<ReadonlyArray<TokenBalance>> => {
  const icon = (symbol: string) => imageUrl(app, "/public/getTokenImage", symbol, projectId)
  const [native, held] = await Promise.all([
    chain.client.getBalance({ address: owner }),
    tokenBalances(
      chain,
      owner,
      chain.tokens.map((token) => token.address)
    )
  ])
  const meta = chain.nativeToken
  const rows: Array<Omit<BalanceEntryInput, "price">> = [{ chain, meta, amount: native, iconUrl: icon(meta.symbol) }]
  chain.tokens.forEach((token, index) => {
    const amount = held[index] ?? 0n
    if (amount > 0n) rows.push({ chain, meta: token, amount, iconUrl: icon(token.symbol), token: token.address })
  })
  return priced(app.prices, currency, rows)
}

/** One page of a Solana account's history (in USD, as the EVM history). */
const solanaHistory = async (
  app: ApiApp,
  owner: SolanaAddress,
  query: { readonly chainId?: string | undefined; readonly cursor?: string | undefined },
  projectId: string
) => {
  const solana = selectSolana(app, query.chainId)
  if (solana === undefined) return { data: [], next: null }
  const entryOf = (record: SolanaHistoryRecord) => `${solana.caipNetworkId}:${record.signature}`
  const slice = page(await solana.history.involving(owner), entryOf, query.cursor ?? null, app.historyPageSize)
  if (slice === undefined) throw new HttpError(400, "Invalid cursor: use the 'next' value of a previous page")
  const icon = (symbol: string) => imageUrl(app, "/public/getTokenImage", symbol, projectId)
  return {
    data: await Promise.all(
      slice.items.map((record) => toSolanaTransaction(solana, record, owner, priceIn(app.prices, "usd"), icon))
    ),
    next: slice.next
  }
}

/** The account routes. */
export const accountRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.identity, async ({ params, app, project }) => {
    const address = pathAddress(params.address)
    // A name registered through the profile endpoints (names.ts) comes before a seeded one.
    const name =
      address === undefined ? undefined : ((await registeredNameOf(app, address)) ?? app.identities.nameOf(address))
    if (name === undefined) return { name: null, avatar: null }
    return { name, avatar: imageUrl(app, "/public/getAssetImage", name, project.id) }
  }),
  // Forward resolution of registered names (names.ts) and of the seeded ones (the Account view shows them), so a Send
  // to `alice.airlock` or to a name registered here resolves.
  endpointRoute(endpoints.nameLookup, async ({ params, app, project }) => {
    const registered = await registeredRecord(app, params.name)
    if (registered !== undefined) return registered
    const address = app.identities.addressOf(params.name)
    if (address === undefined) throw new HttpError(404, `No name ${params.name}`)
    return {
      name: params.name.toLowerCase(),
      addresses: { "60": { address } },
      attributes: { avatar: imageUrl(app, "/public/getAssetImage", params.name.toLowerCase(), project.id) }
    }
  }),
  endpointRoute(endpoints.history, async ({ params, query, app, project }) => {
    const account = pathAccount(params.address)
    if (account.namespace === "solana") return solanaHistory(app, account.address, query, project.id)
    const owner = account.address
    const mine = await app.history.transactions(selectChains(app, query.chainId), owner)
    const slice = page(mine, entryId, query.cursor ?? null, app.historyPageSize)
    if (slice === undefined) throw new HttpError(400, "Invalid cursor: use the 'next' value of a previous page")
    const images = {
      token: (symbol: string) => imageUrl(app, "/public/getTokenImage", symbol, project.id),
      nft: (chainId: number, token: Address, tokenId: bigint) =>
        imageUrl(app, "/public/getAssetImage", `nft-${chainId}-${token}-${tokenId}`, project.id)
    }
    const data = await Promise.all(
      slice.items.map((tx) => toTransaction(app.chains, tx, owner, priceIn(app.prices, "usd"), images))
    )
    return { data, next: slice.next }
  }),
  // Airlock's NFTs endpoint: what each address owns on the chain now (EVM Punks; the Solana NFT mint).
  endpointRoute(endpoints.nfts, async ({ params, query, app, project }) => {
    const account = pathAccount(params.address)
    if (account.namespace === "solana") {
      const solana = selectSolana(app, query.chainId)
      if (solana === undefined) return { data: [], next: null }
      const data = await solanaNfts(solana, account.address as SolanaAddress, (mint) =>
        imageUrl(app, "/public/getAssetImage", `nft-${mint}`, project.id)
      )
      return { data, next: null }
    }
    const image = (chainId: number, token: Address, tokenId: bigint) =>
      imageUrl(app, "/public/getAssetImage", `nft-${chainId}-${token}-${tokenId}`, project.id)
    const owned = (
      await Promise.all(
        selectChains(app, query.chainId).map((chain) => nftsOf(chain, account.address as Address, image))
      )
    ).flat()
    const slice = page(owned, (nft) => nft.id, query.cursor ?? null, app.historyPageSize)
    if (slice === undefined) throw new HttpError(400, "Invalid cursor: use the 'next' value of a previous page")
    return { data: slice.items, next: slice.next }
  }),
  endpointRoute(endpoints.balance, async ({ params, query, app, project }) => {
    const account = pathAccount(params.address)
    const currency = currencyOf(app, query.currency)
    if (account.namespace === "solana") {
      const solana = selectSolana(app, query.chainId)
      if (solana === undefined) return { balances: [] }
      const icon = (symbol: string) => imageUrl(app, "/public/getTokenImage", symbol, project.id)
      return { balances: await solanaBalances(solana, account.address, app.prices, currency, icon) }
    }
    const owner = account.address
    const chains = selectChains(app, query.chainId)
    const perChain = await Promise.all(chains.map((chain) => chainBalances(app, chain, owner, currency, project.id)))
    return { balances: perChain.flat() }
  })
]
