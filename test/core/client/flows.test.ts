import { describe, expect, it, vi } from "vitest"
import type { AirlockState } from "../../../core/index.ts"
import { base, mainnet, solana } from "../../../core/networks/index.ts"
import { selectConnectorStatus } from "../../../core/state/selectors.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"

const evm = { namespace: "eip155" } as const

const connect =
  (address: string) =>
  (state: AirlockState): AirlockState => ({
    ...state,
    accounts: { ...state.accounts, eip155: { ...state.accounts.eip155, status: "connected", address } }
  })

describe("network switching", () => {
  it("a switch into another namespace sets the switching flag for its duration", async () => {
    const airlock = createTestAirlock({ adapters: [evm, { namespace: "solana" }], networks: [mainnet, solana] })
    await airlock.ready
    const flags: Array<boolean> = []
    airlock.watch(
      (state) => state.switchingNamespace,
      (flag) => flags.push(flag)
    )
    await airlock.switchNetwork(solana)
    expect(flags).toEqual([true, false])
    await airlock.switchNetwork(solana)
    expect(flags).toEqual([true, false])
  })

  it("the account address is rebuilt from namespace, network id and address", async () => {
    const airlock = createTestAirlock({ adapters: [evm], networks: [mainnet, base] })
    await airlock.ready
    airlock.setState(connect("0x00000000000000000000000000000000000000aa"))
    await airlock.switchNetwork(base)
    expect(airlock.getState().accounts.eip155.caipAddress).toBe(
      "eip155:8453:0x00000000000000000000000000000000000000aa"
    )
  })
})

describe("a wallet on a chain the app does not support", () => {
  const report = async (options: Parameters<typeof createTestAirlock>[0]) => {
    const airlock = createTestAirlock({ adapters: [evm], networks: [mainnet], ...options })
    await airlock.ready
    await airlock.runtime.runPromise((await import("../../../core/flows/network/report.ts")).reportChain("eip155", 777))
    return airlock.getState()
  }

  it("shows UnsupportedChain and marks the network unknown", async () => {
    const state = await report({})
    expect(state.activeNetworks.eip155).toMatchObject({ caipNetworkId: "eip155:777", name: "Chain 777" })
    expect(state.modal).toMatchObject({ open: true, view: "UnsupportedChain" })
  })

  it("does not show UnsupportedChain when unsupported chains are allowed, switching is off, or in basic mode", async () => {
    for (const options of [{ allowUnsupportedChain: true }, { enableNetworkSwitch: false }, { basic: true }]) {
      const state = await report(options)
      expect(state.activeNetworks.eip155?.caipNetworkId).toBe("eip155:777")
      expect(state.modal.open).toBe(false)
    }
  })
})

describe("connectors", () => {
  it("a connector is connected when active, active when only in the connections, else disconnected", () => {
    const airlock = createTestAirlock()
    airlock.setState((state) => ({
      ...state,
      activeConnectorIds: { eip155: "injected" },
      connections: {
        eip155: [
          { connectorId: "injected", accounts: [{ address: "0x1" }] },
          { connectorId: "walletConnect", accounts: [{ address: "0x2" }] }
        ]
      }
    }))
    const state = airlock.getState()
    expect(selectConnectorStatus(state, "eip155", "injected")).toBe("connected")
    expect(selectConnectorStatus(state, "eip155", "walletConnect")).toBe("active")
    expect(selectConnectorStatus(state, "eip155", "coinbase")).toBe("disconnected")
    expect(selectConnectorStatus(state, "solana", "injected")).toBe("disconnected")
  })

  it("disconnect clears the namespace's account and connections, and stores the status", async () => {
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.ready
    airlock.setState((state) => ({
      ...connect("0xabc")(state),
      activeConnectorIds: { eip155: "injected" },
      connections: { eip155: [{ connectorId: "injected", accounts: [{ address: "0xabc" }] }] }
    }))
    await airlock.open()
    await airlock.disconnect()
    const state = airlock.getState()
    expect(state.accounts.eip155).toMatchObject({ status: "disconnected" })
    expect(state.accounts.eip155.address).toBeUndefined()
    expect(state.connections.eip155).toBeUndefined()
    expect(state.modal.open).toBe(false)
  })
})

describe("leaving the Farcaster view while not connected", () => {
  it("clears the Farcaster url and reloads the auth connector after 100 ms", async () => {
    const reload = vi.fn()
    const embedded = { namespace: "eip155" as const, load: async () => ({ reloadConnector: reload }) }
    const airlock = createTestAirlock({ adapters: [embedded], clock: "test" })
    await airlock.ready
    airlock.setState((state) => ({
      ...state,
      connectors: [{ id: "AUTH", type: "AUTH", name: "Email", chain: "eip155" }],
      accounts: { ...state.accounts, eip155: { ...state.accounts.eip155, farcasterUrl: "https://farcaster.test/x" } }
    }))
    await airlock.open()
    airlock.push("ConnectingFarcaster")
    airlock.goBack()
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.farcasterUrl).toBeUndefined())
    await airlock.clock.adjust("99 millis")
    expect(reload).not.toHaveBeenCalled()
    await airlock.clock.adjust("1 millis")
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith("AUTH"))
  })
})

describe("feature views", () => {
  it("a feature view opens only while its feature is on", async () => {
    const off = createTestAirlock({ adapters: [evm], features: { send: false } })
    await off.ready
    await off.open({ view: "Send" })
    expect(off.getState().modal.open).toBe(false)
    const on = createTestAirlock({ adapters: [evm], features: { send: true } })
    await on.ready
    await on.open({ view: "Send" })
    expect(on.getState().modal).toMatchObject({ open: true, view: "Send" })
  })

  it("pushing a view whose feature is off leaves the stack as it was", async () => {
    const airlock = createTestAirlock({
      adapters: [evm],
      walletApi: { projectConfig: { features: [{ id: "swap", isEnabled: false, config: null }] } }
    })
    await airlock.ready
    await airlock.open()
    airlock.push("Swap")
    expect(airlock.getState().modal.history).toEqual(["Connect"])
    airlock.push("AllWallets")
    expect(airlock.getState().modal.history).toEqual(["Connect", "AllWallets"])
  })
})

describe("connect methods", () => {
  it("email and social login show only with the embedded wallet's AUTH connector", async () => {
    const { selectConnectView } = await import("../../../core/state/selectors.ts")
    // A browser wallet, so the wallet method has something to offer (without one it is left out too).
    const wallet = { id: "io.metamask", type: "ANNOUNCED", name: "MetaMask", chain: "eip155" } as const
    const airlock = createTestAirlock({ adapters: [evm] })
    await airlock.ready
    airlock.setState((state) => ({ ...state, connectors: [wallet] }))
    expect(selectConnectView(airlock.getState()).methods).toEqual(["wallet"])
    airlock.setState((state) => ({
      ...state,
      connectors: [wallet, { id: "AUTH", type: "AUTH", name: "Email", chain: "eip155" }]
    }))
    expect(selectConnectView(airlock.getState()).methods).toEqual(["email", "social", "wallet"])
  })
})

describe("destroy", () => {
  it("ends a running shake, releases the app's listeners, and the client refuses further actions", async () => {
    const airlock = createTestAirlock({ adapters: [evm], clock: "test" })
    await airlock.ready
    airlock.shake()
    await vi.waitFor(() => expect(airlock.getState().shake).toBe(true))
    const listener = vi.fn()
    airlock.subscribe(listener)
    await airlock.destroy()
    // The interrupted shake timer clears its flag, without the 500 ms ever passing.
    expect(airlock.getState().shake).toBe(false)
    expect(airlock.getState().status).toBe("destroyed")
    listener.mockClear()
    airlock.setState((state) => ({ ...state, themeMode: state.themeMode === "dark" ? "light" : "dark" }))
    expect(listener).not.toHaveBeenCalled()
    await expect(airlock.open()).rejects.toThrow("destroyed")
  })
})
