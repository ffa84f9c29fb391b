import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import {
  AppToFrameMessage,
  type FrameAction,
  FrameToAppMessage,
  frameActions,
  frameMessageData,
  frameMessageLimit
} from "../../../core/schema/frame.ts"
import { decodeAppMessage } from "../../../server/frame/page/protocol.ts"

const user = {
  email: "ada@example.com",
  address: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F",
  chainId: 8453,
  accounts: [{ address: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F", type: "eoa" }],
  preferredAccountType: "eoa",
  smartAccountDeployed: false
}

/** Per action: a valid request payload (`undefined`: none), a wrong one, and a valid success payload. */
const samples: Record<FrameAction, { request?: unknown; wrong?: unknown; success?: unknown }> = {
  SWITCH_NETWORK: { request: { chainId: 8453 }, wrong: { chainId: 1.5 }, success: { chainId: "eip155:8453" } },
  CONNECT_EMAIL: {
    request: { email: "ada@example.com" },
    wrong: { email: "not-an-email" },
    success: { action: "VERIFY_OTP" }
  },
  CONNECT_DEVICE: {},
  CONNECT_OTP: { request: { otp: "123456" }, wrong: { otp: 123456 } },
  CONNECT_SOCIAL: { request: { uri: "https://secure.example/social/callback?code=1" }, wrong: {}, success: user },
  GET_SOCIAL_REDIRECT_URI: {
    request: { provider: "github" },
    wrong: { provider: "myspace" },
    success: { uri: "https://secure.example/oauth/github" }
  },
  GET_USER: { request: { chainId: 1, preferredAccountType: "smartAccount" }, wrong: { chainId: [1] }, success: user },
  SIGN_OUT: {},
  IS_CONNECTED: { success: { isConnected: true } },
  GET_CHAIN_ID: { success: { chainId: 1 } },
  RPC_REQUEST: {
    request: {
      method: "personal_sign",
      params: ["0x68656c6c6f", user.address],
      chainId: 8453,
      chainNamespace: "eip155"
    },
    wrong: { method: "personal_sign", chainId: 8453 },
    success: "0xsignature"
  },
  UPDATE_EMAIL: {
    request: { email: "new@example.com" },
    wrong: { email: "x".repeat(300) },
    success: { action: "VERIFY_PRIMARY_OTP" }
  },
  UPDATE_EMAIL_PRIMARY_OTP: { request: { otp: "111111" }, wrong: { otp: null } },
  UPDATE_EMAIL_SECONDARY_OTP: { request: { otp: "222222" }, wrong: {}, success: { newEmail: "new@example.com" } },
  SYNC_THEME: {
    request: { themeMode: "dark", themeVariables: { "--w3m-accent": "#3396ff" } },
    wrong: { themeMode: "pink" }
  },
  SYNC_DAPP_DATA: {
    request: {
      metadata: { name: "Demo", description: "A demo", url: "https://demo.example", icons: [] },
      sdkVersion: "airlock-4.0.0",
      projectId: "p1"
    },
    wrong: { projectId: "p1" }
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { success: { smartAccountEnabledNetworks: [1, 8453] } },
  INIT_SMART_ACCOUNT: { success: { address: "0xsmart", isDeployed: false } },
  SET_PREFERRED_ACCOUNT: {
    request: { type: "smartAccount" },
    wrong: { type: "payment" },
    success: { type: "smartAccount", address: "0xsmart" }
  },
  CONNECT_FARCASTER: { success: user },
  GET_FARCASTER_URI: { success: { url: "https://secure.example/farcaster/abc" } },
  RELOAD: {},
  RPC_ABORT: {}
}

const decodeApp = Schema.decodeUnknownResult(AppToFrameMessage)
const decodeFrame = Schema.decodeUnknownResult(FrameToAppMessage)
const decoded = (result: ReturnType<typeof decodeApp> | ReturnType<typeof decodeFrame>) =>
  result._tag === "Success" ? result.success : result.failure.message

const withPayload = (type: string, payload: unknown) =>
  payload === undefined ? { type, id: "req-1" } : { type, id: "req-1", payload }

describe("frame messages", () => {
  it("cover every action SPEC §7 lists", () => {
    expect(frameActions).toHaveLength(23)
    expect(new Set(frameActions).size).toBe(23)
  })

  describe.each(frameActions)("%s", (action) => {
    const sample = samples[action]

    it("a request round-trips: decoding a valid one gives it back", () => {
      const message = withPayload(`@airlock-app/${action}`, sample.request)
      expect(decoded(decodeApp(message))).toEqual(message)
      // The sandbox's frame reads the same message as a request it answers.
      expect(decodeAppMessage(message)).toMatchObject({ action, id: "req-1" })
    })

    it("a request with a wrong payload or a wrong id is refused", () => {
      if (sample.request !== undefined) {
        expect(decodeApp(withPayload(`@airlock-app/${action}`, sample.wrong))._tag).toBe("Failure")
        expect(decodeApp({ type: `@airlock-app/${action}`, id: "req-1" })._tag).toBe("Failure")
      }
      expect(decodeApp({ ...withPayload(`@airlock-app/${action}`, sample.request), id: "x".repeat(65) })._tag).toBe(
        "Failure"
      )
      expect(decodeApp({ ...withPayload(`@airlock-app/${action}`, sample.request), id: "" })._tag).toBe("Failure")
    })

    it("its _SUCCESS and _ERROR replies round-trip", () => {
      const success = withPayload(`@airlock-frame/${action}_SUCCESS`, sample.success)
      expect(decoded(decodeFrame(success))).toEqual(success)
      const error = { type: `@airlock-frame/${action}_ERROR`, id: "req-1", payload: { message: "Invalid code" } }
      expect(decoded(decodeFrame(error))).toEqual(error)
    })

    it("a reply without id, or an error without a message, is refused", () => {
      expect(decodeFrame({ type: `@airlock-frame/${action}_SUCCESS`, payload: sample.success })._tag).toBe("Failure")
      expect(decodeFrame({ type: `@airlock-frame/${action}_ERROR`, id: "req-1", payload: {} })._tag).toBe("Failure")
      if (sample.success !== undefined && action !== "RPC_REQUEST") {
        expect(decodeFrame({ type: `@airlock-frame/${action}_SUCCESS`, id: "req-1", payload: 42 })._tag).toBe("Failure")
      }
    })
  })

  it("the frame's own events decode: READY, SESSION_UPDATE, SOCIAL_RESULT", () => {
    for (const message of [
      { type: "@airlock-frame/READY" },
      { type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: false } },
      { type: "@airlock-frame/SOCIAL_RESULT", payload: { uri: "https://secure.example/social/callback?code=1" } }
    ]) {
      expect(decoded(decodeFrame(message))).toEqual(message)
    }
    expect(decodeFrame({ type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: "yes" } })._tag).toBe("Failure")
    expect(decodeFrame({ type: "@airlock-frame/SOCIAL_RESULT", payload: { uri: "u".repeat(9000) } })._tag).toBe(
      "Failure"
    )
  })

  it("unknown keys are dropped, and an unknown type is refused", () => {
    expect(decoded(decodeFrame({ type: "@airlock-frame/READY", secret: "x" }))).toEqual({
      type: "@airlock-frame/READY"
    })
    expect(
      decoded(decodeFrame({ type: "@airlock-frame/GET_USER_SUCCESS", id: "1", payload: { ...user, key: "0x1" } }))
    ).not.toHaveProperty("payload.key")
    expect(decodeFrame({ type: "@airlock-frame/STEAL_KEYS_SUCCESS", id: "1" })._tag).toBe("Failure")
    expect(decodeApp({ type: "@airlock-app/STEAL_KEYS", id: "1" })._tag).toBe("Failure")
  })
})

describe("frameMessageData: what a message may be before its schema reads it", () => {
  it("copies plain JSON and drops __proto__, constructor and prototype keys", () => {
    const hostile = JSON.parse(
      '{"type":"@airlock-frame/READY","__proto__":{"polluted":true},"nested":[{"constructor":{"prototype":{"x":1}},"ok":1}]}'
    )
    const copy = frameMessageData(hostile)
    expect(copy).toEqual({ type: "@airlock-frame/READY", nested: [{ ok: 1 }] })
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it("refuses a message over 1 MB, a 2 MB string included, but takes a 10,000-entry list under it", () => {
    expect(frameMessageData({ payload: "x".repeat(2_000_000) })).toBeUndefined()
    expect(frameMessageData({ payload: "x".repeat(frameMessageLimit) })).toBeUndefined()
    expect(frameMessageData({ payload: "x".repeat(frameMessageLimit - 50) })).toBeDefined()
    const list = Array.from({ length: 10_000 }, (_, index) => index)
    expect(frameMessageData({ payload: list })).toEqual({ payload: list })
    expect(frameMessageData({ payload: Array.from({ length: 10_000 }, () => "y".repeat(200)) })).toBeUndefined()
  })

  it("refuses what JSON cannot hold, deep nesting, and objects that throw", () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    let deep: unknown = "bottom"
    for (let level = 0; level < 40; level++) deep = [deep]
    const throwing = {
      get type(): string {
        throw new Error("getter")
      }
    }
    for (const value of [
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      10n,
      Symbol("s"),
      () => 1,
      new Date(0),
      new Map(),
      new Uint8Array(4),
      Object.create({ inherited: true }),
      cyclic,
      deep,
      [1, undefined, 3],
      throwing,
      new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error("proxy")
          }
        }
      )
    ]) {
      expect(frameMessageData(value)).toBeUndefined()
    }
  })
})
