/**
 * The blockchain API's view of a Solana chain: balances read live over its RPC (SOL and every SPL token the account
 * holds), and history from a {@link SolanaHistorySource} (the sandbox passes its chain's own record), each entry a
 * SPEC §3 Transaction seen from the account (SOL amounts net of the fee, SPL amounts summed over the account's token
 * accounts).
 */
import { type Address, createSolanaRpc, type Rpc, type SolanaRpcApi } from "@solana/kit"
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import { formatUnits } from "viem"
import type { Nft } from "../../core/schema/api/nfts.ts"
import type { TokenBalance } from "../../core/schema/token.ts"
import type { Transaction, TransactionTransfer } from "../../core/schema/transaction.ts"
import { type PriceOf, priced } from "./prices.ts"
import type { PriceSource, SolanaHistoryRecord, SolanaHistorySource } from "./sources.ts"
import type { TokenMeta } from "./tokenMeta.ts"

/** The Token-2022 program: its token accounts count towards balances as SPL Token's do. */
export const token2022ProgramAddress = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address

/** A one-token NFT mint the NFTs endpoint reports (SPL mints carry no name without a metadata program). */
export interface SolanaNftConfig {
  readonly mint: string
  readonly name: string
  readonly symbol: string
  readonly collection: string
}

/** The Solana chain the API serves (the sandbox maps its `startSolana()` result into it). */
export interface ApiSolanaInput {
  /** CAIP-2 id, `solana:<genesis hash prefix>`. */
  readonly caipNetworkId: string
  readonly rpcUrl: string
  /** The account history. */
  readonly history: SolanaHistorySource
  /** Metadata of the fungible mints it knows, by mint address (any other shows as an unknown token). @default {} */
  readonly mints?: Readonly<Record<string, TokenMeta>> | undefined
  /** The NFT mint it reports. @default none */
  readonly nft?: SolanaNftConfig | undefined
}

/** The Solana chain as the API serves it. */
export interface ApiSolanaChain {
  readonly caipNetworkId: string
  readonly rpcUrl: string
  readonly history: SolanaHistorySource
  readonly mints: Readonly<Record<string, TokenMeta>>
  readonly nft: SolanaNftConfig | undefined
  readonly rpc: Rpc<SolanaRpcApi>
}

/** How long one Solana RPC call may take, in ms. */
export const solanaRpcTimeoutMs = 10_000

/** SOL, the chain's native token. */
export const solNativeToken: TokenMeta = { name: "Solana", symbol: "SOL", decimals: 9 }

// SPL mints carry no name on chain: a configured mint is known, any other shows as an unknown token.
const unknownMint = (decimals: number): TokenMeta => ({ name: "Unknown token", symbol: "UNKNOWN", decimals })

const metaOf = (chain: ApiSolanaChain, mint: string, decimals: number): TokenMeta =>
  chain.mints[mint] ??
  (mint === chain.nft?.mint ? { name: chain.nft.name, symbol: chain.nft.symbol, decimals: 0 } : unknownMint(decimals))

/**
 * Wraps a configured chain for the API.
 * @example
 * ```ts
 * import type { SolanaHistorySource } from "./sources.ts"
 * declare const rpcUrl: string
 * declare const history: SolanaHistorySource
 * const solana = makeApiSolanaChain({ caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", rpcUrl, history })
 * ```
 */
export const makeApiSolanaChain = (input: ApiSolanaInput): ApiSolanaChain => ({
  caipNetworkId: input.caipNetworkId,
  rpcUrl: input.rpcUrl,
  history: input.history,
  mints: input.mints ?? {},
  nft: input.nft,
  rpc: createSolanaRpc(input.rpcUrl)
})

/** Whether a `chainId` parameter names `chain`: its CAIP-2 id, or the bare reference. */
export const namesSolanaChain = (chain: Pick<ApiSolanaChain, "caipNetworkId">, chainId: string): boolean =>
  chainId === chain.caipNetworkId || `solana:${chainId}` === chain.caipNetworkId

/**
 * The balances of `owner` on the chain: SOL always, then each SPL mint it holds a positive amount of.
 * @example
 * ```ts
 * import type { Address } from "@solana/kit"
 * import type { PriceSource } from "./sources.ts"
 * declare const chain: ApiSolanaChain
 * declare const owner: Address
 * declare const prices: PriceSource
 * declare const api: string
 * await solanaBalances(chain, owner, prices, "usd", (symbol) => `${api}/public/getTokenImage/${symbol}`)
 * ```
 */
export const solanaBalances = async (
  chain: ApiSolanaChain,
  owner: Address,
  prices: PriceSource,
  currency: string,
  icon: (symbol: string) => string
): Promise<ReadonlyArray<TokenBalance>> => {
  const byProgram = (programId: Address) =>
    chain.rpc
      .getTokenAccountsByOwner(owner, { programId }, { encoding: "jsonParsed" })
      .send({ abortSignal: AbortSignal.timeout(solanaRpcTimeoutMs) })
  const [lamports, ...tokenAccounts] = await Promise.all([
    chain.rpc.getBalance(owner).send({ abortSignal: AbortSignal.timeout(solanaRpcTimeoutMs) }),
    byProgram(TOKEN_PROGRAM_ADDRESS),
    byProgram(token2022ProgramAddress)
  ])
  const held = new Map<string, { amount: bigint; decimals: number }>()
  for (const { account } of tokenAccounts.flatMap((answer) => answer.value)) {
    const { mint, tokenAmount } = account.data.parsed.info
    const entry = held.get(mint) ?? { amount: 0n, decimals: tokenAmount.decimals }
    entry.amount += BigInt(tokenAmount.amount)
    held.set(mint, entry)
  }
  const sol = { chain, meta: solNativeToken, amount: lamports.value, iconUrl: icon(solNativeToken.symbol) }
  const tokens = [...held]
    .filter(([, { amount }]) => amount > 0n)
    .map(([mint, { amount, decimals }]) => {
      const meta = metaOf(chain, mint, decimals)
      return { chain, meta, amount, iconUrl: icon(meta.symbol), token: mint }
    })
  return priced(prices, currency, [sol, ...tokens])
}

const transfer = async (
  chain: ApiSolanaChain,
  meta: TokenMeta,
  change: { readonly delta: bigint; readonly mint?: string },
  priceOf: PriceOf,
  iconUrl: string
): Promise<TransactionTransfer> => {
  const { delta } = change
  const numeric = formatUnits(delta < 0n ? -delta : delta, meta.decimals)
  const price = await priceOf({
    symbol: meta.symbol,
    ...(change.mint === undefined ? {} : { address: `${chain.caipNetworkId}:${change.mint}` })
  })
  return {
    fungible_info: { name: meta.name, symbol: meta.symbol, icon: { url: iconUrl } },
    direction: delta < 0n ? "out" : "in",
    quantity: { numeric },
    price,
    value: Number(numeric) * price
  }
}

/**
 * One recorded transaction as `owner` sees it: `sentFrom` is the fee payer, `sentTo` the first other party that
 * gained SOL or tokens (else the first program it called).
 * @example
 * ```ts
 * import { priceIn } from "./prices.ts"
 * import type { PriceSource, SolanaHistoryRecord } from "./sources.ts"
 * declare const chain: ApiSolanaChain
 * declare const record: SolanaHistoryRecord
 * declare const owner: string
 * declare const prices: PriceSource
 * declare const icon: (symbol: string) => string
 * ;(await toSolanaTransaction(chain, record, owner, priceIn(prices, "usd"), icon)).metadata.operationType // "send"
 * ```
 */
export const toSolanaTransaction = async (
  chain: ApiSolanaChain,
  record: SolanaHistoryRecord,
  owner: string,
  priceOf: PriceOf,
  icon: (symbol: string) => string
): Promise<Transaction> => {
  const feePayer = record.accountKeys[0] ?? owner
  const sol = record.solChanges.find((change) => change.address === owner)
  const tokens = record.tokenChanges.filter((change) => change.owner === owner)
  const transfers = await Promise.all([
    ...(sol === undefined ? [] : [transfer(chain, solNativeToken, sol, priceOf, icon(solNativeToken.symbol))]),
    ...tokens.map((change): Promise<TransactionTransfer> | TransactionTransfer => {
      if (chain.nft !== undefined && change.mint === chain.nft.mint) {
        return {
          nft_info: { name: chain.nft.name, flags: { is_spam: false } },
          direction: change.delta < 0n ? "out" : "in",
          quantity: { numeric: "1" }
        }
      }
      const meta = metaOf(chain, change.mint, change.decimals)
      return transfer(chain, meta, change, priceOf, icon(meta.symbol))
    })
  ])
  const directions = new Set(transfers.map((t) => t.direction))
  const operationType =
    directions.has("in") && directions.has("out")
      ? "trade"
      : directions.has("in")
        ? "receive"
        : directions.has("out")
          ? "send"
          : "execute"
  const gainers = [
    ...record.solChanges.filter((change) => change.delta > 0n).map((change) => change.address),
    ...record.tokenChanges.filter((change) => change.delta > 0n).map((change) => change.owner)
  ]
  const firstProgram = record.accountKeys[record.message.instructions[0]?.programAddressIndex ?? 0]
  return {
    id: `${chain.caipNetworkId}:${record.signature}`,
    metadata: {
      operationType,
      hash: record.signature,
      minedAt: new Date(record.blockTime * 1000).toISOString(),
      sentFrom: feePayer,
      sentTo: gainers.find((party) => party !== feePayer) ?? firstProgram ?? feePayer,
      status: record.err === null ? "confirmed" : "failed",
      chain: chain.caipNetworkId
    },
    transfers
  }
}

/**
 * The NFTs `owner` holds on the chain now: the configured NFT mint when one of its token accounts holds it, named as
 * configured (SPL mints carry no name without a metadata program).
 * @example
 * ```ts
 * import type { Address } from "@solana/kit"
 * declare const chain: ApiSolanaChain
 * declare const owner: Address
 * declare const api: string
 * await solanaNfts(chain, owner, (mint) => `${api}/public/getAssetImage/nft-${mint}`)
 * ```
 */
export const solanaNfts = async (
  chain: ApiSolanaChain,
  owner: Address,
  image: (mint: string) => string
): Promise<ReadonlyArray<Nft>> => {
  const nft = chain.nft
  if (nft === undefined) return []
  const { value } = await chain.rpc
    .getTokenAccountsByOwner(owner, { mint: nft.mint as Address }, { encoding: "jsonParsed" })
    .send({ abortSignal: AbortSignal.timeout(solanaRpcTimeoutMs) })
  const held = value.some(({ account }) => account.data.parsed.info.tokenAmount.amount === "1")
  if (!held) return []
  return [
    {
      id: `${chain.caipNetworkId}:${nft.mint}`,
      chainId: chain.caipNetworkId,
      contract: `${chain.caipNetworkId}:${nft.mint}`,
      tokenId: "1",
      name: nft.name,
      collection: { name: nft.collection, symbol: nft.symbol },
      imageUrl: image(nft.mint),
      standard: "spl",
      isSpam: false
    }
  ]
}
