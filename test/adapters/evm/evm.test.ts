import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { makeEvmImplementation } from "../../../adapters/evm/implementation.ts"
import { evm } from "../../../adapters/evm/index.ts"
import type { Eip1193Provider } from "../../../adapters/evm/provider.ts"
import type { AdapterEvents } from "../../../core/adapter/AdapterImplementation.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import type { ConnectorData } from "../../../core/schema/connector.ts"

const account = "0x52908400098527886E0F7030069857D2E4169EE7"

type Handler = (params: unknown) => unknown

/** An EIP-1193 provider answering from a table of methods; records every call and keeps its listeners. */
const fakeProvider = (handlers: Record<string, Handler>) => {
  const calls: Array<{ method: string; params?: unknown }> = []
  const listeners = new Map<string, Set<(...args: Array<unknown>) => void>>()
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      calls.push(params === undefined ? { method } : { method, params })
      const handler = handlers[method]
      if (handler === undefined) throw Object.assign(new Error(`${method} not supported`), { code: 4200 })
      return handler(params)
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
    }
  }
  const emit = (event: string, ...args: Array<unknown>) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  return { provider, calls, emit, listeners }
}

const rejected = (code: number, message = "refused") => Object.assign(new Error(message), { code })

const withProvider = (provider: Eip1193Provider) => makeEvmImplementation(new Map([["io.test", provider]]))

describe("the EVM implementation over an EIP-1193 provider", () => {
  it("connects with eth_requestAccounts and reads the chain id (hex) as a number", async () => {
    const { provider, calls } = fakeProvider({ eth_requestAccounts: () => [account], eth_chainId: () => "0x2105" })
    const connection = await withProvider(provider).connect?.({ connectorId: "io.test", network: mainnet })
    expect(connection).toEqual({ connectorId: "io.test", accounts: [account], chainId: 8453 })
    expect(calls.map((c) => c.method)).toEqual(["eth_requestAccounts", "eth_chainId"])
  })

  it("passes the wallet's refusal through (core maps 4001 to 'Connection rejected')", async () => {
    const { provider } = fakeProvider({ eth_requestAccounts: () => Promise.reject(rejected(4001)) })
    await expect(withProvider(provider).connect?.({ connectorId: "io.test", network: mainnet })).rejects.toMatchObject({
      code: 4001
    })
  })

  it("a chain id it cannot read is a warning and an undefined chain, not a failed connect", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const { provider } = fakeProvider({ eth_requestAccounts: () => [account], eth_chainId: () => "not a chain" })
    const connection = await withProvider(provider).connect?.({ connectorId: "io.test", network: mainnet })
    expect(connection?.chainId).toBeUndefined()
    const failing = fakeProvider({ eth_requestAccounts: () => [account] })
    const second = await withProvider(failing.provider).connect?.({ connectorId: "io.test", network: mainnet })
    expect(second?.chainId).toBeUndefined()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it("reconnects without a prompt (eth_accounts); no accounts or unreadable accounts mean no connection", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const granted = fakeProvider({ eth_accounts: () => [account], eth_chainId: () => "0x1" })
    expect(await withProvider(granted.provider).reconnect?.({ connectorId: "io.test" })).toEqual({
      connectorId: "io.test",
      accounts: [account],
      chainId: 1
    })
    expect(granted.calls.map((c) => c.method)).not.toContain("eth_requestAccounts")
    const revoked = fakeProvider({ eth_accounts: () => [] })
    expect(await withProvider(revoked.provider).reconnect?.({ connectorId: "io.test" })).toBeUndefined()
    const broken = fakeProvider({ eth_accounts: () => Promise.reject(new Error("locked")) })
    expect(await withProvider(broken.provider).reconnect?.({ connectorId: "io.test" })).toBeUndefined()
    expect(await withProvider(granted.provider).reconnect?.({ connectorId: "gone" })).toBeUndefined()
    warn.mockRestore()
  })

  it("switches with wallet_switchEthereumChain", async () => {
    const { provider, calls } = fakeProvider({ wallet_switchEthereumChain: () => null })
    await withProvider(provider).switchNetwork?.({ connectorId: "io.test", network: base })
    expect(calls).toEqual([{ method: "wallet_switchEthereumChain", params: [{ chainId: "0x2105" }] }])
  })

  for (const code of [4902, 5000, 32603, -32603]) {
    it(`adds the chain and switches again when the wallet does not know it (code ${code})`, async () => {
      let known = false
      const { provider, calls } = fakeProvider({
        wallet_switchEthereumChain: () => (known ? null : Promise.reject(rejected(code, "Unrecognized chain"))),
        wallet_addEthereumChain: () => {
          known = true
          return null
        }
      })
      await withProvider(provider).switchNetwork?.({ connectorId: "io.test", network: base })
      expect(calls.map((c) => c.method)).toEqual([
        "wallet_switchEthereumChain",
        "wallet_addEthereumChain",
        "wallet_switchEthereumChain"
      ])
      expect(calls[1]?.params).toEqual([
        {
          chainId: "0x2105",
          chainName: "Base",
          nativeCurrency: base.nativeCurrency,
          rpcUrls: base.rpcUrls.default.http,
          blockExplorerUrls: [base.blockExplorers?.default.url]
        }
      ])
    })
  }

  it("any other switch failure (a refusal) is passed through, without adding a chain", async () => {
    const { provider, calls } = fakeProvider({ wallet_switchEthereumChain: () => Promise.reject(rejected(4001)) })
    await expect(
      withProvider(provider).switchNetwork?.({ connectorId: "io.test", network: base })
    ).rejects.toMatchObject({ code: 4001 })
    expect(calls.map((c) => c.method)).toEqual(["wallet_switchEthereumChain"])
  })

  it("turns provider events into contract events and stops listening when asked", () => {
    const { provider, emit, listeners } = fakeProvider({})
    const events: Array<string> = []
    const handlers: AdapterEvents = {
      accountsChanged: (accounts) => events.push(`accounts ${accounts.join(",")}`),
      chainChanged: (chainId) => events.push(`chain ${chainId}`),
      disconnected: () => events.push("disconnected")
    }
    const stop = withProvider(provider).watchEvents?.("io.test", handlers)
    emit("accountsChanged", [account, "not an address"])
    emit("chainChanged", "0xa")
    emit("chainChanged", "garbage")
    emit("disconnect")
    expect(events).toEqual([`accounts ${account}`, "chain 10", "disconnected"])
    stop?.()
    expect([...listeners.values()].every((set) => set.size === 0)).toBe(true)
  })

  it("revokes the permission on disconnect where the wallet has it, and ignores a wallet that has not", async () => {
    const { provider, calls } = fakeProvider({ wallet_revokePermissions: () => null })
    await withProvider(provider).disconnect?.({ connectorId: "io.test" })
    expect(calls).toEqual([{ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] }])
    const old = fakeProvider({})
    await expect(withProvider(old.provider).disconnect?.({ connectorId: "io.test" })).resolves.toBeUndefined()
  })

  it("hands the live provider out by connector id", () => {
    const { provider } = fakeProvider({})
    expect(withProvider(provider).getProvider?.("io.test")).toBe(provider)
    expect(withProvider(provider).getProvider?.("other")).toBeUndefined()
  })
})

describe("EIP-6963 discovery", () => {
  // A window of our own: an event target with `ethereum` settable, as the browser's.
  let target: EventTarget & { ethereum?: unknown }
  beforeEach(() => {
    target = new EventTarget()
    vi.stubGlobal("window", target)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const announce = (detail: unknown) => target.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))

  const watch = (options: Parameters<typeof evm>[0] = {}) => {
    const seen: Array<ReadonlyArray<ConnectorData>> = []
    const stop = evm(options).watchConnectors?.((connectors) => seen.push(connectors))
    return { seen, stop, last: () => seen.at(-1) ?? [] }
  }

  it("asks wallets to announce themselves, and lists each as an ANNOUNCED connector keyed by rdns", () => {
    let asked = 0
    target.addEventListener("eip6963:requestProvider", () => {
      asked += 1
    })
    const { last } = watch()
    expect(asked).toBe(1)
    const provider = fakeProvider({}).provider
    announce({
      info: { uuid: "u1", name: "Test Wallet", icon: "data:image/svg+xml,<svg/>", rdns: "io.test" },
      provider
    })
    expect(last()).toEqual([
      {
        id: "io.test",
        type: "ANNOUNCED",
        name: "Test Wallet",
        chain: "eip155",
        imageUrl: "data:image/svg+xml,<svg/>",
        info: { rdns: "io.test", icon: "data:image/svg+xml,<svg/>" }
      }
    ])
  })

  it("ignores a malformed announcement with a warning, and a repeated one without a change", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const { seen } = watch()
    const before = seen.length
    announce({ info: { name: 42 }, provider: {} })
    announce("nonsense")
    expect(seen.length).toBe(before)
    expect(warn).toHaveBeenCalledTimes(2)
    const provider = fakeProvider({}).provider
    const detail = { info: { uuid: "u1", name: "Test Wallet", icon: "", rdns: "io.test" }, provider }
    announce(detail)
    announce(detail)
    expect(seen.length).toBe(before + 1)
    warn.mockRestore()
  })

  it("lists a legacy window.ethereum as Browser Wallet only while nothing announces itself", () => {
    target.ethereum = fakeProvider({}).provider
    const { last } = watch()
    expect(last().map((c) => [c.id, c.type, c.name])).toEqual([["injected", "INJECTED", "Browser Wallet"]])
    announce({
      info: { uuid: "u1", name: "Test Wallet", icon: "", rdns: "io.test" },
      provider: fakeProvider({}).provider
    })
    expect(last().map((c) => c.id)).toEqual(["io.test"])
    const off = watch({ injected: false })
    expect(off.last()).toEqual([])
  })

  it("stops listening when discovery is stopped", () => {
    const { seen, stop } = watch()
    stop?.()
    announce({
      info: { uuid: "u1", name: "Late Wallet", icon: "", rdns: "io.late" },
      provider: fakeProvider({}).provider
    })
    expect(seen.flat().map((c) => c.id)).not.toContain("io.late")
  })
})
