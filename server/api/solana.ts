/**
 * The blockchain API's view of the local Solana chain: balances read live over its RPC (SOL and every SPL token the
 * account holds), and history from the chain's own transaction record, each entry a SPEC §3 Transaction seen from the
 * account (SOL amounts net of the fee, SPL amounts summed over the account's token accounts).
 */
import { type Address, createSolanaRpc, type Rpc, type SolanaRpcApi } from "@solana/kit"
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import { formatUnits } from "viem"
import type { Nft } from "../../core/schema/api/nfts.ts"
import type { TokenBalance } from "../../core/schema/token.ts"
import type { Transaction, TransactionTransfer } from "../../core/schema/transaction.ts"
import type { SolanaChain, SolanaTxRecord } from "../../sandbox/solana/index.ts"
import { solanaSeeded } from "../../sandbox/solana/seed.ts"
import { token2022ProgramAddress } from "../../sandbox/solana/token.ts"
import { balanceEntry, priceOf } from "./prices.ts"
import type { TokenMeta } from "./tokenMeta.ts"

/** What the API needs of the local Solana chain (a `startSolana()` result fits). */
export type ApiSolanaInput = Pick<SolanaChain, "caipNetworkId" | "rpcUrl" | "usdcMint" | "nftMint" | "history">

/** The local Solana chain as the API serves it. */
export interface ApiSolanaChain extends ApiSolanaInput {
  readonly rpc: Rpc<SolanaRpcApi>
}

/** SOL, the chain's native token. */
export const solNativeToken: TokenMeta = { name: "Solana", symbol: "SOL", decimals: 9 }

// SPL mints carry no name on chain: the sandbox's USDC is known, any other mint shows as an unknown token.
const unknownMint = (decimals: number): TokenMeta => ({ name: "Unknown token", symbol: "UNKNOWN", decimals })

const nftMeta: TokenMeta = { name: solanaSeeded.nft.name, symbol: solanaSeeded.nft.symbol, decimals: 0 }

const metaOf = (chain: ApiSolanaInput, mint: string, decimals: number): TokenMeta =>
  mint === chain.usdcMint ? solanaSeeded.usdc : mint === chain.nftMint ? nftMeta : unknownMint(decimals)

/**
 * Wraps a started chain for the API.
 * @example
 * ```ts
 * const solana = makeApiSolanaChain(await startSolana())
 * ```
 */
export const makeApiSolanaChain = (input: ApiSolanaInput): ApiSolanaChain => ({
  caipNetworkId: input.caipNetworkId,
  rpcUrl: input.rpcUrl,
  usdcMint: input.usdcMint,
  nftMint: input.nftMint,
  history: input.history,
  rpc: createSolanaRpc(input.rpcUrl)
})

/** Whether a `chainId` parameter names `chain`: its CAIP-2 id, or the bare reference. */
export const namesSolanaChain = (chain: ApiSolanaInput, chainId: string): boolean =>
  chainId === chain.caipNetworkId || `solana:${chainId}` === chain.caipNetworkId

/**
 * The balances of `owner` on the chain: SOL always, then each SPL mint it holds a positive amount of.
 * @example
 * ```ts
 * await solanaBalances(chain, owner, "usd", (symbol) => `${api}/public/getTokenImage/${symbol}`)
 * ```
 */
export const solanaBalances = async (
  chain: ApiSolanaChain,
  owner: Address,
  currency: string,
  icon: (symbol: string) => string
): Promise<ReadonlyArray<TokenBalance>> => {
  const byProgram = (programId: Address) =>
    chain.rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: "jsonParsed" }).send()
  const [lamports, ...tokenAccounts] = await Promise.all([
    chain.rpc.getBalance(owner).send(),
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
  const sol = balanceEntry({
    chain,
    meta: solNativeToken,
    amount: lamports.value,
    currency,
    iconUrl: icon(solNativeToken.symbol)
  })
  const tokens = [...held]
    .filter(([, { amount }]) => amount > 0n)
    .map(([mint, { amount, decimals }]) => {
      const meta = metaOf(chain, mint, decimals)
      return balanceEntry({ chain, meta, amount, currency, iconUrl: icon(meta.symbol), token: mint })
    })
  return [sol, ...tokens]
}

const transfer = (meta: TokenMeta, delta: bigint, currency: string, iconUrl: string): TransactionTransfer => {
  const numeric = formatUnits(delta < 0n ? -delta : delta, meta.decimals)
  const price = priceOf(meta.symbol, currency)
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
 * toSolanaTransaction(chain, chain.history.involving(owner)[0]!, owner, "usd", icon).metadata.operationType // "send"
 * ```
 */
export const toSolanaTransaction = (
  chain: ApiSolanaInput,
  record: SolanaTxRecord,
  owner: string,
  currency: string,
  icon: (symbol: string) => string
): Transaction => {
  const feePayer = record.accountKeys[0] ?? owner
  const sol = record.solChanges.find((change) => change.address === owner)
  const tokens = record.tokenChanges.filter((change) => change.owner === owner)
  const transfers = [
    ...(sol === undefined ? [] : [transfer(solNativeToken, sol.delta, currency, icon(solNativeToken.symbol))]),
    ...tokens.map((change): TransactionTransfer => {
      if (change.mint === chain.nftMint) {
        return {
          nft_info: { name: solanaSeeded.nft.name, flags: { is_spam: false } },
          direction: change.delta < 0n ? "out" : "in",
          quantity: { numeric: "1" }
        }
      }
      const meta = metaOf(chain, change.mint, change.decimals)
      return transfer(meta, change.delta, currency, icon(meta.symbol))
    })
  ]
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
 * The NFTs `owner` holds on the chain now: the sandbox's NFT mint when one of its token accounts holds it, named from
 * the seed's table (SPL mints carry no name without a metadata program).
 * @example
 * ```ts
 * await solanaNfts(chain, owner, (mint) => `${api}/public/getAssetImage/nft-${mint}`)
 * ```
 */
export const solanaNfts = async (
  chain: ApiSolanaChain,
  owner: Address,
  image: (mint: string) => string
): Promise<ReadonlyArray<Nft>> => {
  const { value } = await chain.rpc
    .getTokenAccountsByOwner(owner, { mint: chain.nftMint }, { encoding: "jsonParsed" })
    .send()
  const held = value.some(({ account }) => account.data.parsed.info.tokenAmount.amount === "1")
  if (!held) return []
  const { nft } = solanaSeeded
  return [
    {
      id: `${chain.caipNetworkId}:${chain.nftMint}`,
      chainId: chain.caipNetworkId,
      contract: `${chain.caipNetworkId}:${chain.nftMint}`,
      tokenId: "1",
      name: nft.name,
      collection: { name: nft.collection, symbol: nft.symbol },
      imageUrl: image(chain.nftMint),
      standard: "spl",
      isSpam: false
    }
  ]
}
