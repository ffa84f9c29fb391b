import { describe, expect, it, vi } from "vitest"
import { ConnectionError, RpcError } from "../../../core/errors/catalogue.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import type { ConnectorData } from "../../../core/schema/connector.ts"
import { Storage, StorageKeys } from "../../../core/services/Storage.ts"
import { selectConnectView } from "../../../core/state/selectors.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { snackText } from "../../fixtures/englishText.ts"

// Every rule of the connection flows, through the adapter contract, with a scripted wallet (airlock/testing's
// fakeAdapter): the same core flows a real EVM wallet goes through, without a browser.

const other = "0x1111111111111111111111111111111111111111"
const networks = [mainnet, base] as const

const eth = (numeric: string) => ({
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 0,
  quantity: { decimals: "18", numeric }
})

const setup = (
  options: Parameters<typeof fakeAdapter>[0] = {},
  extra: Parameters<typeof createTestAirlock>[0] = {}
) => {
  const { adapter, wallet } = fakeAdapter(options)
  const airlock = createTestAirlock({
    networks: [...networks],
    adapters: [adapter],
    blockchainApi: { balances: { [fakeAccount]: [eth("1.23999")] } },
    ...extra
  })
  return { airlock, wallet }
}

describe("discovery", () => {
  it("puts the adapter's connectors into the state as plain data, from the first snapshot", () => {
    const { airlock } = setup()
    expect(airlock.getState().connectors).toEqual([
      { id: "test.wallet", type: "ANNOUNCED", name: "Test Wallet", chain: "eip155" }
    ])
    expect(airlock.getState().hasInjectedWallet).toBe(true)
  })

  it("matches a browser wallet to its registry listing by rdns (explorerId), also when the lists arrive later", async () => {
    const listing = { id: "c57ca95b", name: "Test Wallet", rdns: "io.test" }
    // The registry's lists load only with a WalletConnect connector (without one they could not be shown).
    const walletConnect = fakeAdapter({
      connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" }
    })
    const airlock = createTestAirlock({
      networks: [...networks],
      adapters: [fakeAdapter({ connector: { info: { rdns: "io.test" } } }).adapter, walletConnect.adapter],
      walletApi: { wallets: [listing] }
    })
    await airlock.ready
    await vi.waitFor(() => expect(airlock.getState().connectors[0]?.explorerId).toBe("c57ca95b"))
  })

  it("drops an unsafe announced icon before it reaches the state", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const { airlock } = setup({ connector: { imageUrl: "javascript:alert(1)" } })
    expect(airlock.getState().connectors[0]?.imageUrl).toBeUndefined()
    warn.mockRestore()
  })
})

describe("connect", () => {
  it("writes the account, connector and network, stores the session, tracks CONNECT_SUCCESS and reads the balance", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    const state = airlock.getState()
    expect(state.accounts.eip155).toMatchObject({
      status: "connected",
      address: fakeAccount,
      caipAddress: `eip155:1:${fakeAccount}`
    })
    expect(state.activeConnectorIds.eip155).toBe("test.wallet")
    expect(state.connections.eip155).toEqual([{ connectorId: "test.wallet", accounts: [{ address: fakeAccount }] }])
    expect(state.lastEvent?.data).toMatchObject({ event: "CONNECT_SUCCESS" })
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155).toMatchObject({ balance: "1.23999" }))
    // The live object is reachable, but never in the state.
    expect(await airlock.getProvider()).toMatchObject({ fake: true, connectorId: "test.wallet" })
    expect(JSON.stringify(airlock.getState().connectors)).not.toContain("fake")
  })

  it("remembers the wallet as the first recent one (stored), shown once on Connect: its Installed row, tagged recent", async () => {
    const { airlock } = setup({ connector: { info: { rdns: "io.test" } } })
    await airlock.ready
    await airlock.connect("test.wallet")
    expect(airlock.getState().wallets.recent).toEqual([{ id: "test.wallet", name: "Test Wallet", rdns: "io.test" }])
    await airlock.disconnect()
    const { sections } = selectConnectView(airlock.getState())
    expect(sections.map((s) => s.type)).toEqual(["injected"])
    expect(sections[0]).toMatchObject({ recentIds: ["test.wallet"] })
  })

  it("reads the account's name from the identity API (not on testnets)", async () => {
    const identities = { [fakeAccount]: { name: "ada.eth", avatar: null } }
    const { airlock } = setup({}, { blockchainApi: { identities } })
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.profileName).toBe("ada.eth"))
    const sepolia = { ...base, id: 84532, caipNetworkId: "eip155:84532", name: "Base Sepolia", testnet: true }
    const testnet = setup(
      { chainId: 84532, rpcBalance: "1" },
      { blockchainApi: { identities }, networks: [sepolia as never] }
    )
    await testnet.airlock.ready
    await testnet.airlock.connect("test.wallet")
    // The name is read right after the balance, in the same background work: once the balance is in, it is done.
    await vi.waitFor(() => expect(testnet.airlock.getState().accounts.eip155.balance).toBe("1"))
    expect(testnet.airlock.getState().accounts.eip155.profileName).toBeUndefined()
  })

  it("reads the balance from the chain when the blockchain API cannot answer", async () => {
    const { airlock } = setup({ rpcBalance: "2.5" }, { blockchainApi: { supportedChains: [] } })
    await airlock.ready
    await airlock.connect("test.wallet")
    await vi.waitFor(() =>
      expect(airlock.getState().accounts.eip155).toMatchObject({ balance: "2.5", balanceSymbol: "ETH" })
    )
  })

  it("leaves the balance unknown when neither the API nor the chain answers", async () => {
    const { airlock } = setup({}, { blockchainApi: { supportedChains: [] } })
    await airlock.ready
    await airlock.connect("test.wallet")
    await airlock.switchNetwork(base)
    expect(airlock.getState().accounts.eip155.balance).toBeUndefined()
    expect(airlock.getState().accounts.eip155.status).toBe("connected")
    await vi.waitFor(() => expect(snackText(airlock.getState())).toBe("Token Balance Unavailable"))
  })

  it("adopts the wallet's own chain when the app supports it", async () => {
    const { airlock } = setup({ chainId: 8453 })
    await airlock.ready
    await airlock.connect("test.wallet")
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
    expect(airlock.getState().accounts.eip155.caipAddress).toBe(`eip155:8453:${fakeAccount}`)
  })

  it("shows UnsupportedChain when the wallet sits on a chain the app does not list", async () => {
    const { airlock } = setup({ chainId: 31337 })
    await airlock.ready
    await airlock.open()
    await airlock.connect("test.wallet")
    expect(airlock.getState().activeNetworks.eip155?.name).toBe("Chain 31337")
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "UnsupportedChain" })
  })

  it("a refusal is 'Connection rejected': the status goes back and CONNECT_ERROR is tracked", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    wallet.rejectNextConnect()
    const error = await airlock.connect("test.wallet").catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionError)
    expect((error as ConnectionError).shortMessage).toBe("Connection rejected")
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    expect(airlock.getState().lastEvent?.data).toMatchObject({
      event: "CONNECT_ERROR",
      properties: { message: "Connection rejected" }
    })
    // Trying again works.
    await airlock.connect("test.wallet")
    expect(airlock.getState().accounts.eip155.status).toBe("connected")
  })

  it("a refusal shakes the open modal for 500 ms (core does it, whichever view connected)", async () => {
    const { airlock, wallet } = setup({}, { clock: "test" })
    await airlock.ready
    await airlock.open()
    wallet.rejectNextConnect()
    await airlock.connect("test.wallet").catch(() => undefined)
    await vi.waitFor(() => expect(airlock.getState().shake).toBe(true))
    await airlock.clock.adjust("500 millis")
    expect(airlock.getState().shake).toBe(false)
  })

  it("a refusal with the modal closed (an app's own button) shakes nothing", async () => {
    const { airlock, wallet } = setup({}, { clock: "test" })
    await airlock.ready
    wallet.rejectNextConnect()
    await airlock.connect("test.wallet").catch(() => undefined)
    await airlock.clock.adjust("1 millis")
    expect(airlock.getState().shake).toBe(false)
  })

  it("any other failure is 'Failed to connect', with the wallet's message as details", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    wallet.failNextConnect("extension crashed")
    const error = (await airlock.connect("test.wallet").catch((e: unknown) => e)) as ConnectionError
    expect(error.shortMessage).toBe("Failed to connect")
    expect(error.details).toBe("extension crashed")
  })

  it("an unknown connector is refused without asking any wallet", async () => {
    const { airlock } = setup()
    await airlock.ready
    const error = (await airlock.connect("nope").catch((e: unknown) => e)) as ConnectionError
    expect(error.shortMessage).toBe("Failed to connect")
  })

  it("closes the modal it was started from", async () => {
    const { airlock } = setup()
    await airlock.ready
    await airlock.open()
    airlock.push("ConnectingExternal", { connectorId: "test.wallet" })
    await airlock.connect("test.wallet")
    expect(airlock.getState().modal.open).toBe(false)
  })
})

describe("wallet events", () => {
  it("a new account replaces the old one (and its balance)", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    wallet.accountsChanged([other])
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.address).toBe(other))
    expect(airlock.getState().accounts.eip155.caipAddress).toBe(`eip155:1:${other}`)
  })

  it("a chain change follows the wallet: supported, then unknown", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    wallet.chainChanged(8453)
    await vi.waitFor(() => expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453"))
    wallet.chainChanged(31337)
    await vi.waitFor(() => expect(airlock.getState().activeNetworks.eip155?.name).toBe("Chain 31337"))
  })

  it("revoked access or a wallet disconnect ends the connection in state and storage", async () => {
    for (const end of ["revoke", "disconnect"] as const) {
      const { airlock, wallet } = setup()
      await airlock.ready
      await airlock.connect("test.wallet")
      if (end === "revoke") wallet.accountsChanged([])
      else wallet.disconnected()
      await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("disconnected"))
      expect(airlock.getState().activeConnectorIds.eip155).toBeUndefined()
    }
  })
})

describe("switching network and disconnecting", () => {
  it("switchNetwork moves the connected wallet first, and tracks SWITCH_NETWORK", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    await airlock.switchNetwork(base)
    expect(wallet.switches).toEqual(["eip155:8453"])
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
    expect(airlock.getState().lastEvent?.data).toMatchObject({
      event: "SWITCH_NETWORK",
      properties: { network: "eip155:8453" }
    })
  })

  it("disconnect goes through the wallet, and its later events change nothing", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    await airlock.disconnect()
    expect(wallet.disconnects()).toBe(1)
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    expect(airlock.getState().lastEvent?.data).toMatchObject({ event: "DISCONNECT_SUCCESS" })
    wallet.accountsChanged([other])
    expect(airlock.getState().accounts.eip155.address).toBeUndefined()
  })
})

describe("requests", () => {
  it("sends an allowed method to the connected wallet and returns its answer", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    wallet.answerNext("0xsignature")
    await expect(airlock.request({ method: "personal_sign", params: ["0x68656c6c6f", fakeAccount] })).resolves.toBe(
      "0xsignature"
    )
    expect(wallet.requests).toEqual([{ method: "personal_sign", params: ["0x68656c6c6f", fakeAccount] }])
  })

  it("refuses a method outside the allowlist before it reaches the wallet", async () => {
    const { airlock, wallet } = setup()
    await airlock.ready
    await airlock.connect("test.wallet")
    const error = await airlock.request({ method: "eth_sign", params: [] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).shortMessage).toBe("Requested RPC call is not allowed")
    expect(wallet.requests).toEqual([])
  })
})

describe("reconnect on start", () => {
  const stored: ReadonlyArray<readonly [string, string]> = [
    ["@airlock/eip155:connection_status", "connected"],
    ["@airlock/eip155:connected_connector_ids", '["test.wallet"]']
  ]

  it("restores the stored connection without a prompt", async () => {
    const { airlock } = setup({ chainId: 8453 }, { storage: stored })
    await airlock.ready
    expect(airlock.getState().accounts.eip155.status).toBe("connecting")
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("connected"))
    expect(airlock.getState().accounts.eip155.address).toBe(fakeAccount)
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
  })

  it("a wallet that no longer grants access leaves the app disconnected", async () => {
    const { airlock } = setup({ restores: false }, { storage: stored })
    await airlock.ready
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("disconnected"))
  })

  it("a wallet that never shows up falls back to disconnected after 5 s (test clock)", async () => {
    const { adapter } = fakeAdapter()
    const silent = { ...adapter, watchConnectors: () => () => {} }
    const airlock = createTestAirlock({ networks: [...networks], adapters: [silent], storage: stored, clock: "test" })
    await airlock.ready
    await airlock.loadAdapter("eip155")
    await airlock.clock.adjust("4999 millis")
    expect(airlock.getState().accounts.eip155.status).toBe("connecting")
    await airlock.clock.adjust("1 millis")
    await vi.waitFor(() => expect(airlock.getState().accounts.eip155.status).toBe("disconnected"))
  })

  it("with reconnect disabled the stored session is ignored", async () => {
    const { airlock } = setup({}, { storage: stored, enableReconnect: false })
    await airlock.ready
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
  })
})

describe("a wallet reached by a pairing (WalletConnect)", () => {
  const pairingWallet = () => {
    let approve: () => void = () => {}
    let refuse: (error: unknown) => void = () => {}
    let offer: (uri: string) => void = () => {}
    let round = 0
    const adapter = {
      namespace: "eip155" as const,
      watchConnectors: (onChange: (c: ReadonlyArray<ConnectorData>) => void) => {
        onChange([{ id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }])
        return () => {}
      },
      load: async () => ({
        connect: ({ onUri }: { onUri?: ((uri: string) => void) | undefined }) =>
          new Promise<{ connectorId: string; accounts: Array<string>; chainId: number }>((resolve, reject) => {
            refuse = reject
            offer = (uri) => onUri?.(uri)
            offer(`wc:pairing-${round}`)
            approve = () => resolve({ connectorId: "walletConnect", accounts: [fakeAccount], chainId: 1 })
          }),
        renewPairing: () => {
          round += 1
          offer(`wc:pairing-${round}`)
        },
        cancelConnect: () => refuse(new ConnectionError({ reason: "ModalClosed" }))
      })
    }
    return { adapter, approve: () => approve() }
  }

  it("offers the URI for 4 minutes and renews it when under 10 s remain, then clears it once connected", async () => {
    const { adapter, approve } = pairingWallet()
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter], clock: "test" })
    await airlock.ready
    const connecting = airlock.connect("walletConnect")
    await vi.waitFor(() => expect(airlock.getState().walletConnect.uri).toBe("wc:pairing-0"))
    const { expiry } = airlock.getState().walletConnect
    await airlock.clock.adjust("229999 millis")
    expect(airlock.getState().walletConnect).toEqual({ uri: "wc:pairing-0", expiry })
    await airlock.clock.adjust("1 millis")
    await vi.waitFor(() => expect(airlock.getState().walletConnect.uri).toBe("wc:pairing-1"))
    expect(airlock.getState().walletConnect.expiry).toBe((expiry ?? 0) + 230_000)
    approve()
    await connecting
    expect(airlock.getState().walletConnect).toEqual({ uri: undefined, expiry: undefined })
    expect(airlock.getState().accounts.eip155.status).toBe("connected")
  })

  it("closing the modal gives the pairing up: no URI, the namespace disconnected again, 'Modal closed'", async () => {
    const { adapter } = pairingWallet()
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter] })
    await airlock.ready
    await airlock.open()
    airlock.push("ConnectingWalletConnect")
    const connecting = airlock.connect("walletConnect").catch((error: unknown) => error)
    await vi.waitFor(() => expect(airlock.getState().walletConnect.uri).toBe("wc:pairing-0"))
    expect(airlock.getState().accounts.eip155.status).toBe("connecting")
    await airlock.close()
    expect(((await connecting) as ConnectionError).shortMessage).toBe("Modal closed")
    expect(airlock.getState().walletConnect).toEqual({ uri: undefined, expiry: undefined })
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
  })
})

describe("a pairing made in advance (WalletConnect, as AppKit does)", () => {
  /** A pairing adapter that can make its pairing before the connect, and reports what it was asked. */
  const preparingWallet = () => {
    const log: Array<string> = []
    let parked: { readonly uri: string; readonly age: number } | undefined
    let approve: () => void = () => {}
    const adapter = {
      namespace: "eip155" as const,
      watchConnectors: (onChange: (c: ReadonlyArray<ConnectorData>) => void) => {
        onChange([{ id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }])
        return () => {}
      },
      load: async () => ({
        preparePairing: ({ network }: { network: { caipNetworkId: string } }) => {
          log.push(`prepare ${network.caipNetworkId}`)
          parked = { uri: "wc:prepared", age: 30_000 }
        },
        connect: ({ onUri }: { onUri?: ((uri: string, age?: number) => void) | undefined }) =>
          new Promise<{ connectorId: string; accounts: Array<string>; chainId: number }>((resolve) => {
            log.push(parked === undefined ? "connect" : "connect (prepared)")
            if (parked === undefined) onUri?.("wc:fresh")
            else onUri?.(parked.uri, parked.age)
            parked = undefined
            approve = () => resolve({ connectorId: "walletConnect", accounts: [fakeAccount], chainId: 1 })
          }),
        cancelConnect: () => {
          log.push("cancel")
          parked = undefined
        }
      })
    }
    return { adapter, log, approve: () => approve() }
  }

  it("opening the modal on Connect makes the pairing in the background; the choice offers it, its 4 minutes counted from when it was made", async () => {
    const { adapter, log, approve } = preparingWallet()
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter], clock: "test" })
    await airlock.ready
    await airlock.open()
    await vi.waitFor(() => expect(log).toEqual(["prepare eip155:1"]))
    // Nothing shows while nobody asked: no URI in the state.
    expect(airlock.getState().walletConnect.uri).toBeUndefined()
    airlock.push("ConnectingWalletConnect")
    const connecting = airlock.connect("walletConnect")
    await vi.waitFor(() => expect(airlock.getState().walletConnect.uri).toBe("wc:prepared"))
    expect(log).toEqual(["prepare eip155:1", "connect (prepared)"])
    const { expiry } = airlock.getState().walletConnect
    // The test clock reads 0: made 30 s ago, it lives 4 minutes from then.
    expect(expiry).toBe(240_000 - 30_000)
    approve()
    await connecting
    expect(airlock.getState().accounts.eip155.status).toBe("connected")
  })

  it("closing the modal gives a pairing made in advance up, though nothing was offered", async () => {
    const { adapter, log } = preparingWallet()
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter] })
    await airlock.ready
    await airlock.open()
    await vi.waitFor(() => expect(log).toEqual(["prepare eip155:1"]))
    await airlock.close()
    expect(log).toEqual(["prepare eip155:1", "cancel"])
    expect(airlock.getState().walletConnect).toEqual({ uri: undefined, expiry: undefined })
  })

  it("connecting another wallet instead gives the pairing made in advance up", async () => {
    const wallet = preparingWallet()
    const { adapter: injected } = fakeAdapter()
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [injected, wallet.adapter] })
    await airlock.ready
    await airlock.open()
    await vi.waitFor(() => expect(wallet.log).toEqual(["prepare eip155:1"]))
    await airlock.connect("test.wallet")
    expect(wallet.log).toEqual(["prepare eip155:1", "cancel"])
    expect(airlock.getState().activeConnectorIds.eip155).toBe("test.wallet")
  })

  it("an app with manualWCControl drives WalletConnect itself: nothing is made in advance", async () => {
    const { adapter, log } = preparingWallet()
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter], manualWCControl: true })
    await airlock.ready
    await airlock.open({ view: "AllWallets" })
    await airlock.close()
    await airlock.open({ view: "Connect" })
    // Give the background flows their turn.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(log).toEqual([])
  })

  it("the pairing waits for a whole idle period: not the few ms left before the next frame, unless 1 s went by", async () => {
    const { adapter, log } = preparingWallet()
    // The browser's idle callbacks, run by the test with the idle time it gives each.
    const callbacks: Array<(deadline: IdleDeadline) => void> = []
    const idleWith = (remaining: number, didTimeout = false) => {
      for (const callback of callbacks.splice(0)) callback({ didTimeout, timeRemaining: () => remaining })
    }
    const window = {
      requestIdleCallback: (callback: (deadline: IdleDeadline) => void) => callbacks.push(callback),
      cancelIdleCallback: () => {}
    } as unknown as Window
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter], platform: { window } })
    await airlock.ready
    await airlock.open()
    await vi.waitFor(() => expect(callbacks).toHaveLength(1))
    // The gap before a frame (a click's own frame still to draw): it asks again.
    idleWith(4)
    expect(log).toEqual([])
    expect(callbacks).toHaveLength(1)
    // A whole idle period: the pairing is made.
    idleWith(49)
    await vi.waitFor(() => expect(log).toEqual(["prepare eip155:1"]))

    // A page never idle: the 1 s cap (the callbacks' timeout) makes it anyway.
    const busy = preparingWallet()
    const second = createTestAirlock({ networks: [mainnet], adapters: [busy.adapter], platform: { window } })
    await second.ready
    await second.open()
    await vi.waitFor(() => expect(callbacks).toHaveLength(1))
    idleWith(0, true)
    await vi.waitFor(() => expect(busy.log).toEqual(["prepare eip155:1"]))
  })

  it("a modal opened elsewhere (Account, Networks) makes no pairing", async () => {
    const { adapter, log } = preparingWallet()
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter] })
    await airlock.ready
    await airlock.open({ view: "Networks" })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(log).toEqual([])
  })
})

describe("WalletConnect wallet links (SPEC §4 linking)", () => {
  const phoneWallet = {
    id: "phone-wallet",
    name: "Phone Wallet",
    mobile_link: "phonewallet://",
    webapp_link: "https://phone.example/app"
  }
  const setupWalletConnect = (isMobile: boolean) => {
    const opened: Array<readonly [string, string | undefined]> = []
    const { airlock, wallet } = setup(
      { connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" } },
      {
        walletApi: { wallets: [phoneWallet] },
        platform: {
          isMobile: () => isMobile,
          open: (url, target) => {
            opened.push([url, target])
            return undefined
          }
        }
      }
    )
    return { airlock, wallet, opened }
  }
  const connectChosen = async (airlock: ReturnType<typeof setup>["airlock"]) => {
    await airlock.ready
    await vi.waitFor(() => expect(airlock.getState().wallets.recommended.map((w) => w.id)).toContain("phone-wallet"))
    airlock.open()
    airlock.push("ConnectingWalletConnect", { walletId: "phone-wallet" })
    await airlock.connect("walletConnect")
  }

  it("on a phone, the chosen wallet is remembered: a signing request brings its app forward, a read does not", async () => {
    const { airlock, opened } = setupWalletConnect(true)
    await connectChosen(airlock)
    expect(airlock.getState().walletConnect.linking).toEqual({ name: "Phone Wallet", href: "phonewallet://" })
    // The chosen registry wallet is the recent one, not the generic WalletConnect connector.
    expect(airlock.getState().wallets.recent[0]?.id).toBe("phone-wallet")
    await airlock.request({ method: "eth_chainId" })
    expect(opened).toEqual([])
    await airlock.request({ method: "personal_sign", params: ["0x68656c6c6f", fakeAccount] })
    expect(opened).toEqual([["phonewallet://", "_self"]])
  })

  it("the remembered wallet survives a reload (storage), and a disconnect resets it (uri, expiry, linking, wallet)", async () => {
    const { airlock } = setupWalletConnect(true)
    await connectChosen(airlock)
    const storedLinking = (client: typeof airlock) =>
      client.runtime.runPromise(Storage.use((storage) => storage.get(StorageKeys.walletConnectLinking)))
    expect(await storedLinking(airlock)).toEqual({ name: "Phone Wallet", href: "phonewallet://" })
    const stored = JSON.stringify(await storedLinking(airlock))

    const { adapter } = fakeAdapter({
      connector: { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect" }
    })
    const reloaded = createTestAirlock({
      networks: [...networks],
      adapters: [adapter],
      storage: [["@airlock/wallet_connect_linking", stored]]
    })
    await reloaded.ready
    expect(reloaded.getState().walletConnect.linking?.href).toBe("phonewallet://")

    await airlock.disconnect()
    expect(airlock.getState().walletConnect).toEqual({ uri: undefined, expiry: undefined })
    expect(await storedLinking(airlock)).toBeUndefined()
  })

  it("a stored link that is not a safe link (javascript:) is ignored", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const { adapter } = fakeAdapter()
    const airlock = createTestAirlock({
      networks: [...networks],
      adapters: [adapter],
      storage: [["@airlock/wallet_connect_linking", JSON.stringify({ name: "X", href: "javascript:alert(1)" })]]
    })
    await airlock.ready
    expect(airlock.getState().walletConnect.linking).toBeUndefined()
    warn.mockRestore()
  })

  it("a signing request sent through the provider (viem, wagmi) brings the wallet forward too", async () => {
    const { airlock, wallet, opened } = setupWalletConnect(true)
    await connectChosen(airlock)
    const provider = (await airlock.getProvider()) as {
      request: (args: { method: string; params?: unknown }) => Promise<unknown>
    }
    await provider.request({ method: "eth_chainId" })
    expect(opened).toEqual([])
    await provider.request({ method: "personal_sign", params: ["0x68656c6c6f", fakeAccount] })
    expect(opened).toEqual([["phonewallet://", "_self"]])
    expect(wallet.requests.map((r) => r.method)).toEqual(["eth_chainId", "personal_sign"])
    // One wrapper per provider: asking again gives the same object (libraries compare providers).
    expect(await airlock.getProvider()).toBe(provider)
  })

  it("on a desktop nothing is remembered to open: requests never open a window", async () => {
    const { airlock, opened } = setupWalletConnect(false)
    await connectChosen(airlock)
    expect(airlock.getState().walletConnect.linking).toBeUndefined()
    await airlock.request({ method: "personal_sign", params: ["0x68656c6c6f", fakeAccount] })
    expect(opened).toEqual([])
  })
})
