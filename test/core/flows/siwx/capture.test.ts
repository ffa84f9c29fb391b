import { describe, expect, it, vi } from "vitest"
import { base, mainnet } from "../../../../core/networks/index.ts"
import type { SIWXConfig, SIWXSession } from "../../../../core/options/siwx.ts"
import {
  cancelSignIn,
  confirmEmailCapture,
  requestEmailCapture,
  requestSignIn,
  resendEmailCapture,
  skipEmailCapture
} from "../../../../core/siwx/index.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../../core/testing/index.ts"

// SPEC §4's email capture (DataCapture) before the sign view, headless: a configuration that mails codes (as
// serverSiwx does), a scripted wallet, and the modal's stack as a user walks it.

const signature = `0x${"ab".repeat(65)}`

/** A SIWX configuration with email capture: it records the codes it "mails" and the address a session gets. */
const capturingSiwx = (options: { required?: boolean; confirmed?: string; failMail?: boolean } = {}) => {
  const sessions: Array<SIWXSession & { email?: string }> = []
  const mails: Array<{ email: string; account: string; code: string }> = []
  let pending: { email: string; code: string } | undefined
  let confirmed = options.confirmed
  const config: SIWXConfig = {
    createMessage: async (input) => {
      const data = { ...input, domain: "app.example", uri: "https://app.example", version: "1", nonce: "n0nce123" }
      return { ...data, toString: () => `sign in as ${input.accountAddress}` }
    },
    addSession: async (session) => void sessions.push({ ...session, ...(confirmed ? { email: confirmed } : {}) }),
    revokeSession: async () => void sessions.splice(0),
    setSessions: async (next) => void sessions.splice(0, sessions.length, ...next),
    getSessions: async () => sessions,
    getRequired: () => options.required ?? false,
    requestEmailOtp: async ({ email, account }) => {
      if (options.failMail) throw new Error("mail server down")
      if (confirmed === email) return { uuid: null }
      const code = String(100000 + mails.length)
      mails.push({ email, account, code })
      pending = { email, code }
      return { uuid: `uuid-${mails.length}` }
    },
    confirmEmailOtp: async ({ code }) => {
      if (pending === undefined || pending.code !== code) throw new Error("Invalid code: 4 tries left")
      confirmed = pending.email
      pending = undefined
    }
  }
  return { config, sessions, mails }
}

const setup = (config: SIWXConfig, emailCapture = true) => {
  const { adapter, wallet } = fakeAdapter()
  const airlock = createTestAirlock({
    networks: [mainnet, base],
    adapters: [adapter],
    siwx: config,
    // The project's remote configuration turns the feature on (SPEC §1: it overrides the local option).
    walletApi: { projectConfig: { features: [{ id: "email_capture", isEnabled: emailCapture, config: ["required"] }] } }
  })
  return { airlock, wallet }
}

const connect = async (airlock: ReturnType<typeof setup>["airlock"], view: string) => {
  await airlock.ready
  await airlock.open()
  await airlock.connect("test.wallet")
  await vi.waitFor(() => expect(airlock.getState().modal).toMatchObject({ open: true, view }))
}

describe("email capture before signing in (DataCapture)", () => {
  it("with the feature on, a connection asks for an email first; the mailed code leads to the sign view, whose session carries the address", async () => {
    const app = capturingSiwx()
    const { airlock, wallet } = setup(app.config)
    await connect(airlock, "DataCapture")
    expect(airlock.getState().siwx.status).toBe("unauthenticated")

    await requestEmailCapture(airlock, "  ada@example.com ")
    expect(app.mails).toEqual([{ email: "ada@example.com", account: `eip155:1:${fakeAccount}`, code: "100000" }])
    expect(airlock.getState().modal).toMatchObject({
      view: "DataCaptureOtpConfirm",
      history: ["DataCapture", "DataCaptureOtpConfirm"]
    })

    await expect(confirmEmailCapture(airlock, "999999")).rejects.toThrow("Invalid code: 4 tries left")
    expect(airlock.getState().modal.view).toBe("DataCaptureOtpConfirm")
    await resendEmailCapture(airlock)
    expect(app.mails.map((m) => m.code)).toEqual(["100000", "100001"])
    await confirmEmailCapture(airlock, "100001")
    // The capture is over: the sign view alone, no way back to the address.
    expect(airlock.getState().modal).toMatchObject({ view: "SIWXSignMessage", history: ["SIWXSignMessage"] })

    wallet.answerNext(signature)
    await requestSignIn(airlock)
    expect(app.sessions[0]?.email).toBe("ada@example.com")
    expect(airlock.getState().modal.open).toBe(false)
    expect(airlock.getState().siwx.status).toBe("authenticated")
  })

  it("an address already confirmed for the account skips the code", async () => {
    const app = capturingSiwx({ confirmed: "ada@example.com" })
    const { airlock } = setup(app.config)
    await connect(airlock, "DataCapture")
    await requestEmailCapture(airlock, "ada@example.com")
    expect(app.mails).toEqual([])
    expect(airlock.getState().modal.view).toBe("SIWXSignMessage")
  })

  it("Skip goes to the sign view without an email; a malformed address and a failing mailer are typed errors", async () => {
    const app = capturingSiwx({ failMail: true })
    const { airlock } = setup(app.config)
    await connect(airlock, "DataCapture")
    await expect(requestEmailCapture(airlock, "not-an-email")).rejects.toThrow("Invalid email address")
    await expect(requestEmailCapture(airlock, "ada@example.com")).rejects.toThrow("Failed to send email OTP")
    expect(airlock.getState().modal.view).toBe("DataCapture")
    await skipEmailCapture(airlock)
    expect(airlock.getState().modal).toMatchObject({ view: "SIWXSignMessage", history: ["SIWXSignMessage"] })
  })

  it("required: the capture views cannot be closed; Cancel on the sign view still disconnects", async () => {
    const app = capturingSiwx({ required: true })
    const { airlock } = setup(app.config)
    await connect(airlock, "DataCapture")
    airlock.close()
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "DataCapture" })
    await requestEmailCapture(airlock, "ada@example.com")
    airlock.close()
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "DataCaptureOtpConfirm" })
    await skipEmailCapture(airlock)
    await cancelSignIn(airlock)
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("disconnected"))
  })

  it("with the feature off, or a configuration that cannot mail codes, the sign view asks directly", async () => {
    const off = setup(capturingSiwx().config, false)
    await connect(off.airlock, "SIWXSignMessage")
    const { requestEmailOtp: _r, confirmEmailOtp: _c, ...plain } = capturingSiwx().config
    const noMail = setup(plain)
    await connect(noMail.airlock, "SIWXSignMessage")
  })
})
