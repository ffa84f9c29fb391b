import * as Cache from "effect/Cache"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as HttpClient from "effect/http/HttpClient"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { AccountDataError, ChainError, NameError } from "../errors/catalogue.ts"
import type { SupportedChains } from "../schema/api/account.ts"
import { endpoints } from "../schema/api/endpoints.ts"
import { ProfileErrorBody } from "../schema/api/profile.ts"
import type { OnrampQuote } from "../schema/onramp.ts"
import { ActiveNetwork } from "./ActiveNetwork.ts"
import {
  type BlockchainApiShape,
  blockchainCacheTtl,
  defaultNameZone,
  type OnrampUrlParams,
  type RegisterNameParams,
  swapSlippageTolerance
} from "./blockchainApiShape.ts"
import { ClientConfig } from "./ClientConfig.ts"
import { type ApiCallError, ApiError, makeApiClient } from "./http.ts"
import { defaultOnrampOptions, placeholderOnrampQuote } from "./onrampFallbacks.ts"

const emptyChains: SupportedChains = { http: [], ws: [] }

// Failures are never cached: the next call asks again.
const cacheOf = <A, E>(lookup: (key: string) => Effect.Effect<A, E>, ttl: Duration.Input) =>
  Cache.makeWith(lookup, {
    capacity: 500,
    timeToLive: (exit: Exit.Exit<A, E>) => (Exit.isSuccess(exit) ? ttl : Duration.zero)
  })

const keyOf = (...parts: ReadonlyArray<string | undefined>): string => JSON.stringify(parts)
const partsOf = (key: string): ReadonlyArray<string | undefined> =>
  (JSON.parse(key) as ReadonlyArray<string | null>).map((part) => part ?? undefined)

const firstReason = (error: ApiCallError): string | undefined => {
  if (!(error instanceof ApiError) || error.body === undefined) return undefined
  try {
    const decoded = Schema.decodeUnknownOption(ProfileErrorBody)(JSON.parse(error.body))
    return decoded._tag === "Some" ? decoded.value.reasons[0]?.description : undefined
  } catch {
    return undefined
  }
}

/** Builds the HTTP implementation of `BlockchainApi` (see `BlockchainApi.layer`). */
export const makeBlockchainApiLive: Effect.Effect<
  BlockchainApiShape,
  never,
  HttpClient.HttpClient | ClientConfig | ActiveNetwork
> = Effect.gen(function* () {
  const client = yield* makeApiClient("blockchainApi")
  const config = yield* ClientConfig
  const active = yield* ActiveNetwork

  const chainsCache = yield* cacheOf((_: string) => client.call(endpoints.supportedChains, {}), Duration.infinity)
  const getSupportedChains = Cache.get(chainsCache, "").pipe(Effect.orElseSucceed(() => emptyChains))
  const isNetworkSupported = (caipNetworkId: string | undefined) =>
    caipNetworkId === undefined
      ? Effect.succeed(false)
      : Effect.map(getSupportedChains, (chains) => chains.http.includes(caipNetworkId))
  const supported = Effect.flatMap(active.get, isNetworkSupported)

  /** Runs `call` on a supported network, else answers `empty` without a request. */
  const guarded = <A, E>(call: Effect.Effect<A, E>, empty: () => NoInfer<A>): Effect.Effect<A, E> =>
    Effect.flatMap(supported, (ok): Effect.Effect<A, E> => (ok ? call : Effect.succeed(empty())))
  /** Runs `call` on a supported network, else fails with `error`. */
  const required =
    (error: () => ChainError) =>
    <A, E>(call: Effect.Effect<A, E>): Effect.Effect<A, E | ChainError> =>
      Effect.flatMap(supported, (ok): Effect.Effect<A, E | ChainError> => (ok ? call : Effect.fail(error())))
  const swapsOnly = required(() => new ChainError({ reason: "SwapsNotSupported" }))
  const generateOnrampUrl = ({
    purchaseAmount,
    paymentAmount,
    defaultNetwork,
    paymentCurrency,
    paymentMethod,
    provider,
    ...params
  }: OnrampUrlParams) =>
    guarded(
      client.call(endpoints.onrampUrl, {
        body: {
          ...params,
          defaultExperience: "buy",
          ...(defaultNetwork === undefined ? {} : { defaultNetwork }),
          ...(purchaseAmount === undefined ? {} : { presetCryptoAmount: purchaseAmount }),
          ...(paymentAmount === undefined ? {} : { presetFiatAmount: paymentAmount }),
          ...(paymentCurrency === undefined ? {} : { presetFiatCurrency: paymentCurrency }),
          ...(paymentMethod === undefined ? {} : { paymentMethod }),
          ...(provider === undefined ? {} : { provider })
        }
      }),
      () => ({ url: "" })
    )

  const identityCache = yield* cacheOf((key) => {
    const [address = "", sender] = partsOf(key)
    return client.call(endpoints.identity, { params: { address }, query: { sender } })
  }, blockchainCacheTtl.identity)

  const historyCache = yield* cacheOf((key) => {
    const [address = "", chainId, cursor] = partsOf(key)
    return client.call(endpoints.history, { params: { address }, query: { chainId, cursor } })
  }, blockchainCacheTtl.history)

  const nftsCache = yield* cacheOf((key) => {
    const [address = "", chainId, cursor] = partsOf(key)
    return client.call(endpoints.nfts, { params: { address }, query: { chainId, cursor } })
  }, blockchainCacheTtl.nfts)

  const fetchBalance = (address: string, chainId: string, forceUpdate: string | undefined) =>
    client.call(endpoints.balance, { params: { address }, query: { currency: "usd", chainId, forceUpdate } })
  const balanceCache = yield* cacheOf((key) => {
    const [chainId = "", address = ""] = partsOf(key)
    return fetchBalance(address, chainId, undefined)
  }, blockchainCacheTtl.balance)
  const lastBalanceFailure = yield* Ref.make<number | undefined>(undefined)
  const balanceRetryMillis = Duration.toMillis(blockchainCacheTtl.balanceRetry)

  const priceCache = yield* cacheOf((key) => {
    const [currency = "usd", ...addresses] = partsOf(key)
    return client.call(endpoints.fungiblePrice, {
      body: { currency, addresses: addresses.filter((a) => a !== undefined), projectId: config.projectId }
    })
  }, blockchainCacheTtl.tokenPrice)

  const nameCache = yield* cacheOf((key) => {
    const [name = ""] = partsOf(key)
    return client.call(endpoints.nameLookup, { params: { name }, query: { apiVersion: "2" } }).pipe(
      Effect.map((record) => record as typeof record | undefined),
      Effect.catchIf(
        (error) => error instanceof ApiError && error.status === 404,
        () => Effect.succeed(undefined)
      )
    )
  }, blockchainCacheTtl.names)

  const reverseCache = yield* cacheOf((key) => {
    const [address = "", sender] = partsOf(key)
    return client.call(endpoints.reverseLookup, { params: { address }, query: { sender, apiVersion: "2" } })
  }, blockchainCacheTtl.names)

  const getBalance: BlockchainApiShape["getBalance"] = ({ address, chainId, forceUpdate, fresh }) =>
    Effect.gen(function* () {
      if (!(yield* supported)) return yield* new AccountDataError({ reason: "TokenBalanceUnavailable" })
      const now = yield* Clock.currentTimeMillis
      const failedAt = yield* Ref.get(lastBalanceFailure)
      // SPEC §8: after a failure the balance stays unavailable, with no request, for 30 s. An empty answer here would
      // read as an account holding nothing.
      if (failedAt !== undefined && now - failedAt < balanceRetryMillis) {
        return yield* new AccountDataError({
          reason: "TokenBalanceUnavailable",
          details: "retry blocked after a failure"
        })
      }
      const key = keyOf(chainId, address)
      const fetched =
        forceUpdate === undefined && fresh !== true
          ? Cache.get(balanceCache, key)
          : Effect.tap(fetchBalance(address, chainId, forceUpdate), (answer) => Cache.set(balanceCache, key, answer))
      return yield* fetched.pipe(
        Effect.tap(() => Ref.set(lastBalanceFailure, undefined)),
        Effect.tapError(() => Effect.flatMap(Clock.currentTimeMillis, (at) => Ref.set(lastBalanceFailure, at))),
        Effect.mapError((cause) => new AccountDataError({ reason: "TokenBalanceUnavailable", cause }))
      )
    })

  const registerName = (params: RegisterNameParams) =>
    client
      .call(endpoints.registerName, {
        body: {
          coin_type: params.coinType,
          address: params.address,
          message: params.message,
          signature: params.signature
        }
      })
      .pipe(
        Effect.map((answer) => answer.success),
        // A registered name is the address's identity from now on: no cached "no name" may hide it for 5 minutes.
        Effect.tap((success) => (success ? Cache.invalidateAll(identityCache) : Effect.void)),
        Effect.mapError((cause) => {
          // SPEC §8: the API's first reason is what the user reads; the generic text stays in the details.
          const reason = firstReason(cause)?.trim().slice(0, 200)
          return reason
            ? new NameError({
                reason: "RegisterRejected",
                params: { name: params.name, reason },
                details: `Error registering name ${params.name}`,
                cause
              })
            : new NameError({ reason: "RegisterFailed", params: { name: params.name }, cause })
        })
      )

  return {
    getSupportedChains,
    isNetworkSupported,
    getIdentity: ({ address, sender }) =>
      guarded(Cache.get(identityCache, keyOf(address, sender)), () => ({ name: null, avatar: null })),
    getTransactions: ({ address, chainId, cursor, fresh }) =>
      guarded(
        Effect.andThen(
          fresh === true ? Cache.invalidate(historyCache, keyOf(address, chainId, cursor)) : Effect.void,
          Cache.get(historyCache, keyOf(address, chainId, cursor))
        ).pipe(Effect.mapError((cause) => new AccountDataError({ reason: "TransactionsFailed", cause }))),
        () => ({ data: [], next: null })
      ),
    getNfts: ({ address, chainId, cursor, fresh }) =>
      guarded(
        Effect.andThen(
          fresh === true ? Cache.invalidate(nftsCache, keyOf(address, chainId, cursor)) : Effect.void,
          Cache.get(nftsCache, keyOf(address, chainId, cursor))
        ).pipe(Effect.mapError((cause) => new AccountDataError({ reason: "NftsFailed", cause }))),
        () => ({ data: [], next: null })
      ),
    getBalance,
    getTokenPrice: ({ addresses, currency = "usd" }) =>
      guarded(Cache.get(priceCache, keyOf(currency, ...[...addresses].sort())), () => ({ fungibles: [] })),
    getSwapQuote: (query) => guarded(client.call(endpoints.swapQuotes, { query }), () => ({ quotes: [] })),
    getSwapTokens: (query) => guarded(client.call(endpoints.swapTokens, { query }), () => ({ tokens: [] })),
    getSwapAllowance: (query) => guarded(client.call(endpoints.swapAllowance, { query }), () => ({ allowance: "0" })),
    getGasPrice: (query) =>
      required(() => new ChainError({ reason: "GasPriceNotSupported" }))(client.call(endpoints.gasPrice, { query })),
    buildSwapTransaction: ({ disableEstimate, ...params }) =>
      swapsOnly(
        client.call(endpoints.buildTransaction, {
          body: {
            ...params,
            eip155: { slippage: String(swapSlippageTolerance) },
            projectId: config.projectId,
            ...(disableEstimate === undefined ? {} : { disableEstimate })
          }
        })
      ),
    buildApproveTransaction: (query) => swapsOnly(client.call(endpoints.buildApprove, { query })),
    lookupName: (name) =>
      guarded(
        Cache.get(nameCache, keyOf(name)).pipe(
          Effect.mapError((cause) => new NameError({ reason: "ResolveFailed", cause }))
        ),
        () => undefined
      ),
    reverseLookupName: ({ address, sender }) =>
      guarded(
        Cache.get(reverseCache, keyOf(address, sender)).pipe(
          Effect.mapError((cause) => new NameError({ reason: "NamesForAddressFailed", cause }))
        ),
        (): ReadonlyArray<never> => []
      ),
    getNameSuggestions: ({ name, zone = defaultNameZone }) =>
      guarded(
        client.call(endpoints.nameSuggestions, { params: { name }, query: { zone } }).pipe(
          Effect.map((answer) => answer.suggestions),
          Effect.mapError((cause) => new NameError({ reason: "SuggestionsFailed", cause }))
        ),
        (): ReadonlyArray<never> => []
      ),
    registerName: (params) => guarded(registerName(params), () => false),
    getOnrampUrl: (params) => Effect.map(generateOnrampUrl(params), (answer) => answer.url),
    generateOnrampUrl,
    // Not gated on the active network: the order was opened on one the API serves, and the user may switch since.
    getOnrampOrder: (orderId) => client.call(endpoints.onrampOrder, { params: { orderId } }),
    getOnrampOptions: guarded(
      client.call(endpoints.onrampOptions, {}).pipe(Effect.orElseSucceed(() => defaultOnrampOptions)),
      () => ({ paymentCurrencies: [], purchaseCurrencies: [] })
    ),
    getOnrampQuote: (body) =>
      guarded<OnrampQuote | undefined, never>(
        client.call(endpoints.onrampQuote, { body }).pipe(Effect.orElseSucceed(() => placeholderOnrampQuote(body))),
        () => undefined
      ),
    getSessions: (address) =>
      guarded(
        client.call(endpoints.sessions, { params: { address } }).pipe(Effect.map((answer) => answer.pcis)),
        (): ReadonlyArray<never> => []
      ),
    revokeSession: ({ address, pci, signature }) =>
      guarded(
        client
          .call(endpoints.revokeSession, { params: { address }, body: { pci, signature } })
          .pipe(Effect.map((answer) => answer.success)),
        () => false
      )
  }
})
