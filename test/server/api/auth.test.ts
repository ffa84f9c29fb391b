/**
 * The sandbox API's sign-in routes over HTTP: nonce -> authenticate -> me -> sign-out, the session cookie (signed,
 * HttpOnly, scoped to the project, unforgeable) and credentialed CORS for the project's allowed origins only.
 */
import { getBase58Decoder, signBytes } from "@solana/kit"
import { type Address, keccak256, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createSiweMessage } from "viem/siwe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { formatCaip122Message } from "../../../core/rules/caip122.ts"
import type { SIWXMessageData } from "../../../core/schema/siwx.ts"
import { type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { solanaPrivateKey, solanaSigner } from "../../../sandbox/solana/accounts.ts"
import { maxSessionCookieBytes } from "../../../server/api/routes/auth.ts"
import { removeDir, startTestApi } from "./fixture.ts"

let chains: Chains
let api: Awaited<ReturnType<typeof startTestApi>>
let clock = Date.parse("2026-03-01T12:00:00.000Z")
/** What the API mailed (sign-in's email capture). */
const mailbox: Array<{ to: string; subject: string; body: string; code: string }> = []
beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }] })
  api = await startTestApi({ chains, now: () => clock, mail: (mail) => mailbox.push(mail) })
}, 60_000)
afterAll(async () => {
  await api?.stop()
  await chains?.stop()
  if (api) removeDir(api.dir)
})

const page = "http://127.0.0.1:5173"
const query = "projectId=airlock-demo"
const account = (label: string) => privateKeyToAccount(keccak256(toHex(`airlock auth test ${label}`)))
const eoa = account("eoa")

interface Answer {
  readonly status: number
  readonly body: { readonly [key: string]: unknown }
  readonly headers: Headers
  /** The `name=value` of the Set-Cookie, if any. */
  readonly cookie: string | undefined
}

const request = async (
  method: "GET" | "POST" | "OPTIONS",
  path: string,
  options: {
    origin?: string | null
    cookie?: string | undefined
    body?: unknown
    headers?: Record<string, string>
  } = {}
): Promise<Answer> => {
  const origin = options.origin === undefined ? page : options.origin
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      ...(origin === null ? {} : { origin }),
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text === "" ? {} : JSON.parse(text),
    headers: response.headers,
    cookie: response.headers.get("set-cookie")?.split(";")[0]
  }
}

const nonce = async () => (await request("GET", `/auth/v1/nonce?${query}`)).body.nonce as string

const siwe = async (
  signer: ReturnType<typeof account>,
  fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}
) => {
  const message = createSiweMessage({
    domain: "127.0.0.1:5173",
    uri: `${page}/`,
    address: signer.address,
    chainId: 1,
    version: "1",
    nonce: await nonce(),
    issuedAt: new Date(clock),
    ...fields
  })
  return { message, signature: await signer.signMessage({ message }) }
}

const solanaSignIn = async (fields: Partial<SIWXMessageData> = {}) => {
  const signer = await solanaSigner(solanaPrivateKey(0))
  const message = formatCaip122Message({
    domain: "127.0.0.1:5173",
    accountAddress: signer.address,
    uri: page,
    version: "1",
    chainId: "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5" as SIWXMessageData["chainId"],
    nonce: await nonce(),
    issuedAt: new Date(clock).toISOString(),
    ...fields
  })
  const bytes = await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message))
  return { address: signer.address as string, message, signature: getBase58Decoder().decode(bytes) }
}

const authenticate = (body: unknown, cookie?: string, origin?: string | null) =>
  request("POST", `/auth/v1/authenticate?${query}`, { body, cookie, ...(origin === undefined ? {} : { origin }) })
const me = async (cookie: string | undefined) =>
  (
    (await request("GET", `/auth/v1/me?${query}`, { cookie })).body.sessions as ReadonlyArray<{
      address: string
      chainId: string
    }>
  ).map((s) => `${s.chainId} ${s.address}`)

describe("sign-in routes", () => {
  it("nonce -> authenticate -> me names the address -> sign-out -> me is empty", async () => {
    const signIn = await siwe(eoa, { expirationTime: new Date(clock + 3_600_000) })
    const answer = await authenticate(signIn)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.session).toEqual({
      address: eoa.address,
      chainId: "eip155:1",
      domain: "127.0.0.1:5173",
      uri: `${page}/`,
      issuedAt: new Date(clock).toISOString(),
      expirationTime: new Date(clock + 3_600_000).toISOString(),
      message: signIn.message,
      signature: signIn.signature
    })
    const setCookie = answer.headers.get("set-cookie") ?? ""
    expect(setCookie).toMatch(/^airlock_session=[\w-]+\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(await me(answer.cookie)).toEqual([`eip155:1 ${eoa.address}`])

    // A Solana sign-in adds to the list.
    const solana = await solanaSignIn()
    const both = await authenticate(solana, answer.cookie)
    expect(both.status, JSON.stringify(both.body)).toBe(200)
    expect(await me(both.cookie)).toEqual([
      `eip155:1 ${eoa.address}`,
      `solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5 ${solana.address}`
    ])
    // Signing in again with the same address and chain replaces its session rather than adding one.
    const again = await authenticate(await siwe(eoa), both.cookie)
    expect(await me(again.cookie)).toEqual([
      `solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5 ${solana.address}`,
      `eip155:1 ${eoa.address}`
    ])

    const one = await request("POST", `/auth/v1/sign-out?${query}`, {
      cookie: again.cookie,
      body: { address: eoa.address.toLowerCase(), chainId: "eip155:1" }
    })
    expect(one.status).toBe(200)
    expect((one.body.sessions as ReadonlyArray<{ address: string }>).map((s) => s.address)).toEqual([solana.address])
    expect(await me(one.cookie)).toEqual([`solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5 ${solana.address}`])

    const all = await request("POST", `/auth/v1/sign-out?${query}`, { cookie: one.cookie })
    expect(all.body).toEqual({ sessions: [] })
    expect(all.headers.get("set-cookie")).toMatch(/^airlock_session=[\w-.]+; Max-Age=0; /)
    expect(await me(all.cookie)).toEqual([])
    expect(await me(undefined)).toEqual([])
  })

  it("a forged, tampered or foreign cookie reads as no session; another project sees none of this one's", async () => {
    const { cookie } = await authenticate(await siwe(eoa))
    expect(await me(cookie)).toHaveLength(1)
    const [name, token] = cookie!.split("=") as [string, string]
    const [payload, mac] = token.split(".") as [string, string]
    const forged = Buffer.from(
      JSON.stringify({
        session: [{ projectId: "airlock-demo", address: account("victim").address, chainId: "eip155:1" }],
        exp: 9e15
      })
    ).toString("base64url")
    const flipped = `${payload.slice(0, 10)}${payload[10] === "A" ? "B" : "A"}${payload.slice(11)}`
    for (const bad of [`${forged}.${mac}`, `${flipped}.${mac}`, `${payload}.${mac.slice(1)}`, `${payload}`, "garbage"])
      expect(await me(`${name}=${bad}`), bad.slice(0, 40)).toEqual([])
    // A cookie another sandbox signed (its own secret) is no session here.
    const other = await startTestApi({ chains, now: () => clock })
    try {
      const foreign = await (async () => {
        const n = (await (await fetch(`${other.url}/auth/v1/nonce?${query}`, { headers: { origin: page } })).json())
          .nonce as string
        const message = createSiweMessage({
          domain: "127.0.0.1:5173",
          uri: page,
          address: eoa.address,
          chainId: 1,
          version: "1",
          nonce: n,
          issuedAt: new Date(clock)
        })
        const response = await fetch(`${other.url}/auth/v1/authenticate?${query}`, {
          method: "POST",
          headers: { origin: page, "content-type": "application/json" },
          body: JSON.stringify({ message, signature: await eoa.signMessage({ message }) })
        })
        expect(response.status).toBe(200)
        return response.headers.get("set-cookie")?.split(";")[0]
      })()
      expect(await me(foreign)).toEqual([])
    } finally {
      await other.stop()
      removeDir(other.dir)
    }
    const elsewhere = await request("GET", "/auth/v1/me?projectId=sandbox-analytics-off", { cookie })
    expect(elsewhere.body).toEqual({ sessions: [] })
  })

  it("drops a session from the list once its message expires", async () => {
    const { cookie } = await authenticate(await siwe(eoa, { expirationTime: new Date(clock + 60_000) }))
    expect(await me(cookie)).toHaveLength(1)
    clock += 60_000
    try {
      expect(await me(cookie)).toEqual([])
    } finally {
      clock -= 60_000
    }
  })

  it("refuses with 401 and the reason: another domain, a replayed nonce, a wrong signature, an unlisted chain", async () => {
    const otherDomain = await siwe(eoa, { domain: "evil.example", uri: "https://evil.example/" })
    expect(await authenticate(otherDomain)).toMatchObject({ status: 401, body: { message: "domain" } })
    const signIn = await siwe(eoa)
    expect((await authenticate(signIn)).status).toBe(200)
    expect(await authenticate(signIn)).toMatchObject({ status: 401, body: { message: "nonce" } })
    const forged = await siwe(eoa)
    const wrong = {
      message: forged.message,
      signature: await account("other").signMessage({ message: forged.message })
    }
    expect(await authenticate(wrong)).toMatchObject({ status: 401, body: { message: "signature" } })
    expect(await authenticate(await siwe(eoa, { chainId: 10 }))).toMatchObject({
      status: 401,
      body: { message: "chain" }
    })
    // The page that posts must be the one the message names: a message for 127.0.0.1:5173 posted from localhost.
    expect(await authenticate(await siwe(eoa), undefined, "http://localhost:5173")).toMatchObject({
      status: 401,
      body: { message: "domain" }
    })
    expect(await authenticate(await siwe(eoa), undefined, null)).toMatchObject({ status: 403 })
  })

  it("answers 400 for a body that is not { message, signature }", async () => {
    for (const body of [{}, { message: "x" }, { message: 1, signature: "0x" }, "text", [1]])
      expect((await authenticate(body)).status, JSON.stringify(body)).toBe(400)
  })

  it("keeps the cookie under a browser's 4 KB limit, leaving the oldest sessions out", async () => {
    let cookie: string | undefined
    const signers = Array.from({ length: 8 }, (_, i) => account(`many ${i}`))
    for (const signer of signers) cookie = (await authenticate(await siwe(signer), cookie)).cookie
    expect(Buffer.byteLength(cookie!)).toBeLessThanOrEqual(maxSessionCookieBytes)
    const listed = await me(cookie)
    expect(listed.length).toBeGreaterThanOrEqual(3)
    expect(listed.at(-1)).toBe(`eip155:1 ${signers.at(-1)!.address as Address}`)
    expect(listed).not.toContain(`eip155:1 ${signers[0]!.address}`)
  })
})

describe("credentialed CORS on the sign-in routes", () => {
  it("names an allowed origin exactly, with credentials, for answers and preflights", async () => {
    const answer = await request("GET", `/auth/v1/me?${query}`)
    expect(answer.headers.get("access-control-allow-origin")).toBe(page)
    expect(answer.headers.get("access-control-allow-credentials")).toBe("true")
    expect(answer.headers.get("vary")).toBe("origin")
    const refused = await authenticate({ message: 1 })
    expect(refused.status).toBe(400)
    expect(refused.headers.get("access-control-allow-origin")).toBe(page)
    const preflight = await request("OPTIONS", `/auth/v1/authenticate?${query}`, {
      headers: { "access-control-request-method": "POST", "access-control-request-headers": "content-type" }
    })
    expect(preflight.status).toBe(204)
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      "access-control-allow-origin": page,
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "GET, POST, OPTIONS",
      "access-control-allow-headers": "content-type",
      vary: "origin"
    })
  })

  it("sends none to another origin (its calls are refused); other routes name the page without credentials", async () => {
    const evil = "https://evil.example"
    const answer = await request("GET", `/auth/v1/me?${query}`, { origin: evil })
    expect(answer.status).toBe(403)
    expect(answer.headers.get("access-control-allow-origin")).toBeNull()
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull()
    const preflight = await request("OPTIONS", `/auth/v1/authenticate?${query}`, { origin: evil })
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull()
    const noOrigins = await request("GET", "/auth/v1/nonce?projectId=sandbox-no-origins")
    expect(noOrigins.headers.get("access-control-allow-origin")).toBeNull()
    const other = await request("GET", `/getAnalyticsConfig?${query}`)
    expect(other.headers.get("access-control-allow-origin")).toBe(page)
    expect(other.headers.get("access-control-allow-credentials")).toBeNull()
  })
})

describe("email-capture routes (DataCapture)", () => {
  const otp = (body: unknown, cookie?: string) => request("POST", `/auth/v1/otp?${query}`, { body, cookie })
  const confirm = (body: unknown, cookie?: string) => request("POST", `/auth/v1/otp/confirm?${query}`, { body, cookie })
  const lastCode = (to: string) => mailbox.findLast((m) => m.to === to)?.code as string
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0")

  it("mails a code, confirms it into the cookie, and the next sign-in of that account carries the address", async () => {
    const signer = account("capture")
    const caip = `eip155:1:${signer.address}`
    const asked = await otp({ email: "ada@example.com", account: caip })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const uuid = asked.body.uuid as string
    expect(uuid).toMatch(/^[\w-]{20,}$/)
    const mail = mailbox.at(-1)
    expect(mail).toMatchObject({ to: "ada@example.com", subject: `${mail?.code} is your sign-in code` })
    expect(mail?.body).toContain(page)

    const refused = await confirm({ uuid, code: wrong(lastCode("ada@example.com")) })
    expect([refused.status, refused.body.message]).toEqual([400, "Invalid code: 4 tries left"])
    const confirmed = await confirm({ uuid, code: lastCode("ada@example.com") })
    expect([confirmed.status, confirmed.body]).toEqual([200, { email: "ada@example.com" }])
    // A code works once.
    expect((await confirm({ uuid, code: lastCode("ada@example.com") })).status).toBe(400)

    const signedIn = await authenticate(await siwe(signer), confirmed.cookie)
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(signedIn.body.session).toMatchObject({ address: signer.address, email: "ada@example.com" })
    const listed = await request("GET", `/auth/v1/me?${query}`, { cookie: signedIn.cookie })
    expect(listed.body.sessions).toMatchObject([{ address: signer.address, email: "ada@example.com" }])

    // The same address for the same account needs no new code; another account does.
    expect((await otp({ email: "ADA@example.com", account: caip }, signedIn.cookie)).body).toEqual({ uuid: null })
    clock += 21_000
    const other = await otp({ email: "ada@example.com", account: `eip155:1:${eoa.address}` }, signedIn.cookie)
    expect(typeof other.body.uuid).toBe("string")
    // Nor does another account signing in with this cookie get the address.
    const eoaSession = await authenticate(await siwe(eoa), signedIn.cookie)
    expect(eoaSession.body.session).not.toHaveProperty("email")
  })

  it("refuses a malformed address or account, an unlisted chain, a second code within 20 s, and an expired or foreign code", async () => {
    const caip = `eip155:1:${eoa.address}`
    const reason = async (answer: Promise<Answer>) => {
      const { status, body } = await answer
      return [status, body.message]
    }
    expect(await reason(otp({ email: "not-an-email", account: caip }))).toEqual([400, "Invalid email address"])
    expect(await reason(otp({ email: `${"a".repeat(250)}@x.io`, account: caip }))).toEqual([
      400,
      "Invalid email address"
    ])
    expect(await reason(otp({ email: "bo@example.com", account: eoa.address }))).toEqual([
      400,
      "Invalid account: expected a CAIP-10 address"
    ])
    expect(await reason(otp({ email: "bo@example.com", account: `eip155:999:${eoa.address}` }))).toEqual([
      400,
      "Unsupported chain: eip155:999"
    ])
    expect((await otp({ email: 42, account: caip })).status).toBe(400)

    clock += 60_000
    const first = await otp({ email: "bo@example.com", account: caip })
    expect(first.status).toBe(200)
    expect(await reason(otp({ email: "bo@example.com", account: caip }))).toEqual([
      429,
      "A code was just sent to this email: try again in 20 seconds"
    ])
    // Ten minutes later the code is gone.
    clock += 10 * 60_000 + 1
    expect(await reason(confirm({ uuid: first.body.uuid, code: lastCode("bo@example.com") }))).toEqual([
      400,
      "Code expired: request a new code"
    ])
    // Five wrong codes void it; another project cannot use it.
    const second = await otp({ email: "bo@example.com", account: caip })
    const uuid = second.body.uuid as string
    const foreign = await request("POST", "/auth/v1/otp/confirm?projectId=airlock-other", {
      body: { uuid, code: lastCode("bo@example.com") }
    })
    expect(foreign.status).not.toBe(200)
    for (let i = 0; i < 4; i++) await confirm({ uuid, code: wrong(lastCode("bo@example.com")) })
    expect(await reason(confirm({ uuid, code: wrong(lastCode("bo@example.com")) }))).toEqual([
      400,
      "Too many wrong codes: request a new code"
    ])
    expect((await confirm({ uuid, code: lastCode("bo@example.com") })).status).toBe(400)
  })
})
