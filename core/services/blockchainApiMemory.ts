import * as Effect from "effect/Effect"
import { AccountDataError, ChainError } from "../errors/catalogue.ts"
import type { FungiblePrice } from "../schema/api/account.ts"
import type { GasPriceResponse, SwapToken } from "../schema/api/convert.ts"
import type { Nft } from "../schema/api/nfts.ts"
import type { OnrampOptions } from "../schema/api/onramp.ts"
import type { SmartSession } from "../schema/api/sessions.ts"
import type { Identity } from "../schema/identity.ts"
import type { NameRecord } from "../schema/names.ts"
import type { OnrampQuote } from "../schema/onramp.ts"
import type { TokenBalance } from "../schema/token.ts"
import type { Transaction } from "../schema/transaction.ts"
import { ActiveNetwork } from "./ActiveNetwork.ts"
import type { BlockchainApiShape } from "./blockchainApiShape.ts"
import { defaultOnrampOptions, placeholderOnrampQuote } from "./onrampFallbacks.ts"

/**
 * Seed of `BlockchainApi.layerMemory`. Addresses are keys as the caller passes them (plain or CAIP-10).
 * @example
 * ```ts
 * const seed: BlockchainApiSeed = {
 *   supportedChains: ["eip155:1"],
 *   balances: { "0xabc": [{ name: "Ether", symbol: "ETH", chainId: "eip155:1", price: 3000, quantity: { decimals: "18", numeric: "1" } }] }
 * }
 * ```
 */
export interface BlockchainApiSeed {
  /** CAIP network ids the API serves. @default every network */
  readonly supportedChains?: ReadonlyArray<string> | undefined
  readonly identities?: Readonly<Record<string, Identity>> | undefined
  /** Balances per address; filtered by the asked `chainId`. */
  readonly balances?: Readonly<Record<string, ReadonlyArray<TokenBalance>>> | undefined
  /** History per address; filtered by the asked `chainId` (`metadata.chain`). */
  readonly transactions?: Readonly<Record<string, ReadonlyArray<Transaction>>> | undefined
  /** Prices per token address. */
  readonly prices?: Readonly<Record<string, FungiblePrice>> | undefined
  /** Registered names; `registerName` adds to them. */
  readonly names?: ReadonlyArray<NameRecord> | undefined
  readonly swapTokens?: ReadonlyArray<SwapToken> | undefined
  /** @default { standard: "1000000000", fast: "1500000000", instant: "2000000000" } */
  readonly gasPrice?: GasPriceResponse | undefined
  /** @default defaultOnrampOptions */
  readonly onrampOptions?: OnrampOptions | undefined
  /** Smart sessions per CAIP-10 address; `revokeSession` marks them revoked. */
  readonly sessions?: Readonly<Record<string, ReadonlyArray<SmartSession>>> | undefined
  /** NFTs per address; filtered by the asked `chainId`. */
  readonly nfts?: Readonly<Record<string, ReadonlyArray<Nft>>> | undefined
  /** NFTs per page; the cursor is the offset of the next page. @default 50 */
  readonly nftsPageSize?: number | undefined
  /** Transactions per history page; the cursor is the offset of the next page. @default 50 */
  readonly historyPageSize?: number | undefined
  /** Makes `getBalance` and `getTransactions` fail, to show their error texts. @default false */
  readonly failAccountData?: boolean | undefined
}

const pointsTo = (record: NameRecord, address: string): boolean =>
  Object.values(record.addresses).some((entry) => entry.address.toLowerCase() === address.toLowerCase())

/** Builds the in-memory implementation of `BlockchainApi` (see `BlockchainApi.layerMemory`). */
export const makeBlockchainApiMemory = (
  seed: BlockchainApiSeed
): Effect.Effect<BlockchainApiShape, never, ActiveNetwork> =>
  Effect.gen(function* () {
    const active = yield* ActiveNetwork
    const names: Array<NameRecord> = [...(seed.names ?? [])]
    const sessions = new Map(Object.entries(seed.sessions ?? {}).map(([k, v]) => [k, [...v]]))
    const chains = { http: [...(seed.supportedChains ?? [])], ws: [] }

    const isNetworkSupported = (id: string | undefined) =>
      Effect.succeed(id !== undefined && (seed.supportedChains === undefined || chains.http.includes(id)))
    const supported = Effect.flatMap(active.get, isNetworkSupported)
    const guarded = <A, E>(call: Effect.Effect<A, E>, empty: () => NoInfer<A>): Effect.Effect<A, E> =>
      Effect.flatMap(supported, (ok): Effect.Effect<A, E> => (ok ? call : Effect.succeed(empty())))
    const required =
      (error: () => ChainError) =>
      <A>(call: Effect.Effect<A>): Effect.Effect<A, ChainError> =>
        Effect.flatMap(supported, (ok) => (ok ? call : Effect.fail(error())))
    const swapsOnly = required(() => new ChainError({ reason: "SwapsNotSupported" }))
    const tx = { from: "", to: "", data: "0x", eip155: { gas: "0", gasPrice: "0" } }

    return {
      getSupportedChains: Effect.succeed(chains),
      isNetworkSupported,
      getIdentity: ({ address }) =>
        guarded(Effect.succeed(seed.identities?.[address] ?? { name: null, avatar: null }), () => ({
          name: null,
          avatar: null
        })),
      getTransactions: ({ address, chainId, cursor }) =>
        guarded(
          Effect.suspend(() => {
            const offset = cursor === undefined ? 0 : Number(cursor)
            if (seed.failAccountData || !Number.isSafeInteger(offset) || offset < 0) {
              return Effect.fail(new AccountDataError({ reason: "TransactionsFailed" }))
            }
            const all = (seed.transactions?.[address] ?? []).filter(
              (t) => chainId === undefined || t.metadata.chain === undefined || t.metadata.chain === chainId
            )
            const size = seed.historyPageSize ?? 50
            const end = offset + size
            return Effect.succeed({ data: all.slice(offset, end), next: end < all.length ? String(end) : null })
          }),
          () => ({ data: [], next: null })
        ),
      getNfts: ({ address, chainId, cursor }) =>
        guarded(
          Effect.suspend(() => {
            const offset = cursor === undefined ? 0 : Number(cursor)
            if (seed.failAccountData || !Number.isSafeInteger(offset) || offset < 0) {
              return Effect.fail(new AccountDataError({ reason: "NftsFailed" }))
            }
            const all = (seed.nfts?.[address] ?? []).filter((n) => n.chainId === chainId)
            const end = offset + (seed.nftsPageSize ?? 50)
            return Effect.succeed({ data: all.slice(offset, end), next: end < all.length ? String(end) : null })
          }),
          () => ({ data: [], next: null })
        ),
      getBalance: ({ address, chainId }) =>
        Effect.flatMap(supported, (ok) =>
          !ok || seed.failAccountData
            ? Effect.fail(new AccountDataError({ reason: "TokenBalanceUnavailable" }))
            : Effect.succeed({ balances: (seed.balances?.[address] ?? []).filter((b) => b.chainId === chainId) })
        ),
      getTokenPrice: ({ addresses }) =>
        guarded(Effect.succeed({ fungibles: addresses.flatMap((a) => seed.prices?.[a] ?? []) }), () => ({
          fungibles: []
        })),
      getSwapQuote: ({ amount, userAddress }) =>
        guarded(
          Effect.succeed({
            quotes: [
              { id: null, fromAmount: amount, fromAccount: userAddress, toAmount: amount, toAccount: userAddress }
            ]
          }),
          () => ({ quotes: [] })
        ),
      getSwapTokens: () => guarded(Effect.succeed({ tokens: seed.swapTokens ?? [] }), () => ({ tokens: [] })),
      getSwapAllowance: () => guarded(Effect.succeed({ allowance: "0" }), () => ({ allowance: "0" })),
      getGasPrice: () =>
        required(() => new ChainError({ reason: "GasPriceNotSupported" }))(
          Effect.succeed(seed.gasPrice ?? { standard: "1000000000", fast: "1500000000", instant: "2000000000" })
        ),
      buildSwapTransaction: ({ amount, from, to }) => swapsOnly(Effect.succeed({ tx: { ...tx, from, to, amount } })),
      buildApproveTransaction: ({ from, to }) => swapsOnly(Effect.succeed({ tx: { ...tx, from, to, value: "0" } })),
      lookupName: (name) =>
        guarded(
          Effect.sync(() => names.find((r) => r.name === name)),
          () => undefined
        ),
      reverseLookupName: ({ address }) =>
        guarded(
          Effect.sync(() => names.filter((r) => pointsTo(r, address))),
          () => []
        ),
      getNameSuggestions: ({ name, zone = "airlock.id" }) =>
        guarded(
          Effect.sync(() =>
            [`${name}.${zone}`, `${name}1.${zone}`].map((n) => ({
              name: n,
              registered: names.some((r) => r.name === n)
            }))
          ),
          () => []
        ),
      registerName: ({ name, address, coinType }) =>
        guarded(
          Effect.sync(() => {
            names.push({ name, addresses: { [String(coinType)]: { address } }, attributes: [] })
            return true
          }),
          () => false
        ),
      getOnrampUrl: ({ partnerUserId }) =>
        guarded(Effect.succeed(`http://127.0.0.1/onramp?user=${encodeURIComponent(partnerUserId)}`), () => ""),
      getOnrampOptions: guarded(Effect.succeed(seed.onrampOptions ?? defaultOnrampOptions), () => ({
        paymentCurrencies: [],
        purchaseCurrencies: []
      })),
      getOnrampQuote: (body) =>
        guarded<OnrampQuote | undefined, never>(Effect.succeed(placeholderOnrampQuote(body)), () => undefined),
      getSessions: (address) =>
        guarded(
          Effect.sync(() => sessions.get(address) ?? []),
          () => []
        ),
      revokeSession: ({ address, pci }) =>
        guarded(
          Effect.sync(() => {
            const list = sessions.get(address) ?? []
            const index = list.findIndex((s) => s.pci === pci)
            const found = list[index]
            if (found === undefined) return false
            list[index] = { ...found, revokedAt: 0 }
            return true
          }),
          () => false
        )
    }
  })
