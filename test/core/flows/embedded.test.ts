import * as Effect from "effect/Effect"
import { afterEach, describe, expect, it } from "vitest"
import {
  answerRequest,
  connectEmail,
  connectOtp,
  connectSocial,
  embedded,
  setPreferredAccount,
  smartAccountNetworks,
  updateEmail
} from "../../../adapters/embedded/index.ts"
import { base, mainnet, solanaLocalnet } from "../../../core/networks/index.ts"
import { Storage, StorageKeys } from "../../../core/services/Storage.ts"
import { createTestAirlock, type TestAirlockClient } from "../../../core/testing/index.ts"
import { makeFakePage, secureOrigin } from "../services/frameFake.ts"

// The embedded wallet's flows on a real client (memory services, TestClock) against a fake secure site: a fake page
// whose frame answers each action from a table, as the sandbox's secure site does over postMessage.

const user = {
  email: "ada@example.com",
  address: "0x52908400098527886E0F7030069857D2E4169EE7",
  chainId: 1,
  accounts: [
    { address: "0x52908400098527886E0F7030069857D2E4169EE7", type: "smartAccount" },
    { address: "0x8617E340B3D01FA5F11F306F4090FD50E238070D", type: "eoa" }
  ],
  preferredAccountType: "smartAccount",
  smartAccountDeployed: false
}

type Handler = (payload: unknown) => unknown

/** A fake secure site: READY once the iframe is in the page, then each request answered by `handlers` (a throw is an _ERROR). */
const makeSite = (handlers: Record<string, Handler>) => {
  const page = makeFakePage()
  const requests: Array<{ action: string; payload?: unknown }> = []
  const append = page.document.body.appendChild
  page.document.body.appendChild = (element) => {
    const added = append(element)
    queueMicrotask(() => page.deliver({ type: "@airlock-frame/READY" }))
    return added
  }
  page.frameWindow.postMessage = (message: unknown) => {
    const { type, id, payload } = message as { type: string; id: string; payload?: unknown }
    const action = type.slice("@airlock-app/".length)
    requests.push({ action, ...(payload === undefined ? {} : { payload }) })
    const handler = handlers[action]
    if (handler === undefined) return // no answer: the request waits
    queueMicrotask(() => {
      try {
        const answer = handler(payload)
        page.deliver({
          type: `@airlock-frame/${action}_SUCCESS`,
          id,
          ...(answer === undefined ? {} : { payload: answer })
        })
      } catch (error) {
        page.deliver({ type: `@airlock-frame/${action}_ERROR`, id, payload: { message: (error as Error).message } })
      }
    })
  }
  return { page, requests, actions: () => requests.map((r) => r.action) }
}

const defaultHandlers: Record<string, Handler> = {
  SYNC_THEME: () => undefined,
  SYNC_DAPP_DATA: () => undefined,
  CONNECT_EMAIL: () => ({ action: "VERIFY_OTP" }),
  CONNECT_OTP: () => undefined,
  GET_USER: () => user,
  IS_CONNECTED: () => ({ isConnected: true }),
  RPC_REQUEST: () => "0xsigned",
  GET_SOCIAL_REDIRECT_URI: () => ({ uri: `${secureOrigin}/social/consent?provider=github` }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [8453] }),
  SWITCH_NETWORK: (payload) => payload
}

let airlock: TestAirlockClient | undefined
afterEach(async () => {
  await airlock?.destroy()
  airlock = undefined
})

const start = async (handlers: Record<string, Handler> = defaultHandlers, withEmbedded = true) => {
  const site = makeSite(handlers)
  airlock = createTestAirlock({
    clock: "test",
    networks: [mainnet, base],
    adapters: withEmbedded ? [embedded()] : [],
    endpoints: {
      walletApi: "https://api.airlock.test",
      blockchainApi: "https://api.airlock.test",
      frame: secureOrigin
    },
    platform: { window: site.page.window as unknown as Window, document: site.page.document as unknown as Document }
  })
  await airlock.ready
  return { site, airlock }
}

/** Lets the page's tasks run (module loads, microtasks, message events). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 2))

/**
 * Moves the test clock in 100 ms steps, letting the page's tasks run between them, until `done()` (the frame's
 * 500 ms after READY, the popup's 1 s checks…).
 */
const until = async (client: TestAirlockClient, done: () => boolean) => {
  for (let step = 0; !done() && step < 300; step++) {
    await client.clock.adjust("100 millis")
    await tick()
  }
}

/** Moves the test clock until `promise` settles; resolves or rejects as it does. */
const settled = async <A>(client: TestAirlockClient, promise: Promise<A>): Promise<A> => {
  let done = false
  const watched = promise.finally(() => {
    done = true
  })
  watched.catch(() => undefined)
  await until(client, () => done)
  return watched
}

describe("embedded wallet flows", () => {
  it("logs in by email and code: connected with the frame's user, the login remembered, the app's default account type asked for", async () => {
    const { site, airlock } = await start()
    const events: Array<string> = []
    airlock.subscribeEvents((event) => events.push(event.data.event))
    expect(await settled(airlock, connectEmail(airlock, "  ada@example.com "))).toBe("VERIFY_OTP")
    expect(site.requests.find((r) => r.action === "CONNECT_EMAIL")?.payload).toEqual({ email: "ada@example.com" })
    await settled(airlock, connectOtp(airlock, "ada@example.com", "123456"))
    const state = airlock.getState()
    expect(state.accounts.eip155).toMatchObject({
      status: "connected",
      address: user.address,
      preferredAccountType: "smartAccount",
      smartAccountDeployed: false,
      user: { email: "ada@example.com", accounts: user.accounts }
    })
    expect(state.activeConnectorIds.eip155).toBe("AUTH")
    expect(state.connections.eip155?.[0]?.auth).toEqual({ name: "ada@example.com" })
    expect(site.requests.find((r) => r.action === "GET_USER")?.payload).toEqual({
      chainId: 1,
      preferredAccountType: "smartAccount"
    })
    // The theme and the app's data went to the frame once it was ready.
    expect(site.actions()).toContain("SYNC_THEME")
    expect(site.actions()).toContain("SYNC_DAPP_DATA")
    // AppKit's email funnel, in order.
    expect(events).toEqual([
      "EMAIL_SUBMITTED",
      "EMAIL_VERIFICATION_CODE_SENT",
      "EMAIL_VERIFICATION_CODE_PASS",
      "SELECT_WALLET",
      "CONNECT_SUCCESS"
    ])
  })

  it("refuses a second code within 30 s with the seconds left, and a bad address before asking the frame", async () => {
    const { site, airlock } = await start()
    await settled(airlock, connectEmail(airlock, "ada@example.com"))
    await expect(connectEmail(airlock, "ada@example.com")).rejects.toThrow("Please try again after 30 seconds")
    await airlock.clock.adjust("12 seconds")
    await expect(connectEmail(airlock, "ada@example.com")).rejects.toThrow("Please try again after 18 seconds")
    await airlock.clock.adjust("18 seconds")
    expect(await settled(airlock, connectEmail(airlock, "ada@example.com"))).toBe("VERIFY_OTP")
    const asked = site.actions().filter((a) => a === "CONNECT_EMAIL").length
    await expect(connectEmail(airlock, "not-an-email")).rejects.toThrow("Invalid email address")
    await expect(connectEmail(airlock, `${"a".repeat(2_000_000)}@example.com`)).rejects.toThrow("Invalid email address")
    expect(site.actions().filter((a) => a === "CONNECT_EMAIL").length).toBe(asked)
  })

  it("refuses an email change to the address the user already has, without asking the frame", async () => {
    const { site, airlock } = await start()
    await settled(airlock, connectEmail(airlock, "ada@example.com"))
    await settled(airlock, connectOtp(airlock, "ada@example.com", "123456"))
    await expect(updateEmail(airlock, " ADA@example.com ")).rejects.toMatchObject({
      _tag: "EmailError",
      reason: "Unchanged",
      shortMessage: "This is your email already"
    })
    expect(site.actions()).not.toContain("UPDATE_EMAIL")
  })

  it("holds an unsafe request in ApproveTransaction: reject refuses with 4001 and closes, approve sends it to the frame", async () => {
    const { site, airlock } = await start()
    await settled(airlock, connectEmail(airlock, "ada@example.com"))
    await settled(airlock, connectOtp(airlock, "ada@example.com", "123456"))
    const sign = { method: "personal_sign", params: ["0x68656c6c6f", user.address] }

    const refused = airlock.request(sign)
    refused.catch(() => undefined)
    await expect.poll(() => airlock.getState().modal.view).toBe("ApproveTransaction")
    const shown = airlock.getState().modal.data.ApproveTransaction
    expect(shown).toMatchObject({ method: "personal_sign", message: "hello" })
    expect(site.actions()).not.toContain("RPC_REQUEST")
    await answerRequest(airlock, shown?.id as string, false)
    await expect(refused).rejects.toMatchObject({ code: 4001 })
    expect(airlock.getState().modal.open).toBe(false)
    expect(site.actions()).not.toContain("RPC_REQUEST")

    // Closing the modal is a refusal too.
    const closed = airlock.request(sign)
    closed.catch(() => undefined)
    await expect.poll(() => airlock.getState().modal.view).toBe("ApproveTransaction")
    await airlock.close()
    await expect(closed).rejects.toMatchObject({ code: 4001 })

    const approved = airlock.request(sign)
    await expect.poll(() => airlock.getState().modal.data.ApproveTransaction?.id).toBeDefined()
    await answerRequest(airlock, airlock.getState().modal.data.ApproveTransaction?.id as string, true)
    expect(await settled(airlock, approved)).toBe("0xsigned")
    expect(site.requests.find((r) => r.action === "RPC_REQUEST")?.payload).toMatchObject({
      method: "personal_sign",
      chainId: 1,
      chainNamespace: "eip155"
    })
    expect(airlock.getState().modal.open).toBe(false)

    // A read needs no approval; a method in neither list is refused and shown.
    expect(await settled(airlock, airlock.request({ method: "eth_chainId" }))).toBe("0xsigned")
    // ...and refuses every request still waiting for the user.
    const waiting = airlock.request(sign)
    waiting.catch(() => undefined)
    await expect.poll(() => airlock.getState().modal.data.ApproveTransaction?.id).toBeDefined()
    await expect(airlock.request({ method: "eth_sign", params: [] })).rejects.toThrow(
      "Requested RPC call is not allowed"
    )
    await expect(waiting).rejects.toMatchObject({ code: 4001 })
    expect(airlock.getState().modal.data.ApproveTransaction).toEqual({ method: "eth_sign", notAllowed: true })
  })

  it("fails a social login whose popup closed without a result with 'Popup closed', checked every second", async () => {
    const { site, airlock } = await start()
    const events: Array<string> = []
    airlock.subscribeEvents((event) =>
      events.push(`${event.data.event} ${(event.data.properties as { provider?: string } | undefined)?.provider}`)
    )
    const popup = { closed: false, location: { href: "" }, close: () => {} }
    const login = connectSocial(airlock, "github", popup as unknown as Window)
    login.catch(() => undefined)
    await until(airlock, () => popup.location.href !== "")
    expect(popup.location.href).toBe(`${secureOrigin}/social/consent?provider=github`)
    expect(site.requests.find((r) => r.action === "GET_SOCIAL_REDIRECT_URI")?.payload).toEqual({ provider: "github" })
    popup.closed = true
    await airlock.clock.adjust("1 second")
    await expect(login).rejects.toThrow("Popup closed")
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    // No popup at all (the browser blocked it): the login cannot start.
    await expect(connectSocial(airlock, "github", undefined)).rejects.toThrow("Failed to initiate social connection")
    // Closing the popup is the user's choice (CANCELED); no popup is an error.
    expect(events).toEqual([
      "SOCIAL_LOGIN_STARTED github",
      "SOCIAL_LOGIN_CANCELED github",
      "SOCIAL_LOGIN_STARTED github",
      "SOCIAL_LOGIN_ERROR github"
    ])
  })

  it("signs out on disconnect, capped at 3 s when the frame does not answer, and forgets the stored login", async () => {
    const { site, airlock } = await start()
    await settled(airlock, connectEmail(airlock, "ada@example.com"))
    await settled(airlock, connectOtp(airlock, "ada@example.com", "123456"))
    expect(await storedEmail(airlock)).toBe("ada@example.com")
    const disconnected = airlock.disconnect()
    await expect.poll(() => site.actions()).toContain("SIGN_OUT")
    await airlock.clock.adjust("3 seconds")
    await disconnected
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    expect(await storedEmail(airlock)).toBeUndefined()
  })

  it("follows the app: theme changes, network switches, the frame's sign-out elsewhere; asks the smart-account networks once", async () => {
    const { site, airlock } = await start()
    await settled(airlock, connectEmail(airlock, "ada@example.com"))
    await settled(airlock, connectOtp(airlock, "ada@example.com", "123456"))
    const themes = () => site.requests.filter((r) => r.action === "SYNC_THEME").map((r) => r.payload)
    airlock.setThemeMode(airlock.getState().themeMode === "dark" ? "light" : "dark")
    await expect.poll(() => themes().length).toBe(2)
    expect(themes()[1]).toMatchObject({ themeMode: airlock.getState().themeMode })

    await settled(airlock, airlock.switchNetwork(base))
    expect(site.requests.find((r) => r.action === "SWITCH_NETWORK")?.payload).toEqual({ chainId: 8453 })
    expect(airlock.getState().activeNetworks.eip155?.id).toBe(8453)

    expect(await settled(airlock, smartAccountNetworks(airlock))).toEqual([8453])
    expect(await settled(airlock, smartAccountNetworks(airlock))).toEqual([8453])
    expect(site.actions().filter((a) => a === "GET_SMART_ACCOUNT_ENABLED_NETWORKS")).toHaveLength(1)

    // Signed out in the frame (another tab, an expired session): the app shows it disconnected.
    site.page.deliver({ type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: false } })
    await expect.poll(() => airlock.getState().accounts.eip155.status).toBe("disconnected")
  })

  it("offers the smart account only on a network the frame lists", async () => {
    const { site, airlock } = await start()
    await settled(airlock, connectEmail(airlock, "ada@example.com"))
    await settled(airlock, connectOtp(airlock, "ada@example.com", "123456"))
    // On Ethereum, which the frame does not list ([8453]): refused before the frame is asked to switch.
    await expect(settled(airlock, setPreferredAccount(airlock, "smartAccount"))).rejects.toThrow(
      "Smart accounts are not available on this network"
    )
    expect(site.actions()).not.toContain("SET_PREFERRED_ACCOUNT")
  })

  it("says which part is missing: no embedded adapter, no embedded login", async () => {
    const { airlock } = await start(defaultHandlers, false)
    await expect(connectEmail(airlock, "ada@example.com")).rejects.toThrow("No auth connector found")
    await expect(updateEmail(airlock, "new@example.com")).rejects.toThrow("Not connected to email or social")
  })
})

/** The stored email of the login (SPEC §9 `email`), read through the client's own Storage. */
const storedEmail = (client: TestAirlockClient) =>
  client.runtime.runPromise(
    Effect.gen(function* () {
      return yield* (yield* Storage).get(StorageKeys.email)
    })
  )

describe("the embedded wallet's Solana account", () => {
  const solanaAddress = "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"
  const withSolana: Record<string, Handler> = {
    ...defaultHandlers,
    GET_USER: () => ({ ...user, solanaAddress }),
    RPC_REQUEST: (payload) =>
      (payload as { chainNamespace: string }).chainNamespace === "solana" ? { signature: "5igned" } : "0xsigned"
  }

  const startWithSolana = async (storage?: Iterable<readonly [string, string]>) => {
    const site = makeSite(withSolana)
    airlock = createTestAirlock({
      clock: "test",
      networks: [mainnet, base, solanaLocalnet],
      adapters: [embedded()],
      endpoints: {
        walletApi: "https://api.airlock.test",
        blockchainApi: "https://api.airlock.test",
        frame: secureOrigin
      },
      ...(storage === undefined ? {} : { storage }),
      platform: { window: site.page.window as unknown as Window, document: site.page.document as unknown as Document }
    })
    await airlock.ready
    return { site, airlock }
  }

  it("connects both namespaces with one email login; a Solana sign waits in ApproveTransaction, then goes to the frame", async () => {
    const { site, airlock } = await startWithSolana()
    await settled(airlock, connectEmail(airlock, "ada@example.com"))
    await settled(airlock, connectOtp(airlock, "ada@example.com", "123456"))
    const state = airlock.getState()
    expect(state.accounts.eip155).toMatchObject({ status: "connected", address: user.address })
    expect(state.accounts.solana).toMatchObject({ status: "connected", address: solanaAddress })
    expect(state.activeConnectorIds.solana).toBe("AUTH")
    expect(state.activeNamespace).toBe("eip155")

    const params = { message: "3yZe7d", pubkey: solanaAddress }
    const signed = airlock.request({ method: "solana_signMessage", params }, { namespace: "solana" })
    await expect.poll(() => airlock.getState().modal.view).toBe("ApproveTransaction")
    expect(site.actions()).not.toContain("RPC_REQUEST")
    await answerRequest(airlock, airlock.getState().modal.data.ApproveTransaction?.id as string, true)
    expect(await settled(airlock, signed)).toEqual({ signature: "5igned" })
    expect(site.requests.find((r) => r.action === "RPC_REQUEST")?.payload).toEqual({
      method: "solana_signMessage",
      params,
      chainId: solanaLocalnet.id,
      chainNamespace: "solana",
      rpcUrl: solanaLocalnet.rpcUrls.default.http[0]
    })

    // One login: disconnecting EVM ends the Solana side too.
    const disconnected = airlock.disconnect("eip155")
    await airlock.clock.adjust("3 seconds")
    await settled(airlock, disconnected)
    expect(airlock.getState().accounts.solana.status).toBe("disconnected")
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
  })

  it("restores the Solana side of a stored login on start", async () => {
    const { airlock } = await startWithSolana([
      ["@airlock/eip155:connection_status", "connected"],
      ["@airlock/eip155:connected_connector_ids", JSON.stringify(["AUTH"])],
      ["@airlock/solana:connection_status", "connected"],
      ["@airlock/solana:connected_connector_ids", JSON.stringify(["AUTH"])]
    ])
    await until(airlock, () => airlock.getState().accounts.solana.status === "connected")
    expect(airlock.getState().accounts.solana).toMatchObject({ status: "connected", address: solanaAddress })
    expect(airlock.getState().accounts.eip155).toMatchObject({ status: "connected", address: user.address })
  })
})
