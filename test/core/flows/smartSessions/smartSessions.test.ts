import { describe, expect, it } from "vitest"
import { utf8Hex } from "../../../../core/flows/siwx/encode.ts"
import { messageText } from "../../../../core/i18n/catalogue.ts"
import { en } from "../../../../core/i18n/en/index.ts"
import { mainnet } from "../../../../core/networks/index.ts"
import type { SmartSession } from "../../../../core/schema/api/sessions.ts"
import { loadSmartSessions, revokeSmartSession } from "../../../../core/smartSessions/actions.ts"
import { selectSmartSessions } from "../../../../core/state/smartSessions.ts"
import { createTestAirlock, fakeAccount, fakeAdapter, type TestAirlockClient } from "../../../../core/testing/index.ts"

// Smart sessions (core/flows/smartSessions) through the real client: a wallet connected through fakeAdapter and made
// the embedded smart account, the blockchain API's memory layer holding the sessions.

const caip = `eip155:1:${fakeAccount}`
const signature = `0x${"ab".repeat(65)}`
const future = Math.floor(Date.now() / 1000) + 3600
const session = (pci: string, createdAt: number, extra: Partial<SmartSession> = {}): SmartSession => ({
  pci,
  expiry: future,
  createdAt,
  permissions: [{ type: "contract-call", data: { address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" } }],
  policies: [],
  context: pci,
  project: { id: "demo-app", name: "Demo App" },
  ...extra
})

const setup = async (options: { smartSessions?: boolean; smartAccount?: boolean; failSessions?: boolean } = {}) => {
  const { adapter, wallet } = fakeAdapter()
  const airlock = createTestAirlock({
    networks: [mainnet],
    adapters: [adapter],
    features: { smartSessions: options.smartSessions ?? true },
    blockchainApi: {
      failSessions: options.failSessions,
      sessions: {
        [caip]: [session("0xold", 100), session("0xnew", 200), session("0xgone", 150, { revokedAt: 160 })]
      }
    }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  if (options.smartAccount ?? true)
    airlock.setState((s) => ({
      ...s,
      accounts: { ...s.accounts, eip155: { ...s.accounts.eip155, preferredAccountType: "smartAccount" } }
    }))
  return { airlock, wallet }
}

const view = (airlock: TestAirlockClient) => selectSmartSessions(airlock.getState())
const errorText = (airlock: TestAirlockClient) => {
  const error = view(airlock).error
  return error === undefined ? undefined : messageText(en, error)
}

describe("the account's smart sessions", () => {
  it("are off by default and for an EOA: nothing is fetched, nothing is listed", async () => {
    for (const options of [{ smartSessions: false }, { smartAccount: false }]) {
      const { airlock } = await setup(options)
      await loadSmartSessions(airlock)
      expect(view(airlock)).toEqual({ enabled: false, status: "idle", sessions: [] })
      expect(airlock.getState().smartSessions).toBeUndefined()
    }
  })

  it("lists the smart account's sessions, newest first, with their app, permissions and state", async () => {
    const { airlock } = await setup()
    expect(view(airlock)).toMatchObject({ enabled: true, status: "idle", sessions: [] })
    await loadSmartSessions(airlock)
    const { status, sessions } = view(airlock)
    expect(status).toBe("ready")
    expect(sessions.map((s) => [s.pci, s.status, s.canRevoke])).toEqual([
      ["0xnew", "active", true],
      ["0xgone", "revoked", false],
      ["0xold", "active", true]
    ])
    expect(sessions[0]).toMatchObject({
      app: "Demo App",
      permissions: [{ type: "contract-call", target: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" }]
    })
  })
})

describe("a failing list", () => {
  it("says 'Could not load the sessions' and rejects with the API's error", async () => {
    const { airlock } = await setup({ failSessions: true })
    await expect(loadSmartSessions(airlock)).rejects.toMatchObject({ _tag: "ApiError" })
    expect(view(airlock)).toMatchObject({ enabled: true, status: "failed", sessions: [] })
    expect(errorText(airlock)).toBe("Could not load the sessions")
  })
})

describe("revoking a smart session", () => {
  it("signs the pci, revokes it in the wallet and the API without asking again, and lists it revoked", async () => {
    const { airlock, wallet } = await setup()
    await loadSmartSessions(airlock)
    wallet.answerNext(signature)
    wallet.answerNext(null)
    await revokeSmartSession(airlock, "0xnew")
    expect(wallet.requests.map((r) => [r.method, r.params])).toEqual([
      ["personal_sign", [utf8Hex("0xnew"), fakeAccount]],
      ["wallet_revokePermissions", [{ permissionsContext: "0xnew" }]]
    ])
    expect(airlock.getState().modal.view).not.toBe("ApproveTransaction")
    const revoked = view(airlock).sessions.find((s) => s.pci === "0xnew")
    expect(revoked).toMatchObject({ status: "revoked", canRevoke: false })
    expect(view(airlock).revoking).toBeUndefined()
  })

  it("keeps the session when the user refuses to sign: no revocation is sent, the view says it failed", async () => {
    const { airlock, wallet } = await setup()
    await loadSmartSessions(airlock)
    wallet.rejectNextRequest()
    await expect(revokeSmartSession(airlock, "0xnew")).rejects.toBeDefined()
    expect(wallet.requests.map((r) => r.method)).toEqual(["personal_sign"])
    expect(errorText(airlock)).toBe("Could not revoke the session")
    expect(view(airlock).sessions.find((s) => s.pci === "0xnew")).toMatchObject({ status: "active", canRevoke: true })
    expect(view(airlock).revoking).toBeUndefined()
  })

  it("fails when the wallet gives no signature", async () => {
    const { airlock, wallet } = await setup()
    await loadSmartSessions(airlock)
    wallet.answerNext("not a signature")
    await expect(revokeSmartSession(airlock, "0xnew")).rejects.toThrow("The wallet returned no signature")
    expect(wallet.requests.map((r) => r.method)).toEqual(["personal_sign"])
    expect(errorText(airlock)).toBe("Could not revoke the session")
  })

  it("ignores a pci that is not an active session of the list", async () => {
    const { airlock, wallet } = await setup()
    await loadSmartSessions(airlock)
    await revokeSmartSession(airlock, "0xgone")
    await revokeSmartSession(airlock, "0xunknown")
    expect(wallet.requests).toEqual([])
    expect(view(airlock).error).toBeUndefined()
  })
})
