import { afterEach, describe, expect, it, vi } from "vitest"
import type { KeyValueBackend } from "../../../core/services/Platform.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"

const evm = { namespace: "eip155" } as const
const storedSession: Array<[string, string]> = [["@airlock/eip155:connection_status", "connected"]]

/** A returning visitor's browser on a phone with a light system theme: what a server cannot know. */
const browser = () => {
  const entries = new Map(storedSession)
  const localStorage: KeyValueBackend = {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key)
  }
  return {
    localStorage,
    matchMedia: () => ({ matches: false }) as MediaQueryList,
    prefersDark: () => false,
    isMobile: () => true
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("getServerSnapshot", () => {
  it("is the first state without the browser's facts: a returning visitor disconnected, dark, not on a phone", () => {
    const airlock = createTestAirlock({ adapters: [evm], platform: browser(), storage: storedSession })
    expect(airlock.getState()).toMatchObject({
      themeMode: "light",
      isMobile: true,
      accounts: { eip155: { status: "connecting" } }
    })
    expect(airlock.getServerSnapshot()).toMatchObject({
      themeMode: "dark",
      isMobile: false,
      accounts: { eip155: { status: "disconnected" } }
    })
    // Exactly what a client created on a server from the same options starts with.
    const server = createTestAirlock({ adapters: [evm] })
    expect(airlock.getServerSnapshot()).toEqual(server.getState())
    expect(server.getServerSnapshot()).toEqual(server.getState())
  })

  it("keeps the theme the app chose", () => {
    const airlock = createTestAirlock({ adapters: [evm], themeMode: "light", platform: browser() })
    expect(airlock.getServerSnapshot().themeMode).toBe("light")
  })

  it("never changes: the same frozen object on every call, whatever the state does", async () => {
    const airlock = createTestAirlock({ adapters: [evm], platform: browser(), storage: storedSession })
    const snapshot = airlock.getServerSnapshot()
    await airlock.ready
    await airlock.open()
    expect(airlock.getState().modal.open).toBe(true)
    expect(airlock.getServerSnapshot()).toBe(snapshot)
    expect(snapshot.modal.open).toBe(false)
    expect(Object.isFrozen(snapshot.accounts.eip155)).toBe(true)
  })

  it("of a client whose options were refused holds the error, as its state does (disabled buttons on both sides)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = createTestAirlock({ adapters: [evm], siwx: {}, siweConfig: {} } as never)
    await airlock.ready.catch(() => undefined)
    expect(airlock.getServerSnapshot()).toMatchObject({
      status: "error",
      error: { message: "Cannot set both `siweConfig` and `siwx` options" }
    })
  })
})
