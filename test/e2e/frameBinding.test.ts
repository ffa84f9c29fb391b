import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Page } from "playwright-core"
import { type Address, createPublicClient, http, parseEther, toHex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { embedFrame, frameMessages, sendToFrame } from "./frameApp.ts"
import { useE2eSession } from "./session.ts"

// Issue 21, in Chromium: a user logs in through project P1, which allows only origin A. A page on origin B (another
// port of 127.0.0.1: the same site, so the browser gives both frames the same storage) embeds the secure frame with
// a permissive project P2 of its own. It must find the user signed out: no email, no address, no signature, no
// transaction, and the balance on the chain unchanged.
describe("a frame login bound to its project and app origin", () => {
  const session = useE2eSession("airlock-e2e-frame-binding-")
  const apps: Array<Server> = []
  let originA = ""
  let originB = ""
  const p1 = "issue21-only-a"
  const p2 = "issue21-permissive"

  const startApp = async (): Promise<string> => {
    const server = createServer((_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end('<!doctype html><html lang="en"><head><title>App</title></head><body><main></main></body></html>')
    )
    apps.push(server)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  const upsertProject = async (id: string, allowedOrigins: ReadonlyArray<string>) => {
    const response = await fetch(`${session.sandbox.urls.api}/sandbox/projects`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id, allowedOrigins })
    })
    expect(response.status).toBe(200)
  }

  beforeAll(async () => {
    originA = await startApp()
    originB = await startApp()
    await upsertProject(p1, [originA])
    await upsertProject(p2, ["http://127.0.0.1:*", "http://localhost:*"])
  })
  afterAll(async () => {
    for (const server of apps) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  const chain = () => session.sandbox.urls.chains.find((candidate) => candidate.chainId === 1)!
  const client = () => createPublicClient({ transport: http(chain().rpcUrl) })

  /** Opens `origin` in `page`, embeds the frame as core does for `projectId`, and waits for READY. */
  const embed = async (page: Page, origin: string, projectId: string) => {
    await page.goto(origin)
    await embedFrame(page, session.sandbox.urls.frame, { projectId, chainId: "1", rpcUrl: chain().rpcUrl })
    await expect
      .poll(async () => JSON.stringify(await received(page)), { timeout: 15_000 })
      .toContain("@airlock-frame/READY")
  }

  const received = (page: Page) => frameMessages(page)

  /** Sends one action from `page` and resolves with the frame's reply. */
  const send = (page: Page, action: string, payload?: unknown) => sendToFrame(page, action, payload)

  const mailboxCode = async (email: string): Promise<string> => {
    let code: string | null | undefined
    await expect
      .poll(
        async () => {
          const response = await fetch(`${session.sandbox.urls.frame}/mailbox/messages?to=${encodeURIComponent(email)}`)
          const { messages } = (await response.json()) as { messages: Array<{ code: string | null }> }
          code = messages.find((message) => message.code !== null)?.code
          return code
        },
        { timeout: 15_000 }
      )
      .toMatch(/^\d{6}$/)
    return code as string
  }

  it("a page on another origin with its own permissive project gets no session, no data, no signature, no transaction", async () => {
    // The user signs in on A through P1, and uses the EOA there.
    const pageA = session.page
    await embed(pageA, originA, p1)
    const email = `victim.${Date.now()}@example.com`
    expect((await send(pageA, "CONNECT_EMAIL", { email })).payload).toEqual({ action: "VERIFY_OTP" })
    expect((await send(pageA, "CONNECT_OTP", { otp: await mailboxCode(email) })).type).toBe(
      "@airlock-frame/CONNECT_OTP_SUCCESS"
    )
    const user = (await send(pageA, "GET_USER", { chainId: 1, preferredAccountType: "eoa" })).payload as {
      email: string
      address: Address
    }
    expect(user.email).toBe(email)
    const balance = await client().getBalance({ address: user.address })
    expect(balance).toBeGreaterThan(parseEther("0.01"))
    const nonce = await client().getTransactionCount({ address: user.address })

    // The attacker's page on B, same browser, its own project P2 that allows B.
    const pageB = await session.context.newPage()
    await embed(pageB, originB, p2)
    expect(await send(pageB, "IS_CONNECTED")).toMatchObject({
      type: "@airlock-frame/IS_CONNECTED_SUCCESS",
      payload: { isConnected: false }
    })
    expect(await send(pageB, "GET_USER", { chainId: 1 })).toMatchObject({
      type: "@airlock-frame/GET_USER_ERROR",
      payload: { message: "Not signed in" }
    })
    const signed = await send(pageB, "RPC_REQUEST", {
      method: "personal_sign",
      params: [toHex("gimme"), user.address],
      chainId: 1,
      chainNamespace: "eip155",
      rpcUrl: chain().rpcUrl
    })
    expect(signed).toMatchObject({ type: "@airlock-frame/RPC_REQUEST_ERROR", payload: { message: "Not signed in" } })
    const sent = await send(pageB, "RPC_REQUEST", {
      method: "eth_sendTransaction",
      params: [
        { from: user.address, to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", value: toHex(parseEther("0.01")) }
      ],
      chainId: 1,
      chainNamespace: "eip155",
      rpcUrl: chain().rpcUrl
    })
    expect(sent).toMatchObject({ type: "@airlock-frame/RPC_REQUEST_ERROR", payload: { message: "Not signed in" } })
    // CONNECT_EMAIL with the victim's email does not connect either: it asks for the code the attacker cannot read.
    expect((await send(pageB, "CONNECT_EMAIL", { email })).payload).not.toEqual({ action: "CONNECT" })

    // Nothing of the user reached B: not the email, not the address, no signature.
    const seenByB = JSON.stringify(await received(pageB)).toLowerCase()
    expect(seenByB).not.toContain(email)
    expect(seenByB).not.toContain(user.address.slice(2).toLowerCase())
    expect(seenByB).not.toMatch(/0x[0-9a-f]{130}/)
    // ...and the chain shows no transaction from the user.
    expect(await client().getTransactionCount({ address: user.address })).toBe(nonce)
    expect(await client().getBalance({ address: user.address })).toBe(balance)

    // B did not sign the user out on A either.
    expect(await send(pageA, "IS_CONNECTED")).toMatchObject({ payload: { isConnected: true } })
  }, 60_000)
})
