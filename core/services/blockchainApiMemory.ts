import * as Effect from "effect/Effect"
import { AccountDataError, ChainError, NameError } from "../errors/catalogue.ts"
import type { FungiblePrice } from "../schema/api/account.ts"
import type { GasPriceResponse, SwapQuoteQuery, SwapQuoteResponse, SwapToken } from "../schema/api/convert.ts"
import type { Nft } from "../schema/api/nfts.ts"
import type { OnrampOptions, OnrampOrder, OnrampQuoteBody } from "../schema/api/onramp.ts"
import type { SmartSession } from "../schema/api/sessions.ts"
import type { Identity } from "../schema/identity.ts"
import type { NameRecord } from "../schema/names.ts"
import type { OnrampQuote } from "../schema/onramp.ts"
import type { TokenBalance } from "../schema/token.ts"
import type { Transaction } from "../schema/transaction.ts"
import { ActiveNetwork } from "./ActiveNetwork.ts"
import { type BlockchainApiShape, defaultNameZone } from "./blockchainApiShape.ts"
import { ApiError } from "./http.ts"
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
  /** Registered names; `registerName` adds to them (and refuses a name already there, as the API does). */
  readonly names?: ReadonlyArray<NameRecord> | undefined
  /** Makes the name calls fail ('Error fetching name suggestions', 'Error registering name {name}', …). @default false */
  readonly failNames?: boolean | undefined
  readonly swapTokens?: ReadonlyArray<SwapToken> | undefined
  /** @default { standard: "1000000000", fast: "1500000000", instant: "2000000000" } */
  readonly gasPrice?: GasPriceResponse | undefined
  /** Makes `getGasPrice` fail with 'Network not supported for Gas Price' everywhere. @default false */
  readonly failGasPrice?: boolean | undefined
  /**
   * The quotes for a query, as a function of it (its `amount` in base units): an answer, or an Effect (one that sleeps
   * stands for a slow API). @default one quote giving `amount` back, 1:1
   */
  readonly swapQuote?: ((query: SwapQuoteQuery) => SwapQuoteResponse | Effect.Effect<SwapQuoteResponse>) | undefined
  /** The swap router's allowance of every token, in base units; `approveSwap`'s transaction does not change it. @default "0" */
  readonly swapAllowance?: string | undefined
  /** Gas of the built swap and approval transactions. @default { swap: "150000", approve: "50000" } */
  readonly swapGas?: { readonly swap: string; readonly approve: string } | undefined
  /** @default defaultOnrampOptions */
  readonly onrampOptions?: OnrampOptions | undefined
  /**
   * The quote for a request: an answer, or an Effect (one that sleeps stands for a slow API, one that fails for a
   * failing one). @default the placeholder quote, equal to the input
   */
  readonly onrampQuote?: ((body: OnrampQuoteBody) => OnrampQuote | Effect.Effect<OnrampQuote, unknown>) | undefined
  /**
   * An order's status at its `poll`-th read (0 first), for `getOnrampOrder`; orders are `order-1`, `order-2`, … in the
   * order `generateOnrampUrl` opened them. @default processing at the first read, then success
   */
  readonly onrampOrder?: ((orderId: string, poll: number) => OnrampOrder) | undefined
  /** Smart sessions per CAIP-10 address; `revokeSession` marks them revoked. */
  readonly sessions?: Readonly<Record<string, ReadonlyArray<SmartSession>>> | undefined
  /** Makes `getSessions` fail as an unreachable API would. @default false */
  readonly failSessions?: boolean | undefined
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
    // Onramp orders `generateOnrampUrl` opened, with how many times each was read.
    const onrampPolls = new Map<string, number>()

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
    const gasPrice = seed.gasPrice ?? { standard: "1000000000", fast: "1500000000", instant: "2000000000" }
    const gas = seed.swapGas ?? { swap: "150000", approve: "50000" }
    // A fixed router: the approval's spender and the swap's receiver.
    const router = "0x1111111254eeb25477b68fb85ed929f73a960582"
    const plain = (address: string) => address.split(":").at(-1) ?? address

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
      getSwapQuote: (query) =>
        guarded(
          Effect.suspend(() => {
            const { amount, userAddress } = query
            const answer = seed.swapQuote?.(query) ?? {
              quotes: [
                { id: null, fromAmount: amount, fromAccount: userAddress, toAmount: amount, toAccount: userAddress }
              ]
            }
            return Effect.isEffect(answer) ? answer : Effect.succeed(answer)
          }),
          () => ({ quotes: [] })
        ),
      getSwapTokens: () => guarded(Effect.succeed({ tokens: seed.swapTokens ?? [] }), () => ({ tokens: [] })),
      getSwapAllowance: () =>
        guarded(Effect.succeed({ allowance: seed.swapAllowance ?? "0" }), () => ({ allowance: "0" })),
      getGasPrice: () =>
        seed.failGasPrice
          ? Effect.fail(new ChainError({ reason: "GasPriceNotSupported" }))
          : required(() => new ChainError({ reason: "GasPriceNotSupported" }))(Effect.succeed(gasPrice)),
      buildSwapTransaction: ({ amount, userAddress, disableEstimate }) =>
        swapsOnly(
          Effect.succeed({
            tx: {
              from: userAddress,
              to: router,
              data: "0x12aa3caf",
              amount,
              eip155: { gas: disableEstimate ? "0" : gas.swap, gasPrice: gasPrice.standard }
            }
          })
        ),
      // The token's `approve(router, amount)`: sent to the token (`from`).
      buildApproveTransaction: ({ userAddress, from }) =>
        swapsOnly(
          Effect.succeed({
            tx: {
              from: userAddress,
              to: plain(from),
              data: `0x095ea7b3${router.slice(2).padStart(64, "0")}${"f".repeat(64)}`,
              value: "0",
              eip155: { gas: gas.approve, gasPrice: gasPrice.standard }
            }
          })
        ),
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
      getNameSuggestions: ({ name, zone = defaultNameZone }) =>
        guarded(
          seed.failNames === true
            ? Effect.fail(new NameError({ reason: "SuggestionsFailed" }))
            : Effect.sync(() =>
                [`${name}.${zone}`, `${name}1.${zone}`].map((n) => ({
                  name: n,
                  registered: names.some((r) => r.name === n)
                }))
              ),
          () => []
        ),
      registerName: ({ name, address, coinType }) =>
        guarded(
          seed.failNames === true
            ? Effect.fail(new NameError({ reason: "RegisterFailed", params: { name } }))
            : names.some((r) => r.name === name)
              ? Effect.fail(
                  new NameError({ reason: "RegisterRejected", params: { name, reason: `${name} is already taken` } })
                )
              : Effect.sync(() => {
                  names.push({
                    name,
                    addresses: { "60": { address }, [String(coinType)]: { address } },
                    attributes: []
                  })
                  return true
                }),
          () => false
        ),
      getOnrampUrl: ({ partnerUserId }) =>
        guarded(Effect.succeed(`http://127.0.0.1/onramp?user=${encodeURIComponent(partnerUserId)}`), () => ""),
      generateOnrampUrl: ({ partnerUserId }) =>
        guarded(
          Effect.sync((): { readonly url: string; readonly orderId?: string } => {
            const orderId = `order-${onrampPolls.size + 1}`
            onrampPolls.set(orderId, 0)
            return {
              url: `http://127.0.0.1/onramp?user=${encodeURIComponent(partnerUserId)}&order=${orderId}`,
              orderId
            }
          }),
          () => ({ url: "" })
        ),
      getOnrampOrder: (orderId) =>
        Effect.suspend(() => {
          const poll = onrampPolls.get(orderId)
          if (poll === undefined) {
            return Effect.fail(
              new ApiError({ reason: "Status", params: { api: "blockchain", status: 404 }, status: 404 })
            )
          }
          onrampPolls.set(orderId, poll + 1)
          return Effect.succeed(
            seed.onrampOrder?.(orderId, poll) ?? { orderId, status: poll === 0 ? "processing" : "success" }
          )
        }),
      getOnrampOptions: guarded(Effect.succeed(seed.onrampOptions ?? defaultOnrampOptions), () => ({
        paymentCurrencies: [],
        purchaseCurrencies: []
      })),
      getOnrampQuote: (body) =>
        guarded<OnrampQuote | undefined, never>(
          Effect.suspend(() => {
            const answer = seed.onrampQuote?.(body) ?? placeholderOnrampQuote(body)
            return Effect.isEffect(answer) ? answer : Effect.succeed(answer)
          }).pipe(Effect.orElseSucceed(() => placeholderOnrampQuote(body))),
          () => undefined
        ),
      getSessions: (address) =>
        guarded(
          seed.failSessions === true
            ? Effect.fail(new ApiError({ reason: "Transport", params: { api: "blockchain" }, details: "unreachable" }))
            : // A copy: the state freezes what it is given, and revokeSession edits this list.
              Effect.sync(() => [...(sessions.get(address) ?? [])]),
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
