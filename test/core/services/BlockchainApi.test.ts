import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest"
import { AccountDataError, ChainError, NameError } from "../../../core/errors/catalogue.ts"
import { CaipNetworkId } from "../../../core/schema/network.ts"
import { ActiveNetwork } from "../../../core/services/ActiveNetwork.ts"
import { BlockchainApi } from "../../../core/services/BlockchainApi.ts"
import { ApiError } from "../../../core/services/http.ts"
import { blockchainApiUrl, httpLayer, queryOf } from "./apiFixtures.ts"

interface Seen {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string>
  readonly body: unknown
}

const seen: Array<Seen> = []
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const record = async (request: Request) => {
  const url = new URL(request.url)
  const body = request.method === "POST" ? await request.clone().json() : undefined
  seen.push({ method: request.method, path: url.pathname, query: queryOf(request), body })
}
const get = (path: string, respond: () => Response) =>
  http.get(`${blockchainApiUrl}${path}`, async ({ request }) => {
    await record(request)
    return respond()
  })
const post = (path: string, respond: () => Response) =>
  http.post(`${blockchainApiUrl}${path}`, async ({ request }) => {
    await record(request)
    return respond()
  })
const json = (body: Parameters<typeof HttpResponse.json>[0]) => () => HttpResponse.json(body)
const paths = () => seen.map((s) => s.path)
const last = (path: string) => seen.filter((s) => s.path === path).at(-1)

const mainnet = CaipNetworkId.make("eip155:1")
let active: CaipNetworkId | undefined = mainnet

beforeEach(() => {
  seen.length = 0
  active = mainnet
  server.use(get("/v1/supported-chains", json({ http: ["eip155:1", "eip155:8453"], ws: ["eip155:1"] })))
})

const live = BlockchainApi.layer.pipe(
  Layer.provide(Layer.mergeAll(httpLayer, ActiveNetwork.layer(Effect.sync(() => active))))
)
const withApi = <A, E>(f: (api: BlockchainApi["Service"]) => Effect.Effect<A, E>) => BlockchainApi.use(f)
const balance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 3000,
  quantity: { decimals: "18", numeric: "1" }
}
const usdc = { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [] }
const usd = { id: "USD", payment_method_limits: [] }

describe("BlockchainApi network guard", () => {
  it.effect("on an unsupported network every call answers its empty result without asking for it", () =>
    Effect.gen(function* () {
      active = CaipNetworkId.make("eip155:31337")
      const api = yield* BlockchainApi
      assert.deepStrictEqual(yield* api.getIdentity({ address: "0xabc" }), { name: null, avatar: null })
      assert.deepStrictEqual(yield* api.getTransactions({ address: "0xabc" }), { data: [], next: null })
      assert.deepStrictEqual(yield* api.getTokenPrice({ addresses: ["eip155:1:0xa"] }), { fungibles: [] })
      const swap = { amount: "1", userAddress: "u", from: "a", to: "b", gasPrice: "1" }
      assert.deepStrictEqual(yield* api.getSwapQuote(swap), { quotes: [] })
      assert.deepStrictEqual(yield* api.getSwapTokens({ chainId: "eip155:1" }), { tokens: [] })
      assert.deepStrictEqual(yield* api.getSwapAllowance({ tokenAddress: "a", userAddress: "u" }), { allowance: "0" })
      assert.strictEqual(yield* api.lookupName("ada.airlock.id"), undefined)
      assert.deepStrictEqual(yield* api.reverseLookupName({ address: "0xabc" }), [])
      assert.deepStrictEqual(yield* api.getNameSuggestions({ name: "ada" }), [])
      const registration = { name: "ada", coinType: 60, address: "0xabc", message: "m", signature: "0x1" }
      assert.isFalse(yield* api.registerName(registration))
      assert.strictEqual(yield* api.getOnrampUrl({ destinationWallets: [], partnerUserId: "0xabc" }), "")
      assert.deepStrictEqual(yield* api.getOnrampOptions, { paymentCurrencies: [], purchaseCurrencies: [] })
      assert.strictEqual(
        yield* api.getOnrampQuote({ purchaseCurrency: usdc, paymentCurrency: usd, amount: 5 }),
        undefined
      )
      assert.deepStrictEqual(yield* api.getSessions("eip155:1:0xabc"), [])
      assert.isFalse(yield* api.revokeSession({ address: "eip155:1:0xabc", pci: "p", signature: "0x1" }))
      assert.deepStrictEqual(paths(), ["/v1/supported-chains"])
    }).pipe(Effect.provide(live))
  )

  it.effect("off the supported networks balance, gas price and swap builds fail with their SPEC texts", () =>
    Effect.gen(function* () {
      active = CaipNetworkId.make("eip155:31337")
      const api = yield* BlockchainApi
      const noBalance = yield* Effect.flip(api.getBalance({ address: "0xabc", chainId: "eip155:31337" }))
      assert.instanceOf(noBalance, AccountDataError)
      assert.strictEqual(noBalance.shortMessage, "Token Balance Unavailable")
      const noGas = yield* Effect.flip(api.getGasPrice({ chainId: "eip155:31337" }))
      assert.instanceOf(noGas, ChainError)
      assert.strictEqual(noGas.shortMessage, "Network not supported for Gas Price")
      const noSwap = yield* Effect.flip(api.buildSwapTransaction({ amount: "1", from: "a", to: "b", userAddress: "u" }))
      assert.strictEqual(noSwap.shortMessage, "Network not supported for Swaps")
      const noApprove = yield* Effect.flip(api.buildApproveTransaction({ userAddress: "u", from: "a", to: "b" }))
      assert.strictEqual(noApprove.shortMessage, "Network not supported for Swaps")
      assert.deepStrictEqual(paths(), ["/v1/supported-chains"])
    }).pipe(Effect.provide(live))
  )

  it.effect("with no active network nothing is requested at all", () =>
    Effect.gen(function* () {
      active = undefined
      assert.deepStrictEqual(yield* withApi((api) => api.getIdentity({ address: "0xabc" })), {
        name: null,
        avatar: null
      })
      assert.deepStrictEqual(paths(), [])
    }).pipe(Effect.provide(live))
  )

  it.effect("asks for the supported chains once, and again after a failure", () =>
    Effect.gen(function* () {
      server.use(get("/v1/supported-chains", () => new HttpResponse(null, { status: 503 })))
      const api = yield* BlockchainApi
      assert.deepStrictEqual(yield* api.getSupportedChains, { http: [], ws: [] })
      server.resetHandlers()
      server.use(get("/v1/supported-chains", json({ http: ["eip155:1"], ws: [] })))
      assert.isTrue(yield* api.isNetworkSupported("eip155:1"))
      assert.isFalse(yield* api.isNetworkSupported("eip155:10"))
      assert.isFalse(yield* api.isNetworkSupported(undefined))
      assert.deepStrictEqual(paths(), ["/v1/supported-chains", "/v1/supported-chains"])
    }).pipe(Effect.provide(live))
  )
})

describe("BlockchainApi account data", () => {
  it.effect("identity sends the sender with projectId, st and sv and is cached for 5 minutes", () =>
    Effect.gen(function* () {
      server.use(get("/v1/identity/0xabc", json({ name: "ada.eth", avatar: null })))
      const api = yield* BlockchainApi
      const ask = api.getIdentity({ address: "0xabc", sender: "0xdef" })
      assert.deepStrictEqual(yield* ask, { name: "ada.eth", avatar: null })
      assert.deepStrictEqual(last("/v1/identity/0xabc")?.query, {
        projectId: "project-1",
        st: "airlock",
        sv: "airlock-4.0.0",
        sender: "0xdef"
      })
      yield* TestClock.adjust("4 minutes")
      yield* ask
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/identity/0xabc"),
        1
      )
      yield* TestClock.adjust("1 minute")
      yield* ask
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/identity/0xabc"),
        2
      )
    }).pipe(Effect.provide(live))
  )

  it.effect("history sends chainId and cursor, and is cached for 15 seconds", () =>
    Effect.gen(function* () {
      const tx = {
        id: "t1",
        metadata: { operationType: "send", minedAt: "2024-01-01T00:00:00Z", sentFrom: "a", sentTo: "b", status: "ok" },
        transfers: []
      }
      server.use(get("/v1/account/0xabc/history", json({ data: [tx], next: "c2" })))
      const api = yield* BlockchainApi
      const ask = api.getTransactions({ address: "0xabc", chainId: "eip155:1", cursor: "c1" })
      assert.deepStrictEqual(yield* ask, { data: [tx], next: "c2" })
      assert.strictEqual(last("/v1/account/0xabc/history")?.query.chainId, "eip155:1")
      assert.strictEqual(last("/v1/account/0xabc/history")?.query.cursor, "c1")
      yield* TestClock.adjust("14 seconds")
      yield* ask
      yield* TestClock.adjust("1 second")
      yield* ask
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/account/0xabc/history"),
        2
      )
    }).pipe(Effect.provide(live))
  )

  it.effect("a failed or malformed history is 'Failed to fetch transactions'", () =>
    Effect.gen(function* () {
      server.use(get("/v1/account/0xabc/history", () => new HttpResponse(null, { status: 500 })))
      const api = yield* BlockchainApi
      const failed = yield* Effect.flip(api.getTransactions({ address: "0xabc" }))
      assert.instanceOf(failed, AccountDataError)
      assert.strictEqual(failed.shortMessage, "Failed to fetch transactions")
      server.use(get("/v1/account/0xabc/history", json({ data: "nope" })))
      const malformed = yield* Effect.flip(api.getTransactions({ address: "0xabc" }))
      assert.strictEqual(malformed.reason, "TransactionsFailed")
      assert.instanceOf(malformed.cause, ApiError)
      assert.strictEqual((malformed.cause as ApiError).reason, "Decode")
    }).pipe(Effect.provide(live))
  )

  it.effect("balance asks in usd for the chain and is cached for 30 seconds", () =>
    Effect.gen(function* () {
      server.use(get("/v1/account/0xabc/balance", json({ balances: [balance] })))
      const api = yield* BlockchainApi
      const ask = api.getBalance({ address: "0xabc", chainId: "eip155:1" })
      assert.deepStrictEqual(yield* ask, { balances: [balance] })
      const query = last("/v1/account/0xabc/balance")?.query
      assert.strictEqual(query?.currency, "usd")
      assert.strictEqual(query?.chainId, "eip155:1")
      assert.strictEqual(query?.projectId, "project-1")
      yield* TestClock.adjust("29 seconds")
      yield* ask
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/account/0xabc/balance"),
        1
      )
      yield* TestClock.adjust("1 second")
      yield* ask
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/account/0xabc/balance"),
        2
      )
      yield* api.getBalance({ address: "0xabc", chainId: "eip155:1", forceUpdate: "eip155:1:0xa0b8" })
      assert.strictEqual(last("/v1/account/0xabc/balance")?.query.forceUpdate, "eip155:1:0xa0b8")
    }).pipe(Effect.provide(live))
  )

  it.effect("a failed balance is 'Token Balance Unavailable' and blocks retries for 30 seconds", () =>
    Effect.gen(function* () {
      server.use(get("/v1/account/0xabc/balance", () => new HttpResponse(null, { status: 502 })))
      const api = yield* BlockchainApi
      const ask = api.getBalance({ address: "0xabc", chainId: "eip155:1" })
      const failed = yield* Effect.flip(ask)
      assert.strictEqual(failed.shortMessage, "Token Balance Unavailable")
      server.use(get("/v1/account/0xabc/balance", json({ balances: [balance] })))
      yield* TestClock.adjust("29 seconds")
      // Still unavailable (not an empty portfolio), and not asked again.
      assert.strictEqual((yield* Effect.flip(ask)).shortMessage, "Token Balance Unavailable")
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/account/0xabc/balance"),
        1
      )
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(yield* ask, { balances: [balance] })
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/account/0xabc/balance"),
        2
      )
    }).pipe(Effect.provide(live))
  )

  it.effect("token prices are posted in usd with the project id and cached for 15 seconds", () =>
    Effect.gen(function* () {
      server.use(post("/v1/fungible/price", json({ fungibles: [{ name: "Ether", symbol: "ETH", price: 3000 }] })))
      const api = yield* BlockchainApi
      const prices = yield* api.getTokenPrice({ addresses: ["eip155:1:0xb", "eip155:1:0xa"] })
      assert.strictEqual(prices.fungibles[0]?.price, 3000)
      assert.deepStrictEqual(last("/v1/fungible/price")?.body, {
        currency: "usd",
        addresses: ["eip155:1:0xa", "eip155:1:0xb"],
        projectId: "project-1"
      })
      yield* TestClock.adjust("10 seconds")
      yield* api.getTokenPrice({ addresses: ["eip155:1:0xa", "eip155:1:0xb"] })
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/fungible/price"),
        1
      )
      yield* TestClock.adjust("5 seconds")
      yield* api.getTokenPrice({ addresses: ["eip155:1:0xa", "eip155:1:0xb"] })
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/fungible/price"),
        2
      )
    }).pipe(Effect.provide(live))
  )
})

describe("BlockchainApi swaps", () => {
  it.effect("sends quotes, tokens, allowance and gas price queries and decodes the answers", () =>
    Effect.gen(function* () {
      const quote = { id: null, fromAmount: "1", fromAccount: "a", toAmount: "2", toAccount: "a" }
      const token = { name: "USD Coin", symbol: "USDC", address: "eip155:1:0xa", decimals: 6, logoUri: "https://u" }
      server.use(
        get("/v1/convert/quotes", json({ quotes: [quote] })),
        get("/v1/convert/tokens", json({ tokens: [token] })),
        get("/v1/convert/allowance", json({ allowance: "42" })),
        get("/v1/convert/gas-price", json({ standard: "1", fast: "2", instant: "3" }))
      )
      const api = yield* BlockchainApi
      const swap = { amount: "1", userAddress: "eip155:1:0xu", from: "eip155:1:0xa", to: "eip155:1:0xb", gasPrice: "9" }
      assert.deepStrictEqual(yield* api.getSwapQuote(swap), { quotes: [quote] })
      assert.deepStrictEqual(last("/v1/convert/quotes")?.query, {
        projectId: "project-1",
        st: "airlock",
        sv: "airlock-4.0.0",
        ...swap
      })
      assert.deepStrictEqual(yield* api.getSwapTokens({ chainId: "eip155:1" }), { tokens: [token] })
      assert.strictEqual(last("/v1/convert/tokens")?.query.chainId, "eip155:1")
      const allowance = yield* api.getSwapAllowance({ tokenAddress: "eip155:1:0xa", userAddress: "eip155:1:0xu" })
      assert.strictEqual(allowance.allowance, "42")
      assert.strictEqual(last("/v1/convert/allowance")?.query.tokenAddress, "eip155:1:0xa")
      assert.deepStrictEqual(yield* api.getGasPrice({ chainId: "eip155:1" }), {
        standard: "1",
        fast: "2",
        instant: "3"
      })
      assert.strictEqual(last("/v1/convert/gas-price")?.query.chainId, "eip155:1")
    }).pipe(Effect.provide(live))
  )

  it.effect("builds swaps with slippage 1 and the project id, and approvals from the query", () =>
    Effect.gen(function* () {
      const tx = { from: "a", to: "b", data: "0x", eip155: { gas: "21000", gasPrice: "1" } }
      server.use(
        post("/v1/convert/build-transaction", json({ tx: { ...tx, amount: "1" } })),
        get("/v1/convert/build-approve", json({ tx: { ...tx, value: "0", eip155: { gas: 50000, gasPrice: "1" } } }))
      )
      const api = yield* BlockchainApi
      const built = yield* api.buildSwapTransaction({
        amount: "1",
        from: "eip155:1:0xa",
        to: "eip155:1:0xb",
        userAddress: "eip155:1:0xu",
        disableEstimate: true
      })
      assert.strictEqual(built.tx.amount, "1")
      assert.deepStrictEqual(last("/v1/convert/build-transaction")?.body, {
        amount: "1",
        eip155: { slippage: "1" },
        projectId: "project-1",
        from: "eip155:1:0xa",
        to: "eip155:1:0xb",
        userAddress: "eip155:1:0xu",
        disableEstimate: true
      })
      const approve = yield* api.buildApproveTransaction({ userAddress: "u", from: "a", to: "b" })
      assert.strictEqual(approve.tx.eip155.gas, 50000)
      assert.strictEqual(last("/v1/convert/build-approve")?.query.userAddress, "u")
    }).pipe(Effect.provide(live))
  )
})

describe("BlockchainApi names", () => {
  const record = { name: "ada.airlock.id", addresses: { "60": { address: "0xabc" } }, attributes: [] }

  it.effect("looks names up with apiVersion 2, caches them 5 minutes, and an unknown name is undefined", () =>
    Effect.gen(function* () {
      server.use(
        get("/v1/profile/account/ada.airlock.id", json(record)),
        get("/v1/profile/account/nobody.airlock.id", () => new HttpResponse(null, { status: 404 }))
      )
      const api = yield* BlockchainApi
      assert.deepStrictEqual(yield* api.lookupName("ada.airlock.id"), record)
      assert.strictEqual(last("/v1/profile/account/ada.airlock.id")?.query.apiVersion, "2")
      yield* TestClock.adjust("299 seconds")
      yield* api.lookupName("ada.airlock.id")
      assert.lengthOf(
        seen.filter((s) => s.path === "/v1/profile/account/ada.airlock.id"),
        1
      )
      assert.strictEqual(yield* api.lookupName("nobody.airlock.id"), undefined)
    }).pipe(Effect.provide(live))
  )

  it.effect("name failures carry their SPEC texts", () =>
    Effect.gen(function* () {
      const down = () => new HttpResponse(null, { status: 500 })
      server.use(
        get("/v1/profile/account/ada.airlock.id", down),
        get("/v1/profile/reverse/0xabc", down),
        get("/v1/profile/suggestions/ada", down),
        post("/v1/profile/account", () =>
          HttpResponse.json(
            { status: "FAILED", reasons: [{ name: "TAKEN", description: "Name is already taken" }] },
            { status: 400 }
          )
        )
      )
      const api = yield* BlockchainApi
      const resolve = yield* Effect.flip(api.lookupName("ada.airlock.id"))
      assert.instanceOf(resolve, NameError)
      assert.strictEqual(resolve.shortMessage, "Error resolving name")
      const reverse = yield* Effect.flip(api.reverseLookupName({ address: "0xabc" }))
      assert.strictEqual(reverse.shortMessage, "Error fetching names for address")
      const suggestions = yield* Effect.flip(api.getNameSuggestions({ name: "ada" }))
      assert.strictEqual(suggestions.shortMessage, "Error fetching name suggestions")
      const register = yield* Effect.flip(
        api.registerName({ name: "ada.airlock.id", coinType: 60, address: "0xabc", message: "m", signature: "0x1" })
      )
      // SPEC §8: the API's first reason is preferred over the generic text.
      assert.strictEqual(register.shortMessage, "Name is already taken")
      assert.strictEqual(register.details, "Error registering name ada.airlock.id")
      server.use(post("/v1/profile/account", () => new HttpResponse(null, { status: 500 })))
      const unexplained = yield* Effect.flip(
        api.registerName({ name: "bob.airlock.id", coinType: 60, address: "0xabc", message: "m", signature: "0x1" })
      )
      assert.strictEqual(unexplained.shortMessage, "Error registering name bob.airlock.id")
    }).pipe(Effect.provide(live))
  )

  it.effect("sends reverse lookups, suggestions in the zone, and registrations as the API expects", () =>
    Effect.gen(function* () {
      server.use(
        get("/v1/profile/reverse/0xabc", json([record])),
        get("/v1/profile/suggestions/ada", json({ suggestions: [{ name: "ada.airlock.id", registered: true }] })),
        post("/v1/profile/account", json({ success: true }))
      )
      const api = yield* BlockchainApi
      assert.deepStrictEqual(yield* api.reverseLookupName({ address: "0xabc", sender: "0xdef" }), [record])
      assert.strictEqual(last("/v1/profile/reverse/0xabc")?.query.sender, "0xdef")
      assert.strictEqual(last("/v1/profile/reverse/0xabc")?.query.apiVersion, "2")
      const suggested = yield* api.getNameSuggestions({ name: "ada" })
      assert.strictEqual(suggested[0]?.registered, true)
      assert.strictEqual(last("/v1/profile/suggestions/ada")?.query.zone, "airlock.id")
      const ok = yield* api.registerName({
        name: "ada.airlock.id",
        coinType: 60,
        address: "0xabc",
        message: "m",
        signature: "0x1"
      })
      assert.isTrue(ok)
      assert.deepStrictEqual(last("/v1/profile/account")?.body, {
        coin_type: 60,
        address: "0xabc",
        message: "m",
        signature: "0x1"
      })
    }).pipe(Effect.provide(live))
  )
})

describe("BlockchainApi names and identity", () => {
  it.effect("a registered name is not hidden by the identity cached before it (5 minutes)", () =>
    Effect.gen(function* () {
      let name: string | null = null
      server.use(
        get("/v1/identity/0xabc", () => json({ name, avatar: null })()),
        post("/v1/profile/account", () => {
          name = "ada.airlock.id"
          return json({ success: true })()
        })
      )
      const api = yield* BlockchainApi
      assert.strictEqual((yield* api.getIdentity({ address: "0xabc" })).name, null)
      assert.isTrue(
        yield* api.registerName({
          name: "ada.airlock.id",
          coinType: 60,
          address: "0xabc",
          message: "m",
          signature: "0x1"
        })
      )
      assert.strictEqual((yield* api.getIdentity({ address: "0xabc" })).name, "ada.airlock.id")
    }).pipe(Effect.provide(live))
  )
})

describe("BlockchainApi onramp and sessions", () => {
  it.effect("asks for a buy URL with the preset amounts", () =>
    Effect.gen(function* () {
      server.use(post("/v1/generators/onrampurl", json({ url: "https://pay.test/buy" })))
      const url = yield* withApi((api) =>
        api.getOnrampUrl({
          destinationWallets: [{ address: "0xabc", blockchains: ["base"] }],
          partnerUserId: "0xabc",
          defaultNetwork: "base",
          purchaseAmount: 1,
          paymentAmount: 100
        })
      )
      assert.strictEqual(url, "https://pay.test/buy")
      assert.strictEqual(last("/v1/generators/onrampurl")?.query.projectId, "project-1")
      assert.deepStrictEqual(last("/v1/generators/onrampurl")?.body, {
        destinationWallets: [{ address: "0xabc", blockchains: ["base"] }],
        partnerUserId: "0xabc",
        defaultExperience: "buy",
        defaultNetwork: "base",
        presetCryptoAmount: 1,
        presetFiatAmount: 100
      })
    }).pipe(Effect.provide(live))
  )

  it.effect("failing onramp options give the built-in USD, EUR, USDC and ETH", () =>
    Effect.gen(function* () {
      server.use(get("/v1/onramp/options", () => new HttpResponse(null, { status: 500 })))
      const options = yield* withApi((api) => api.getOnrampOptions)
      assert.deepStrictEqual(
        options.paymentCurrencies.map((c) => c.id),
        ["USD", "EUR"]
      )
      assert.deepStrictEqual(
        options.purchaseCurrencies.map((c) => c.symbol),
        ["USDC", "ETH"]
      )
      const card = options.paymentCurrencies[0]?.payment_method_limits.find((l) => l.id === "card")
      assert.deepStrictEqual([card?.min, card?.max], ["10.00", "7500.00"])
    }).pipe(Effect.provide(live))
  )

  it.effect("a failing onramp quote gives a placeholder equal to the input amount", () =>
    Effect.gen(function* () {
      server.use(post("/v1/onramp/quote", () => new HttpResponse(null, { status: 500 })))
      const quote = yield* withApi((api) =>
        api.getOnrampQuote({ purchaseCurrency: usdc, paymentCurrency: usd, amount: 50, network: "base" })
      )
      assert.deepStrictEqual(quote?.paymentTotal, { amount: 50, currency: "USD" })
      assert.deepStrictEqual(quote?.purchaseAmount, { amount: 50, currency: "USD" })
      assert.deepStrictEqual(last("/v1/onramp/quote")?.body, {
        purchaseCurrency: usdc,
        paymentCurrency: usd,
        amount: 50,
        network: "base"
      })
    }).pipe(Effect.provide(live))
  )

  it.effect("lists smart sessions and revokes one with its signature", () =>
    Effect.gen(function* () {
      const session = { pci: "p1", expiry: 2, createdAt: 1, permissions: [], policies: [], context: "0x" }
      server.use(
        get("/v1/sessions/eip155:1:0xabc", json({ pcis: [session] })),
        post("/v1/sessions/eip155:1:0xabc/revoke", json({ success: true }))
      )
      const api = yield* BlockchainApi
      assert.deepStrictEqual(yield* api.getSessions("eip155:1:0xabc"), [session])
      assert.isTrue(yield* api.revokeSession({ address: "eip155:1:0xabc", pci: "p1", signature: "0xs" }))
      assert.deepStrictEqual(last("/v1/sessions/eip155:1:0xabc/revoke")?.body, { pci: "p1", signature: "0xs" })
    }).pipe(Effect.provide(live))
  )

  it.effect("a malformed sessions answer, or a failing one, is an ApiError (never a list of half-read sessions)", () =>
    Effect.gen(function* () {
      const api = yield* BlockchainApi
      server.use(get("/v1/sessions/eip155:1:0xabc", json({ pcis: [{ pci: 1, expiry: "soon" }] })))
      const malformed = yield* Effect.flip(api.getSessions("eip155:1:0xabc"))
      assert.strictEqual(malformed._tag === "ApiError" ? malformed.reason : malformed._tag, "Decode")
      server.use(get("/v1/sessions/eip155:1:0xabc", json({ sessions: [] })))
      const renamed = yield* Effect.flip(api.getSessions("eip155:1:0xabc"))
      assert.strictEqual(renamed._tag === "ApiError" ? renamed.reason : renamed._tag, "Decode")
      server.use(get("/v1/sessions/eip155:1:0xabc", () => new HttpResponse(null, { status: 500 })))
      const failed = yield* Effect.flip(api.getSessions("eip155:1:0xabc"))
      assert.strictEqual(failed._tag, "ApiError")
    }).pipe(Effect.provide(live))
  )
})

describe("BlockchainApi.layerMemory", () => {
  const memory = (network: string | undefined) =>
    BlockchainApi.layerMemory({
      supportedChains: ["eip155:1"],
      balances: { "0xabc": [balance, { ...balance, chainId: "eip155:8453" }] },
      identities: { "0xabc": { name: "ada.airlock.id", avatar: null } }
    }).pipe(Layer.provide(ActiveNetwork.layerFixed(network === undefined ? undefined : CaipNetworkId.make(network))))

  it.effect("serves the seed on a supported network", () =>
    Effect.gen(function* () {
      const api = yield* BlockchainApi
      assert.deepStrictEqual(yield* api.getBalance({ address: "0xabc", chainId: "eip155:1" }), { balances: [balance] })
      assert.strictEqual((yield* api.getIdentity({ address: "0xabc" })).name, "ada.airlock.id")
      assert.isTrue(yield* api.registerName({ name: "bob", coinType: 60, address: "0xb", message: "", signature: "" }))
      assert.strictEqual((yield* api.lookupName("bob"))?.addresses["60"]?.address, "0xb")
    }).pipe(Effect.provide(memory("eip155:1")))
  )

  it.effect("guards on the active network like the real service", () =>
    Effect.gen(function* () {
      const api = yield* BlockchainApi
      assert.deepStrictEqual(yield* api.getIdentity({ address: "0xabc" }), { name: null, avatar: null })
      const error = yield* Effect.flip(api.getBalance({ address: "0xabc", chainId: "eip155:8453" }))
      assert.strictEqual(error.shortMessage, "Token Balance Unavailable")
    }).pipe(Effect.provide(memory("eip155:8453")))
  )
})
