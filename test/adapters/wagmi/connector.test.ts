import { base as viemBase, mainnet as viemMainnet, optimism as viemOptimism } from "viem/chains"
import { describe, expect, it } from "vitest"
import { createConfig as createConfig2, http as http2 } from "wagmi2"
import * as actions2 from "wagmi2/actions"
import { createConfig as createConfig3, http as http3 } from "wagmi3"
import * as actions3 from "wagmi3/actions"
import { airlock } from "../../../adapters/wagmi/index.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"

// `airlock-kit/wagmi` (issue 26) under wagmi's own createConfig and actions, wagmi 2 and wagmi 3 in one run: what an
// app's wagmi hooks read (getAccount / getConnection) follows Airlock both ways. The wallet is airlock/testing's fake.

const other = "0x1111111111111111111111111111111111111111"

const versions = [
  {
    name: "wagmi 2",
    make: (connector: ReturnType<typeof airlock>) =>
      createConfig2({
        chains: [viemMainnet, viemBase, viemOptimism],
        connectors: [connector],
        transports: { [viemMainnet.id]: http2(), [viemBase.id]: http2(), [viemOptimism.id]: http2() },
        multiInjectedProviderDiscovery: false
      }),
    actions: {
      connect: actions2.connect,
      disconnect: actions2.disconnect,
      reconnect: actions2.reconnect,
      switchChain: actions2.switchChain,
      account: actions2.getAccount
    }
  },
  {
    name: "wagmi 3",
    make: (connector: ReturnType<typeof airlock>) =>
      createConfig3({
        chains: [viemMainnet, viemBase, viemOptimism],
        connectors: [connector],
        transports: { [viemMainnet.id]: http3(), [viemBase.id]: http3(), [viemOptimism.id]: http3() },
        multiInjectedProviderDiscovery: false
      }),
    actions: {
      connect: actions3.connect,
      disconnect: actions3.disconnect,
      reconnect: actions3.reconnect,
      switchChain: actions3.switchChain,
      account: actions3.getConnection
    }
  }
] as const

const setup = (version: (typeof versions)[number]) => {
  const { adapter, wallet } = fakeAdapter({ accounts: [fakeAccount, other] })
  const client = createTestAirlock({ networks: [mainnet, base], adapters: [adapter] })
  // biome-ignore lint/suspicious/noExplicitAny: one helper for two wagmi majors whose config types differ
  const config = version.make(airlock(client)) as any
  const connector = config.connectors[0]
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const act = version.actions as any as {
    connect: (c: unknown, p: unknown) => Promise<{ accounts: ReadonlyArray<string>; chainId: number }>
    disconnect: (c: unknown, p?: unknown) => Promise<void>
    reconnect: (c: unknown) => Promise<ReadonlyArray<unknown>>
    switchChain: (c: unknown, p: unknown) => Promise<{ id: number }>
    account: (c: unknown) => { status: string; address?: string; addresses?: ReadonlyArray<string>; chainId?: number }
  }
  return { client, wallet, config, connector, act }
}

/** Waits until the modal shows (the connector opened it). */
const modalOpen = (client: ReturnType<typeof createTestAirlock>) =>
  new Promise<void>((resolve) => {
    if (client.getState().modal.open) return resolve()
    const stop = client.watch(
      (s) => s.modal.open,
      (open) => {
        if (!open) return
        stop()
        resolve()
      }
    )
  })

/** wagmi's connect, the user choosing the wallet in the modal it opened. */
const connectThroughWagmi = async (
  client: ReturnType<typeof createTestAirlock>,
  config: unknown,
  connector: unknown,
  act: ReturnType<typeof setup>["act"]
) => {
  await client.ready
  const connecting = act.connect(config, { connector })
  await modalOpen(client)
  await client.connect("test.wallet")
  return connecting
}

describe.each(versions)("the Airlock connector under $name", (version) => {
  it("connect opens Airlock's modal and resolves with the wallet chosen there", async () => {
    const { client, config, connector, act } = setup(version)
    await client.ready
    const connecting = act.connect(config, { connector })
    await modalOpen(client)
    expect(client.getState().modal.view).toBe("Connect")
    await client.connect("test.wallet") // the user's choice in the modal
    const result = await connecting
    expect(result.accounts).toEqual([fakeAccount, other])
    expect(result.chainId).toBe(1)
    expect(act.account(config)).toMatchObject({ status: "connected", address: fakeAccount, chainId: 1 })
    expect(client.getState().modal.open).toBe(false)
  })

  it("closing the modal without a wallet rejects wagmi's connect as the user's refusal", async () => {
    const { client, config, connector, act } = setup(version)
    await client.ready
    const refused = act.connect(config, { connector }).then(
      () => undefined,
      (error: unknown) => error
    )
    await modalOpen(client)
    await client.close()
    expect(await refused).toMatchObject({ code: 4001, name: "UserRejectedRequestError" })
    expect(act.account(config).status).toBe("disconnected")
  })

  it("a client destroyed while its modal is open ends wagmi's connect instead of leaving it pending", async () => {
    const { client, config, connector, act } = setup(version)
    await client.ready
    const ended = act.connect(config, { connector }).then(
      () => "connected",
      () => "rejected"
    )
    await modalOpen(client)
    await client.destroy()
    expect(await ended).toBe("rejected")
    expect(act.account(config).status).toBe("disconnected")
  })

  it("disconnecting in wagmi disconnects Airlock, and Airlock's disconnect reaches wagmi", async () => {
    const { client, config, connector, act } = setup(version)
    await connectThroughWagmi(client, config, connector, act)
    await act.disconnect(config, { connector })
    expect(client.getState().accounts.eip155.status).toBe("disconnected")
    expect(act.account(config).status).toBe("disconnected")

    await client.connect("test.wallet") // connected in Airlock's own UI: wagmi picks it up
    await expect.poll(() => act.account(config).status).toBe("connected")
    expect(act.account(config).address).toBe(fakeAccount)
    await client.disconnect()
    await expect.poll(() => act.account(config).status).toBe("disconnected")
  })

  it("switchChain goes through Airlock's switchNetwork; a chain Airlock lacks is refused", async () => {
    const { client, wallet, config, connector, act } = setup(version)
    await connectThroughWagmi(client, config, connector, act)
    const chain = await act.switchChain(config, { chainId: viemBase.id })
    expect(chain.id).toBe(viemBase.id)
    expect(wallet.switches).toEqual(["eip155:8453"])
    expect(client.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
    expect(act.account(config).chainId).toBe(viemBase.id)
    await expect(act.switchChain(config, { chainId: viemOptimism.id })).rejects.toThrow()
    expect(wallet.switches).toEqual(["eip155:8453"])
  })

  it("the wallet's own account and chain changes reach wagmi", async () => {
    const { client, wallet, config, connector, act } = setup(version)
    await connectThroughWagmi(client, config, connector, act)
    wallet.chainChanged(8453)
    await expect.poll(() => act.account(config).chainId).toBe(8453)
    wallet.accountsChanged([other])
    await expect.poll(() => act.account(config).address).toBe(other)
  })

  it("wagmi's reconnect restores Airlock's connection without the modal, and finds nothing without one", async () => {
    const { client, config, act } = setup(version)
    expect(await act.reconnect(config)).toEqual([])
    expect(client.getState().modal.open).toBe(false)
    await client.connect("test.wallet") // as Airlock's stored session restores on start
    const [restored] = (await act.reconnect(config)) as ReadonlyArray<{ accounts: ReadonlyArray<string> }>
    expect(restored?.accounts).toEqual([fakeAccount, other])
    expect(act.account(config)).toMatchObject({ status: "connected", address: fakeAccount })
    expect(client.getState().modal.open).toBe(false)
  })

  it("getProvider is the connection's EIP-1193 provider", async () => {
    const { client, wallet, config, connector, act } = setup(version)
    await connectThroughWagmi(client, config, connector, act)
    const provider = (await connector.getProvider()) as { request: (a: { method: string }) => Promise<unknown> }
    wallet.answerNext("0xsigned")
    expect(await provider.request({ method: "personal_sign" })).toBe("0xsigned")
  })
})

describe("wagmi 3's connect with capabilities", () => {
  it("gives each account as an object when asked", async () => {
    const { client, connector } = setup(versions[1])
    await client.ready
    await client.connect("test.wallet")
    const result = await connector.connect({ withCapabilities: true })
    expect(result.accounts).toEqual([
      { address: fakeAccount, capabilities: {} },
      { address: other, capabilities: {} }
    ])
  })
})
