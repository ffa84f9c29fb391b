import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type EndpointName, endpoints, fillPath } from "../../../core/schema/api/index.ts"
import { ammContracts, type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { type Answer, call, demo, post, removeDir, startTestApi } from "./fixture.ts"

let chains: Chains
let api: Awaited<ReturnType<typeof startTestApi>>
const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const eth = "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }, { chainId: 31337, seed: false }] })
  api = await startTestApi({ chains })
}, 30_000)

afterAll(async () => {
  await api?.stop()
  await chains?.stop()
  if (api) removeDir(api.dir)
})

/** One request per JSON endpoint the sandbox serves. */
const samples: Partial<Record<EndpointName, () => Promise<Answer>>> = {
  projectConfig: () => call(api, `/appkit/v1/config?${demo}`),
  allowedOrigins: () => call(api, `/projects/v1/origins?${demo}`),
  getWallets: () => call(api, `/getWallets?${demo}&page=1&entries=40&chains=eip155:1&exclude=&search=`),
  analyticsConfig: () => call(api, `/getAnalyticsConfig?${demo}`),
  supportedChains: () => call(api, `/v1/supported-chains?${demo}`),
  identity: () => call(api, `${fillPath(endpoints.identity.path, { address: alice })}?${demo}&sender=${alice}`),
  history: () => call(api, `/v1/account/${alice}/history?${demo}&chainId=eip155:1`),
  nfts: () => call(api, `/v1/account/${alice}/nfts?${demo}&chainId=eip155:1`),
  balance: () => call(api, `/v1/account/${alice}/balance?${demo}&currency=usd&chainId=eip155:1`),
  fungiblePrice: () =>
    post(api, `/v1/fungible/price?${demo}`, {
      currency: "usd",
      projectId: "airlock-demo",
      addresses: [`eip155:1:${chains.contracts[1]!.usdc}`, "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"]
    }),
  gasPrice: () => call(api, `/v1/convert/gas-price?${demo}&chainId=eip155:1`),
  swapTokens: () => call(api, `/v1/convert/tokens?${demo}&chainId=eip155:1`),
  swapQuotes: () =>
    call(
      api,
      `/v1/convert/quotes?${demo}&amount=1000000000000000&userAddress=eip155:1:${alice}&from=${eth}&to=eip155:1:${chains.contracts[1]!.usdc}&gasPrice=1`
    ),
  swapAllowance: () =>
    call(api, `/v1/convert/allowance?${demo}&tokenAddress=eip155:1:${chains.contracts[1]!.usdc}&userAddress=${alice}`),
  buildApprove: () =>
    call(
      api,
      `/v1/convert/build-approve?${demo}&userAddress=eip155:1:${alice}&from=eip155:1:${chains.contracts[1]!.usdc}&to=eip155:1:${ammContracts.dai}`
    ),
  buildTransaction: () =>
    post(api, `/v1/convert/build-transaction?${demo}`, {
      amount: "1000000000000000",
      eip155: { slippage: "1" },
      projectId: "airlock-demo",
      from: eth,
      to: `eip155:1:${chains.contracts[1]!.usdc}`,
      userAddress: `eip155:1:${alice}`
    }),
  sessions: async () => {
    await post(api, "/sandbox/sessions", { projectId: "airlock-demo", address: alice, pci: "contract-pci" })
    return call(api, `/v1/sessions/eip155:1:${alice}?${demo}`)
  },
  nameLookup: () => call(api, `${fillPath(endpoints.nameLookup.path, { name: "alice.airlock" })}?${demo}&apiVersion=2`),
  revokeSession: () => post(api, `/v1/sessions/${alice}/revoke?${demo}`, { pci: "missing", signature: "0x00" }),
  onrampOptions: () => call(api, `/v1/onramp/options?${demo}`),
  onrampQuote: () =>
    post(api, `/v1/onramp/quote?${demo}`, {
      purchaseCurrency: { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [] },
      paymentCurrency: { id: "USD", payment_method_limits: [] },
      amount: 50,
      network: "ethereum"
    })
}

// Endpoint groups other files will add (names, onramp): listed so a new one shows up here.
const notServedYet: ReadonlyArray<EndpointName> = [
  "reverseLookup",
  "nameSuggestions",
  "registerName",
  // the URL generator and the order status need the sandbox ramp: test/sandbox/ramp/ramp.test.ts
  "onrampUrl",
  "onrampOrder"
]
const images: ReadonlyArray<EndpointName> = ["walletImage", "assetImage", "currencyImage", "tokenImage"]

/** Fields the sandbox adds to an answer, documented in docs/api-extensions.md; every other field is core's. */
const withoutExtensions = (name: EndpointName, body: unknown): unknown => {
  if (name === "swapQuotes") {
    const { quotes } = body as { quotes: Array<Record<string, unknown>> }
    for (const quote of quotes) expect(quote.priceImpact).toMatch(/^\d+\.\d\d$/)
    return { quotes: quotes.map(({ priceImpact: _, ...quote }) => quote) }
  }
  if (name === "buildTransaction") {
    const { tx } = body as { tx: Record<string, unknown> }
    expect(tx.value).toMatch(/^\d+$/)
    const { value: _, ...rest } = tx
    return { tx: rest }
  }
  return body
}

describe("sandbox API contract", () => {
  it("covers every endpoint of core's table, or names it as not served yet", () => {
    const covered = [...Object.keys(samples), ...notServedYet, ...images].sort()
    expect(covered).toEqual(Object.keys(endpoints).sort())
  })

  for (const [name, sample] of Object.entries(samples) as Array<[EndpointName, () => Promise<Answer>]>) {
    if (name === "revokeSession") continue
    it(`answers ${endpoints[name].method} ${endpoints[name].path} with a body core's response schema decodes`, async () => {
      const answer = await sample()
      expect(answer.status, answer.text).toBe(200)
      const schema = (endpoints[name] as { readonly response: Schema.Top }).response as Schema.Codec<unknown, unknown>
      const body = withoutExtensions(name, answer.body)
      expect(() => Schema.decodeUnknownSync(schema)(body, { onExcessProperty: "error" })).not.toThrow()
    })
  }

  it("answers a revoke of an unknown session with 404 and a message", async () => {
    const answer = await samples.revokeSession!()
    expect(answer).toMatchObject({ status: 404, body: { message: expect.stringContaining("not found") } })
  })

  it("serves every image endpoint as an SVG", async () => {
    const wallets = (await call(api, `/getWallets?${demo}&page=1&entries=1`)).body as {
      data: Array<{ image_id: string }>
    }
    const ids: Record<string, string> = {
      walletImage: wallets.data[0]!.image_id,
      assetImage: "eip155-1",
      currencyImage: "USD",
      tokenImage: "USDC"
    }
    for (const name of images) {
      const answer = await call(api, `${fillPath(endpoints[name].path, { id: ids[name]! })}?${demo}`)
      expect(answer.status).toBe(200)
      expect(answer.type).toBe("image/svg+xml")
      expect(answer.text).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    }
  })

  it("lists only the chains the blockchain API serves", async () => {
    const answer = await call(api, `/v1/supported-chains?${demo}`)
    expect(answer.body).toEqual({ http: ["eip155:1"], ws: [] })
  })

  it("answers an account on a chain it does not serve with empty results", async () => {
    const history = await call(api, `/v1/account/${alice}/history?${demo}&chainId=eip155:31337`)
    const balance = await call(api, `/v1/account/${alice}/balance?${demo}&currency=usd&chainId=eip155:31337`)
    expect([history.body, balance.body]).toEqual([{ data: [], next: null }, { balances: [] }])
  })

  it("names anvil's accounts 0 and 1 with an avatar the API serves, and no one else", async () => {
    const identity = async (address: string) => {
      const answer = await call(api, `${fillPath(endpoints.identity.path, { address })}?${demo}`)
      expect(answer.status, answer.text).toBe(200)
      return Schema.decodeUnknownSync(endpoints.identity.response)(answer.body, { onExcessProperty: "error" })
    }
    const sandbox = await identity(alice)
    expect(sandbox.name).toBe("sandbox.airlock")
    expect((await identity(`eip155:1:${alice.toLowerCase()}`)).name).toBe("sandbox.airlock")
    const second = await identity("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    expect(second.name).toBe("alice.airlock")
    expect(await identity("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")).toEqual({ name: null, avatar: null })
    for (const avatar of [sandbox.avatar, second.avatar]) {
      expect(avatar).toMatch(new RegExp(`^${api.url}/`))
      const image = await fetch(avatar!)
      expect(image.status).toBe(200)
      expect(image.headers.get("content-type")).toBe("image/svg+xml")
      expect(await image.text()).toMatch(/^<svg /)
    }
    expect(sandbox.avatar).not.toBe(second.avatar)
  })

  it("resolves the seeded names forward to their accounts, and no other name", async () => {
    const lookup = (name: string) => call(api, `${fillPath(endpoints.nameLookup.path, { name })}?${demo}&apiVersion=2`)
    const record = Schema.decodeUnknownSync(endpoints.nameLookup.response)((await lookup("Alice.Airlock")).body)
    expect(record).toMatchObject({
      name: "alice.airlock",
      addresses: { "60": { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" } }
    })
    expect((await lookup("sandbox.airlock")).body).toMatchObject({ addresses: { "60": { address: alice } } })
    expect((await lookup("nobody.airlock")).status).toBe(404)
  })

  it("answers CORS preflights naming an origin the project allows, and only such an origin", async () => {
    const preflight = (origin: string) =>
      fetch(`${api.url}/getWallets?projectId=airlock-demo`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "GET" }
      })
    const response = await preflight("http://localhost:5173")
    expect(response.status).toBe(204)
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    expect(response.headers.get("vary")).toBe("origin")
    expect((await preflight("https://evil.example")).headers.get("access-control-allow-origin")).toBeNull()
  })
})

describe("sandbox API errors", () => {
  it("answers an unknown path with 404 JSON", async () => {
    expect(await call(api, "/v2/nothing/here")).toMatchObject({
      status: 404,
      type: "application/json; charset=utf-8",
      body: { message: "Not found: GET /v2/nothing/here" }
    })
  })

  it("answers a wrong method with 405", async () => {
    expect((await call(api, `/getWallets?${demo}`, { method: "POST" })).status).toBe(405)
  })

  it("answers a missing project id with 400 and an unknown one with 'Unauthorized: invalid key'", async () => {
    expect(await call(api, "/appkit/v1/config")).toMatchObject({
      status: 400,
      body: { message: "Missing query parameter 'projectId'" }
    })
    expect(await call(api, "/appkit/v1/config?projectId=who-knows")).toMatchObject({
      status: 403,
      body: { message: "Unauthorized: invalid key" }
    })
  })

  const modes: ReadonlyArray<readonly [string, number, string]> = [
    ["sandbox-origin-not-allowed", 403, "Unauthorized: origin not allowed"],
    ["sandbox-invalid-key", 403, "Unauthorized: invalid key"],
    ["sandbox-jwt-not-yet-valid", 403, "JWT validation error: JWT Token is not yet valid"],
    ["sandbox-rate-limited", 429, "Too many requests"],
    ["sandbox-server-error", 500, "Internal server error"]
  ]
  for (const [projectId, status, message] of modes) {
    it(`makes project ${projectId} answer ${status} '${message}' on every call`, async () => {
      for (const path of ["/appkit/v1/config", "/projects/v1/origins", "/getAnalyticsConfig", "/v1/supported-chains"]) {
        expect(await call(api, `${path}?projectId=${projectId}`)).toMatchObject({ status, body: { message } })
      }
    })
  }

  it("refuses a browser origin the project does not allow, and accepts a loopback one", async () => {
    const from = (origin: string) => call(api, `/getAnalyticsConfig?${demo}`, { headers: { origin } })
    expect(await from("https://evil.example")).toMatchObject({
      status: 403,
      body: { message: "Unauthorized: origin not allowed" }
    })
    expect((await from("http://localhost:5173")).status).toBe(200)
    expect((await from("http://127.0.0.1:4000")).status).toBe(200)
  })

  it("gives a project with no allowed origins an empty origin list, and refuses every browser call to it", async () => {
    expect((await call(api, "/projects/v1/origins?projectId=sandbox-no-origins")).body).toEqual({ allowedOrigins: [] })
    const fromPage = await call(api, "/projects/v1/origins?projectId=sandbox-no-origins", {
      headers: { origin: "http://localhost:5173" }
    })
    expect(fromPage).toMatchObject({ status: 403, body: { message: "Unauthorized: origin not allowed" } })
  })

  it("takes a POST body only as application/json: text/plain or a form is a 415 and changes nothing", async () => {
    const before = (await call(api, "/appkit/v1/config?projectId=sandbox-features-off")).body
    const change = JSON.stringify({ id: "sandbox-features-off", mode: "server-error" })
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const answer = await call(api, "/sandbox/projects", {
        method: "POST",
        headers: { "content-type": type },
        body: change
      })
      expect(answer, type).toMatchObject({
        status: 415,
        body: { message: "Unsupported content type: send the body as application/json" }
      })
    }
    // fetch sends a string body as text/plain when no type is given: a simple request no preflight guards
    expect((await call(api, "/sandbox/projects", { method: "POST", body: change })).status).toBe(415)
    // The analytics sink alone reads a text/plain body (what sendBeacon sends); "{}" is no event there, so 400.
    expect((await call(api, `/e?${demo}`, { method: "POST", body: "{}" })).status).toBe(400)
    expect((await call(api, "/appkit/v1/config?projectId=sandbox-features-off")).body).toEqual(before)
    const charset = await call(api, "/sandbox/projects", {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ id: "p-charset" })
    })
    expect(charset.status).toBe(200)
  })

  it("refuses the control routes to a page on another origin with 403, and serves loopback pages and Node", async () => {
    const control = [
      ["GET", "/sandbox/projects", undefined],
      ["POST", "/sandbox/projects", { id: "p-control" }],
      ["POST", "/sandbox/sessions", { projectId: "airlock-demo", address: alice }],
      ["GET", "/sandbox/events?projectId=airlock-demo", undefined]
    ] as const
    const send = (method: string, path: string, body: unknown, origin?: string) =>
      call(api, path, {
        method,
        headers: { ...(origin === undefined ? {} : { origin }), "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
    for (const [method, path, body] of control) {
      for (const origin of ["https://evil.example", "null", "http://localhost.evil.example"]) {
        const answer = await send(method, path, body, origin)
        expect(answer.status, `${method} ${path} from ${origin}`).toBe(403)
        expect((answer.body as { message: string }).message).toMatch(/^Forbidden: sandbox control routes/)
      }
      for (const origin of [undefined, "http://localhost:5173", "http://127.0.0.1:9", "http://[::1]:3000"]) {
        const answer = await send(method, path, body, origin)
        expect(answer.status, `${method} ${path} from ${origin}`).toBeLessThan(300)
      }
    }
    const projects = (await call(api, "/sandbox/projects")).body as { projects: Array<{ id: string }> }
    expect(projects.projects.map((p) => p.id)).toContain("p-control")
  })

  it("answers bad query values with 400 and a clear message", async () => {
    const bad = [
      [`/getWallets?${demo}&page=abc&entries=40`, /page/],
      [`/getWallets?${demo}&page=1`, /entries/],
      [`/getWallets?${demo}&page=0&entries=40`, /page/],
      [`/getWallets?${demo}&page=1&entries=99999999999999999999`, /entries/],
      [`/v1/account/not-an-address/balance?${demo}&currency=usd`, /Invalid address/],
      [`/v1/account/${alice}/balance?${demo}&currency=doubloons`, /Unsupported currency/],
      [`/v1/account/${alice}/history?${demo}&cursor=nope`, /Invalid cursor/],
      [`/v1/account/${alice}/history?${demo}&chainId=%20%3B`, /Invalid chainId/],
      [`/public/getTokenImage/${"x".repeat(300)}?${demo}`, /Invalid image id/],
      [`/getWalletImage/%E0%A4%A?${demo}`, /percent-encoding/]
    ] as const
    for (const [path, message] of bad) {
      const answer = await call(api, path)
      expect(answer.status, path).toBe(400)
      expect((answer.body as { message: string }).message, path).toMatch(message)
    }
  })

  it("answers a bad body with 400: invalid JSON, missing body, wrong shape", async () => {
    const send = (body: string) =>
      call(api, `/v1/fungible/price?${demo}`, { method: "POST", headers: { "content-type": "application/json" }, body })
    expect(await send("{not json")).toMatchObject({ status: 400, body: { message: "Invalid JSON body" } })
    expect(await send("")).toMatchObject({ status: 400, body: { message: "Missing JSON body" } })
    const wrong = await send(JSON.stringify({ currency: 1 }))
    expect(wrong.status).toBe(400)
    expect((wrong.body as { message: string }).message).toMatch(/^Invalid body: /)
  })

  it("answers an oversized body with 413 and keeps serving", async () => {
    const answer = await call(api, `/e?${demo}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(1_100_000)
    })
    expect(answer.status).toBe(413)
    expect((await call(api, `/v1/supported-chains?${demo}`)).status).toBe(200)
  })

  it("answers an unknown wallet image id with 404", async () => {
    expect((await call(api, `/getWalletImage/${"0".repeat(64)}?${demo}`)).status).toBe(404)
  })
})

describe("sandbox RPC proxy", () => {
  const rpc = (body: unknown) => post(api, `/v1?chainId=eip155:1&${demo}`, body)
  const stranger = "0x000000000000000000000000000000000000dEaD"
  const rpcCall = (id: number, method: string, params: ReadonlyArray<unknown> = []) => ({
    jsonrpc: "2.0",
    id,
    method,
    params
  })

  it("forwards a dapp's reads to the chain", async () => {
    expect(await rpc(rpcCall(1, "eth_chainId"))).toMatchObject({ status: 200, body: { id: 1, result: "0x1" } })
  })

  it("refuses anvil_*, evm_*, hardhat_*, debug_*, txpool_* and unlocked-account signing with a JSON-RPC error, leaving the chain as it was", async () => {
    const blockBefore = (await rpc(rpcCall(1, "eth_blockNumber"))).body
    const refused = [
      rpcCall(2, "anvil_setBalance", [stranger, "0xde0b6b3a7640000"]),
      rpcCall(3, "evm_mine"),
      rpcCall(4, "hardhat_setBalance", [stranger, "0xde0b6b3a7640000"]),
      rpcCall(5, "debug_traceTransaction", ["0x00"]),
      rpcCall(6, "txpool_content"),
      // anvil would sign these with an unlocked dev account: through the proxy any page could spend from it
      rpcCall(9, "eth_sendTransaction", [{ from: stranger, to: stranger, value: "0x1" }]),
      rpcCall(10, "eth_sign", [stranger, "0x00"])
    ]
    for (const request of refused) {
      const answer = await rpc(request)
      expect(answer.status).toBe(200)
      expect(answer.body, request.method).toEqual({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: -32601, message: expect.stringContaining(`Method ${request.method} is not available`) }
      })
    }
    expect((await rpc(rpcCall(7, "eth_getBalance", [stranger, "latest"]))).body).toMatchObject({ result: "0x0" })
    expect((await rpc(rpcCall(8, "eth_blockNumber"))).body).toMatchObject({
      result: (blockBefore as { result: string }).result
    })
  })

  it("refuses every method anvil would sign with a dev account, and dev account 0 keeps its ether", async () => {
    const dev = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
    const balance = async () =>
      ((await rpc(rpcCall(0, "eth_getBalance", [dev, "latest"]))).body as { result: string }).result
    const nonce = async () =>
      ((await rpc(rpcCall(0, "eth_getTransactionCount", [dev, "latest"]))).body as { result: string }).result
    const [balanceBefore, nonceBefore] = [await balance(), await nonce()]
    const transfer = { from: dev, to: stranger, value: "0xde0b6b3a7640000", gas: "0x5208" }
    const typed = JSON.stringify({
      types: { EIP712Domain: [{ name: "name", type: "string" }], M: [{ name: "a", type: "string" }] },
      primaryType: "M",
      domain: { name: "x" },
      message: { a: "b" }
    })
    const signing = [
      rpcCall(1, "eth_signTransaction", [transfer]),
      rpcCall(2, "personal_sign", ["0x68656c6c6f", dev]),
      rpcCall(3, "eth_signTypedData", [dev, typed]),
      rpcCall(4, "eth_signTypedData_v3", [dev, typed]),
      rpcCall(5, "eth_signTypedData_v4", [dev, typed]),
      rpcCall(6, "eth_sendTransaction", [transfer]),
      rpcCall(7, "eth_sign", [dev, "0x00"]),
      rpcCall(8, "eth_accounts"),
      rpcCall(9, "wallet_sendCalls", [{ calls: [transfer] }]),
      rpcCall(10, "anvil_impersonateAccount", [dev]),
      rpcCall(11, "ETH_SENDTRANSACTION", [transfer])
    ]
    for (const request of signing) {
      const answer = await rpc(request)
      expect(answer.body, request.method).toMatchObject({ id: request.id, error: { code: -32601 } })
      expect(JSON.stringify(answer.body), request.method).not.toContain('"result"')
    }
    // Hidden in a batch, behind a read.
    const batch = (await rpc([rpcCall(12, "eth_chainId"), rpcCall(13, "eth_signTransaction", [transfer])]))
      .body as Array<{
      id: number
      error?: unknown
    }>
    expect(batch.find((entry) => entry.id === 13)?.error).toMatchObject({ code: -32601 })
    // A signed transaction is what a dapp sends: it is forwarded (this one is malformed, so the chain rejects it).
    expect((await rpc(rpcCall(14, "eth_sendRawTransaction", ["0x02"]))).body).toMatchObject({ id: 14, error: {} })
    expect(await balance()).toBe(balanceBefore)
    expect(await nonce()).toBe(nonceBefore)
  })

  it("answers a batch with its reads forwarded and its chain-control calls refused", async () => {
    const answer = await rpc([
      rpcCall(1, "eth_chainId"),
      rpcCall(2, "anvil_mine"),
      rpcCall(3, "eth_getBalance", [stranger, "latest"])
    ])
    const byId = new Map((answer.body as Array<{ id: number }>).map((entry) => [entry.id, entry]))
    expect([...byId.keys()].sort()).toEqual([1, 2, 3])
    expect(byId.get(1)).toMatchObject({ result: "0x1" })
    expect(byId.get(2)).toMatchObject({ error: { code: -32601 } })
    expect(byId.get(3)).toMatchObject({ result: "0x0" })
    expect((await rpc([rpcCall(4, "evm_snapshot")])).body).toMatchObject([{ id: 4, error: { code: -32601 } }])
  })
})
