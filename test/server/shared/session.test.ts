/**
 * The SIWX session cookie behind a load balancer: API instances configured with one `sessionSecret` accept each
 * other's cookies; an instance with another secret (or none) does not. Email-capture codes mailed by one instance
 * confirm at another sharing the store.
 */
import { keccak256, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createSiweMessage } from "viem/siwe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ApiServer } from "../../../server/api/server.ts"
import { createMemoryKv } from "../../../server/shared/kv.ts"
import { removeDir, startTestApi, tempDir } from "../api/fixture.ts"

const page = "http://127.0.0.1:5173"
const query = "projectId=airlock-demo"
const secret = "one secret every instance of this deployment shares"
const signer = privateKeyToAccount(keccak256(toHex("airlock shared session test")))
const kv = createMemoryKv()
const mailbox: Array<{ to: string; code: string }> = []

let a: ApiServer & { dir: string }
let b: ApiServer & { dir: string }
let other: ApiServer & { dir: string }
beforeAll(async () => {
  const mail = (message: { to: string; code: string }) => void mailbox.push(message)
  ;[a, b, other] = await Promise.all([
    startTestApi({ sessionSecret: secret, kv, mail }),
    startTestApi({ sessionSecret: new TextEncoder().encode(secret), kv, mail }),
    startTestApi({ kv, mail })
  ])
}, 120_000)
afterAll(async () => {
  for (const api of [a, b, other]) {
    await api?.stop()
    if (api) removeDir(api.dir)
  }
  await kv.close()
})

const request = async (api: { url: string }, method: "GET" | "POST", path: string, cookie?: string, body?: unknown) => {
  const response = await fetch(`${api.url}${path}?${query}`, {
    method,
    headers: {
      origin: page,
      ...(cookie === undefined ? {} : { cookie }),
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cookie: response.headers.get("set-cookie")?.split(";")[0]
  }
}

const sessionsAt = async (api: { url: string }, cookie: string | undefined) =>
  ((await request(api, "GET", "/auth/v1/me", cookie)).body.sessions as Array<{ address: string }>).map(
    (session) => session.address
  )

describe("a SIWX session behind a load balancer", () => {
  it("is accepted by every instance with the same sessionSecret, and by no other", async () => {
    const nonce = (await request(a, "GET", "/auth/v1/nonce")).body.nonce as string
    const message = createSiweMessage({
      domain: "127.0.0.1:5173",
      uri: `${page}/`,
      address: signer.address,
      chainId: 1,
      version: "1",
      nonce,
      issuedAt: new Date()
    })
    const signedIn = await request(a, "POST", "/auth/v1/authenticate", undefined, {
      message,
      signature: await signer.signMessage({ message })
    })
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(await sessionsAt(a, signedIn.cookie)).toEqual([signer.address])
    expect(await sessionsAt(b, signedIn.cookie)).toEqual([signer.address])
    expect(await sessionsAt(other, signedIn.cookie)).toEqual([])
  })

  it("confirms on B an email-capture code A mailed, when both share the store", async () => {
    const email = `capture.${Date.now()}@example.com`
    const account = `eip155:1:${signer.address}`
    const issued = await request(a, "POST", "/auth/v1/otp", undefined, { email, account })
    expect(issued.status, JSON.stringify(issued.body)).toBe(200)
    // the cooldown is shared too: B sends no second code to the address
    expect((await request(b, "POST", "/auth/v1/otp", undefined, { email, account })).status).toBe(429)
    const code = mailbox.findLast((mail) => mail.to === email)?.code
    const confirmed = await request(b, "POST", "/auth/v1/otp/confirm", undefined, { uuid: issued.body.uuid, code })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(confirmed.body.email).toBe(email)
  })

  it("refuses a sessionSecret shorter than 32 bytes at start", async () => {
    const dir = tempDir()
    try {
      await expect(startTestApi({ dataDir: dir, sessionSecret: "too short" })).rejects.toThrow("at least 32 bytes")
    } finally {
      removeDir(dir)
    }
  })
})
