import { hexToString } from "viem"
import { describe, expect, it, vi } from "vitest"
import { base, mainnet } from "../../../../core/networks/index.ts"
import type { SIWEConfig, SIWXConfig, SIWXSession } from "../../../../core/options/siwx.ts"
import type { CaipNetworkId } from "../../../../core/schema/network.ts"
import { cancelSignIn, getSiwxSessions, requestSignIn, signOut } from "../../../../core/siwx/index.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../../core/testing/index.ts"

// SPEC §4's sign-in flow, headless, over a recording SIWX configuration (the app's side) and a scripted wallet.

const signature = `0x${"ab".repeat(65)}`

/** An app's SIWX configuration that keeps sessions in memory and records every call. */
const recordingSiwx = (options: { required?: boolean; sessions?: Array<SIWXSession>; refuse?: boolean } = {}) => {
  const sessions = options.sessions ?? []
  const calls: Array<string> = []
  const config: SIWXConfig = {
    createMessage: async (input) => {
      calls.push(`createMessage ${input.chainId}`)
      const data = { ...input, domain: "app.example", uri: "https://app.example", version: "1", nonce: "n0nce123" }
      return { ...data, toString: () => `app.example: sign in as ${input.accountAddress} on ${input.chainId}` }
    },
    addSession: async (session) => {
      calls.push("addSession")
      if (options.refuse) throw new Error("The signature is not valid")
      sessions.push(session)
    },
    revokeSession: async (chainId, address) => {
      calls.push(`revokeSession ${chainId}`)
      sessions.splice(
        0,
        sessions.length,
        ...sessions.filter((s) => !(s.data.chainId === chainId && s.data.accountAddress === address))
      )
    },
    setSessions: async (next) => {
      calls.push(`setSessions ${next.length}`)
      sessions.splice(0, sessions.length, ...next)
    },
    getSessions: async (chainId, address) =>
      sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address),
    getRequired: () => options.required ?? false
  }
  return { config, sessions, calls }
}

const sessionOf = (chainId: CaipNetworkId, extra: Partial<SIWXSession["data"]> = {}): SIWXSession => ({
  data: {
    accountAddress: fakeAccount,
    chainId,
    domain: "app.example",
    uri: "https://app.example",
    version: "1",
    nonce: "n0nce123",
    ...extra
  },
  message: "signed",
  signature
})

const setup = (siwx: SIWXConfig | undefined, extra: { siweConfig?: SIWEConfig } = {}) => {
  const { adapter, wallet } = fakeAdapter()
  const airlock = createTestAirlock({
    networks: [mainnet, base],
    adapters: [adapter],
    ...(siwx === undefined ? {} : { siwx }),
    ...extra
  })
  return { airlock, wallet }
}

describe("sign in with the wallet (SIWX)", () => {
  it("a new connection without a session asks to sign; signing hands the session to the app and closes", async () => {
    const app = recordingSiwx()
    const { airlock, wallet } = setup(app.config)
    await airlock.ready
    const events: Array<unknown> = []
    airlock.subscribeEvents((event) => events.push([event.data.event, event.data.properties]))
    expect(airlock.getState().siwx.status).toBe("idle")
    await airlock.open()
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" }))
    expect(airlock.getState().siwx).toMatchObject({ status: "unauthenticated", required: false })

    wallet.answerNext(signature)
    const session = await requestSignIn(airlock)
    const sign = wallet.requests.find((r) => r.method === "personal_sign")
    const [hex, address] = (sign?.params ?? []) as [`0x${string}`, string]
    expect(hexToString(hex)).toBe(`app.example: sign in as ${fakeAccount} on eip155:1`)
    expect(address).toBe(fakeAccount)
    expect(app.sessions).toEqual([session])
    expect(session).toMatchObject({
      signature,
      data: { chainId: "eip155:1", nonce: "n0nce123", domain: "app.example" }
    })
    expect(airlock.getState().siwx).toMatchObject({
      status: "authenticated",
      session: { address: fakeAccount, chainId: "eip155:1" }
    })
    expect(airlock.getState().modal.open).toBe(false)
    await expect(getSiwxSessions(airlock)).resolves.toEqual([session])
    const context = { network: "eip155:1", isSmartAccount: false }
    expect(events).toEqual(
      expect.arrayContaining([
        ["CLICK_SIGN_SIWX_MESSAGE", context],
        ["SIWX_AUTH_SUCCESS", context]
      ])
    )
  })

  it("an account with a live session is signed in without a prompt (a reload's reconnect too)", async () => {
    const app = recordingSiwx({ sessions: [sessionOf(mainnet.caipNetworkId)] })
    const { airlock } = setup(app.config)
    await airlock.ready
    await airlock.open()
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().siwx.status).toBe("authenticated"))
    expect(airlock.getState().modal.open).toBe(false)
    expect(app.calls).toEqual([])
  })

  it("an expired session does not count: the sign view asks", async () => {
    const app = recordingSiwx({
      sessions: [sessionOf(mainnet.caipNetworkId, { expirationTime: "2001-01-01T00:00:00.000Z" })]
    })
    const { airlock } = setup(app.config)
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" }))
  })

  it("a session stops counting when its expiration time passes (on the client's clock): the next connection asks", async () => {
    const app = recordingSiwx({
      sessions: [sessionOf(mainnet.caipNetworkId, { expirationTime: "1970-01-01T01:00:00.000Z" })]
    })
    const { adapter } = fakeAdapter()
    // Kept across disconnects (no sign-out), so only time ends it.
    const siwx = { ...app.config, signOutOnDisconnect: false }
    const airlock = createTestAirlock({ networks: [mainnet, base], adapters: [adapter], siwx, clock: "test" })
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().siwx.status).toBe("authenticated"))
    await airlock.disconnect()
    await airlock.clock.adjust("59 minutes")
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().siwx.status).toBe("authenticated"))
    await airlock.disconnect()
    await airlock.clock.adjust("2 minutes")
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" }))
    expect(airlock.getState().siwx.status).toBe("unauthenticated")
  })

  it("required: the sign view cannot be closed, and Cancel disconnects", async () => {
    const app = recordingSiwx({ required: true })
    const { airlock } = setup(app.config)
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal.view).toBe("SIWXSignMessage"))
    expect(airlock.getState().siwx.required).toBe(true)
    await airlock.close()
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" })
    await cancelSignIn(airlock)
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    expect(airlock.getState().modal.open).toBe(false)
  })

  it("optional: Cancel closes and the wallet stays connected", async () => {
    const app = recordingSiwx({ required: false })
    const { airlock } = setup(app.config)
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal.view).toBe("SIWXSignMessage"))
    await airlock.close()
    expect(airlock.getState().modal.open).toBe(false)
    await airlock.open({ view: "SIWXSignMessage" })
    await cancelSignIn(airlock)
    expect(airlock.getState().modal.open).toBe(false)
    expect(airlock.getState().accounts.eip155.address).toBe(fakeAccount)
    expect(airlock.getState().siwx.status).toBe("unauthenticated")
  })

  it("a refusal in the wallet is 'Error signing message': the sign view stays, nothing is stored", async () => {
    const app = recordingSiwx()
    const { airlock, wallet } = setup(app.config)
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal.view).toBe("SIWXSignMessage"))
    const snacks: Array<unknown> = []
    airlock.watch(
      (state) => state.snack,
      (snack) => snacks.push(snack?.message)
    )
    const events: Array<string> = []
    airlock.subscribeEvents((event) => events.push(event.data.event))
    wallet.rejectNextRequest()
    await expect(requestSignIn(airlock)).rejects.toThrow("Error signing message")
    expect(events).toEqual(["CLICK_SIGN_SIWX_MESSAGE", "SIWX_AUTH_ERROR"])
    expect(airlock.getState().siwx.status).toBe("unauthenticated")
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" })
    await vi.waitFor(() => expect(snacks).toContainEqual({ id: "SiwxError.SignFailed" }))
    expect(app.sessions).toEqual([])
  })

  it("a session the app refuses is 'Error signing message' and reopens the sign view after it was closed", async () => {
    const app = recordingSiwx({ refuse: true })
    const { airlock, wallet } = setup(app.config)
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal.view).toBe("SIWXSignMessage"))
    await airlock.close()
    wallet.answerNext(signature)
    await expect(requestSignIn(airlock)).rejects.toThrow("Error signing message")
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" })
  })

  it("a switch to a network without a session asks again; a required Cancel switches back to the signed one", async () => {
    const app = recordingSiwx({ required: true })
    const { airlock, wallet } = setup(app.config)
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal.view).toBe("SIWXSignMessage"))
    wallet.answerNext(signature)
    await requestSignIn(airlock)
    await airlock.switchNetwork(base)
    await vi.waitFor(() => expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" }))
    expect(airlock.getState().siwx.status).toBe("unauthenticated")
    await cancelSignIn(airlock)
    expect(wallet.switches).toEqual(["eip155:8453", "eip155:1"])
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:1")
    expect(airlock.getState().siwx.status).toBe("authenticated")
    expect(airlock.getState().modal.open).toBe(false)
    expect(airlock.getState().accounts.eip155.address).toBe(fakeAccount)
  })

  it("disconnect signs out (the app's setSessions([])), unless signOutOnDisconnect is off", async () => {
    for (const signOutOnDisconnect of [true, false]) {
      const app = recordingSiwx({ sessions: [sessionOf(mainnet.caipNetworkId)] })
      const { airlock } = setup({ ...app.config, signOutOnDisconnect })
      await airlock.ready
      await airlock.connect("test.wallet")
      await vi.waitFor(() => expect(airlock.getState().siwx.status).toBe("authenticated"))
      await airlock.disconnect()
      await vi.waitFor(() => expect(airlock.getState().siwx.status).toBe("idle"))
      if (signOutOnDisconnect) await vi.waitFor(() => expect(app.calls).toEqual(["setSessions 0"]))
      else expect(app.calls).toEqual([])
    }
  })

  it("signOut revokes the account's session on its network and keeps the wallet connected", async () => {
    const app = recordingSiwx({ sessions: [sessionOf(mainnet.caipNetworkId)] })
    const { airlock } = setup(app.config)
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().siwx.status).toBe("authenticated"))
    await signOut(airlock)
    expect(app.calls).toEqual(["revokeSession eip155:1"])
    expect(app.sessions).toEqual([])
    expect(airlock.getState().siwx.status).toBe("unauthenticated")
    expect(airlock.getState().accounts.eip155.address).toBe(fakeAccount)
  })

  it("SPEC §8's errors: 'SIWX is not enabled' without the option, 'No ActiveCaipAddress found' when disconnected", async () => {
    const off = setup(undefined).airlock
    await off.ready
    expect(off.getState().siwx.status).toBe("disabled")
    await expect(requestSignIn(off)).rejects.toThrow("SIWX is not enabled")
    const on = setup(recordingSiwx().config).airlock
    await on.ready
    await expect(requestSignIn(on)).rejects.toThrow("No ActiveCaipAddress found")
  })

  it("both siwx and siweConfig: 'Cannot set both `siweConfig` and `siwx` options'", async () => {
    const siweConfig = {} as SIWEConfig
    const { airlock } = setup(recordingSiwx().config, { siweConfig })
    await expect(airlock.ready).rejects.toThrow("Cannot set both `siweConfig` and `siwx` options")
  })

  it("the legacy siweConfig: its nonce and message, verifyMessage decides, getSession reads back, signOut ends", async () => {
    const events: Array<string> = []
    let session: { address: string; chainId: number } | null = null
    const siweConfig: SIWEConfig = {
      getNonce: async () => "legacyNonce1",
      getMessageParams: async () => ({ domain: "legacy.example", uri: "https://legacy.example", statement: "Hi" }),
      createMessage: (args) => `${args.domain} ${args.address} ${args.chainId} ${args.nonce} ${args.statement}`,
      verifyMessage: async ({ message, signature: signed }) => {
        events.push(`verify ${message} ${signed.slice(0, 4)}`)
        return true
      },
      getSession: async () => session,
      signOut: async () => {
        events.push("signOut")
        session = null
        return true
      },
      onSignIn: (s) => {
        session = s ?? null
        events.push(`onSignIn ${s?.chainId}`)
      }
    }
    const { airlock, wallet } = setup(undefined, { siweConfig })
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().modal.view).toBe("SIWXSignMessage"))
    wallet.answerNext(signature)
    await requestSignIn(airlock)
    expect(events).toEqual([`verify legacy.example ${fakeAccount} 1 legacyNonce1 Hi 0xab`, "onSignIn 1"])
    expect(airlock.getState().siwx.status).toBe("authenticated")
    await airlock.disconnect()
    await vi.waitFor(() => expect(events.at(-1)).toBe("signOut"))
  })
})
