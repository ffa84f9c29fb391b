import {
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  verifySignature
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { describe, expect, it, vi } from "vitest"
import { makeSolanaImplementation } from "../../../adapters/solana/implementation.ts"
import { connectorOf, getSolanaSigner } from "../../../adapters/solana/index.ts"
import type { AdapterConnection, AdapterEvents } from "../../../core/adapter/AdapterImplementation.ts"
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import { RpcError } from "../../../core/errors/catalogue.ts"
import { base, mainnet, solana, solanaDevnet } from "../../../core/networks/index.ts"
import { selectConnectView } from "../../../core/state/selectors.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { fakeStandardWallet, testKey } from "../../fixtures/standardWallet.ts"

// An app on two namespaces: an EVM wallet (airlock/testing's fakeAdapter) and a Solana wallet (the real Solana
// implementation over a scripted Wallet Standard wallet), through the same client an app creates.

const solanaAdapter = (fake: Awaited<ReturnType<typeof fakeStandardWallet>>): AirlockAdapter => {
  const connector = connectorOf(fake.wallet)
  return {
    namespace: "solana",
    // Node has no window for the standard's registry: the wallet is "discovered" at once (discovery itself runs in
    // Chromium, test/adapters/solana/discovery.browser.test.ts).
    watchConnectors: (onChange) => {
      onChange([connector])
      return () => {}
    },
    load: async () => makeSolanaImplementation(new Map([[connector.id, fake.wallet]]))
  }
}

const setup = async (
  options: {
    readonly storage?: Iterable<readonly [string, string]>
    readonly approved?: boolean
    readonly evmName?: string
  } = {}
) => {
  const fake = await fakeStandardWallet({ approved: options.approved ?? false, chains: ["solana:mainnet"] })
  const { adapter, wallet } = fakeAdapter({
    restores: true,
    ...(options.evmName === undefined ? {} : { connector: { name: options.evmName } })
  })
  const airlock = createTestAirlock({
    networks: [mainnet, base, solana, solanaDevnet],
    adapters: [adapter, solanaAdapter(fake)],
    blockchainApi: { balances: {} },
    ...(options.storage === undefined ? {} : { storage: options.storage })
  })
  await airlock.ready
  const solanaConnector = connectorOf(fake.wallet).id
  const evmConnector = airlock.getState().connectors.find((c) => c.chain === "eip155")!.id
  return { airlock, fake, evm: wallet, solanaConnector, evmConnector }
}

describe("an app on EVM and Solana at once", () => {
  it("lists the browser wallets of the active namespace on Connect: a Solana wallet once Solana is active", async () => {
    const { airlock } = await setup()
    const chains = () => {
      const injected = selectConnectView(airlock.getState()).sections.find((s) => s.type === "injected")
      return injected && "connectors" in injected ? injected.connectors.map((c) => c.chain) : []
    }
    expect(chains()).toEqual(["eip155"])
    await airlock.switchNetwork(solana)
    expect(chains()).toEqual(["solana"])
  })

  it("keeps one connection per namespace: connecting Solana leaves EVM connected, and disconnecting it too", async () => {
    const { airlock, solanaConnector, evmConnector } = await setup()
    await airlock.connect(evmConnector)
    await airlock.connect(solanaConnector)
    const state = airlock.getState()
    const solanaAddress = (await testKey(1)).address
    expect(state.accounts.eip155).toMatchObject({ status: "connected", address: fakeAccount })
    expect(state.accounts.solana).toMatchObject({
      status: "connected",
      address: solanaAddress,
      caipAddress: `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${solanaAddress}`
    })
    // The wallet the user just connected is the one the modal acts on.
    expect(state.activeNamespace).toBe("solana")
    await airlock.disconnect("solana")
    expect(airlock.getState().accounts.solana.status).toBe("disconnected")
    expect(airlock.getState().accounts.eip155).toMatchObject({ status: "connected", address: fakeAccount })
  })

  it("sets the switching flag while the active network moves to another namespace, and shows that namespace's account", async () => {
    const { airlock, solanaConnector, evmConnector } = await setup()
    await airlock.connect(evmConnector)
    await airlock.connect(solanaConnector)
    await airlock.switchNetwork(mainnet)
    const flags: Array<boolean> = []
    const stop = airlock.subscribe((state) => flags.push(state.switchingNamespace))
    await airlock.switchNetwork(solana)
    stop()
    expect(flags).toContain(true)
    expect(airlock.getState()).toMatchObject({ switchingNamespace: false, activeNamespace: "solana" })
    await airlock.open()
    expect(airlock.getState().modal.view).toBe("Account")
    await airlock.close()
    // Between two networks of one namespace the flag stays down.
    const sameNamespace: Array<boolean> = []
    const stop2 = airlock.subscribe((state) => sameNamespace.push(state.switchingNamespace))
    await airlock.switchNetwork(solanaDevnet)
    stop2()
    expect(sameNamespace).not.toContain(true)
  })

  it("open({ namespace }) switches to that namespace first: Connect when it has no connection", async () => {
    const { airlock, evmConnector } = await setup()
    await airlock.connect(evmConnector)
    expect(airlock.getState().activeNamespace).toBe("eip155")
    await airlock.open({ namespace: "solana" })
    await vi.waitFor(() => expect(airlock.getState().activeNamespace).toBe("solana"))
    expect(airlock.getState().modal.view).toBe("Connect")
    expect(airlock.getState().activeNetworks.solana?.caipNetworkId).toBe(solana.caipNetworkId)
  })

  it("restores both connections after a reload without moving the app off its stored namespace", async () => {
    const storage: ReadonlyArray<readonly [string, string]> = [
      ["@airlock/eip155:connection_status", "connected"],
      ["@airlock/solana:connection_status", "connected"],
      ["@airlock/eip155:connected_connector_ids", '["test.wallet"]'],
      ["@airlock/solana:connected_connector_ids", '["Test Solana Wallet"]'],
      ["@airlock/last_chain", "eip155:1"]
    ]
    const { airlock, fake } = await setup({ storage, approved: true })
    await vi.waitFor(() => {
      expect(airlock.getState().accounts.solana.status).toBe("connected")
      expect(airlock.getState().accounts.eip155.status).toBe("connected")
    })
    // The Solana wallet, restored after the EVM one, sits on Solana's first network without taking the app there.
    expect(airlock.getState().activeNamespace).toBe("eip155")
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:1")
    expect(airlock.getState().activeNetworks.solana?.caipNetworkId).toBe(solana.caipNetworkId)
    // Restored without a prompt.
    expect(fake.calls).toEqual([{ feature: "standard:connect", input: { silent: true } }])
  })

  it("follows a Solana account change and ends the Solana connection when the wallet revokes the site", async () => {
    const { airlock, fake, solanaConnector, evmConnector } = await setup()
    await airlock.connect(evmConnector)
    await airlock.connect(solanaConnector)
    const next = await testKey(2)
    fake.switchAccount(next)
    await vi.waitFor(() => expect(airlock.getState().accounts.solana.address).toBe(next.address))
    fake.revoke()
    await vi.waitFor(() => expect(airlock.getState().accounts.solana.status).toBe("disconnected"))
    expect(airlock.getState().accounts.eip155.status).toBe("connected")
  })

  it("checks Solana params (SPEC §5) before the wallet is asked", async () => {
    const { airlock, fake, solanaConnector } = await setup()
    await airlock.connect(solanaConnector)
    const before = fake.calls.length
    const refused = (params: unknown, method = "solana_signMessage") =>
      airlock.request({ method, params }, { namespace: "solana" }).then(
        () => undefined,
        (error: unknown) => error
      )
    expect(await refused({ message: "3yZe7d" })).toMatchObject({
      _tag: "RpcError",
      reason: "InvalidParams",
      shortMessage: "Invalid params for solana_signMessage"
    })
    expect(await refused({ transaction: 42 }, "solana_signTransaction")).toBeInstanceOf(RpcError)
    expect(
      await refused(
        { transaction: "AQAB", sendOptions: { preflightCommitment: "eventually" } },
        "solana_signAndSendTransaction"
      )
    ).toMatchObject({ reason: "InvalidParams" })
    expect(await refused({ transactions: "AQAB" }, "solana_signAllTransactions")).toMatchObject({
      reason: "InvalidParams"
    })
    // An allowed signing method (SPEC §5's Solana sign methods), which this wallet does not offer: unsupported, unasked.
    expect(await refused({}, "solana_signIn")).toMatchObject({ code: 4200 })
    expect(fake.calls.length).toBe(before)
  })

  it("hands the connected wallet to @solana/kit as a signer that signs transactions and messages", async () => {
    const { airlock, solanaConnector } = await setup()
    expect(() => getSolanaSigner(airlock)).toThrow(/No Solana wallet/)
    await airlock.connect(solanaConnector)
    const signer = getSolanaSigner(airlock)
    const key = await testKey(1)
    expect(signer.address).toBe(key.address)
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N" as Blockhash, lastValidBlockHeight: 10n },
          m
        ),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: signer, destination: key.address, amount: 5n }),
          m
        )
    )
    const signed = await signTransactionMessageWithSigners(message)
    const signature = signed.signatures[key.address]!
    expect(await verifySignature(key.keyPair.publicKey, signature, signed.messageBytes)).toBe(true)
    expect(signed.lifetimeConstraint).toMatchObject({ lastValidBlockHeight: 10n })

    const content = new TextEncoder().encode("Hello from Airlock on Solana")
    const [dictionary] = await signer.signMessages([{ content, signatures: {} }])
    const messageSignature = dictionary![key.address] as SignatureBytes
    expect(await verifySignature(key.keyPair.publicKey, messageSignature, content)).toBe(true)
  })

  it("shows a wallet that serves both namespaces once, standing for the active namespace's side", async () => {
    const { airlock } = await setup({ evmName: "Test Solana Wallet" })
    const entries = () => {
      const injected = selectConnectView(airlock.getState()).sections.find((s) => s.type === "injected")
      return injected && "connectors" in injected ? injected.connectors : []
    }
    expect(entries()).toHaveLength(1)
    expect(entries()[0]).toMatchObject({ type: "MULTI_CHAIN", chain: "eip155" })
    await airlock.switchNetwork(solana)
    expect(entries()).toHaveLength(1)
    expect(entries()[0]).toMatchObject({ type: "MULTI_CHAIN", chain: "solana" })
  })
})

describe("one connection serving two namespaces (a WalletConnect session with EVM and Solana accounts)", () => {
  const solanaAddress = "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"
  const sessionAdapter = (sides: { readonly evm: boolean; readonly solana: boolean }) => {
    const calls: Array<{ readonly what: string; readonly namespace?: string | undefined }> = []
    const events = new Map<string, AdapterEvents>()
    const connection = (): AdapterConnection => ({
      connectorId: "walletConnect",
      accounts: sides.evm ? [fakeAccount] : [],
      chainId: sides.evm ? 1 : undefined,
      ...(sides.solana ? { namespaces: { solana: { accounts: [solanaAddress], chainId: solana.id } } } : {})
    })
    const adapter: AirlockAdapter = {
      namespaces: ["eip155", "solana"],
      watchConnectors: (onChange) => {
        onChange([{ id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }])
        return () => {}
      },
      load: async () => ({
        connect: async () => connection(),
        reconnect: async ({ namespace }) => {
          calls.push({ what: "reconnect", namespace })
          const made = connection()
          if (namespace !== "solana") return made
          const side = made.namespaces?.solana
          return side === undefined ? undefined : { connectorId: made.connectorId, ...side }
        },
        disconnect: async ({ namespace }) => {
          calls.push({ what: "disconnect", namespace })
        },
        watchEvents: (_id, listener, namespace) => {
          events.set(namespace ?? "eip155", listener)
          return () => events.delete(namespace ?? "eip155")
        }
      })
    }
    return { adapter, calls, events }
  }
  const client = async (
    sides: { readonly evm: boolean; readonly solana: boolean },
    storage?: Array<[string, string]>
  ) => {
    const session = sessionAdapter(sides)
    const airlock = createTestAirlock({
      networks: [mainnet, solana],
      adapters: [session.adapter],
      ...(storage === undefined ? {} : { storage })
    })
    await airlock.ready
    return { airlock, ...session }
  }

  it("one approval connects both namespaces with the one connector, and the app stays on the connector's namespace", async () => {
    const { airlock } = await client({ evm: true, solana: true })
    await airlock.connect("walletConnect")
    const state = airlock.getState()
    expect(state.accounts.eip155).toMatchObject({ status: "connected", address: fakeAccount })
    expect(state.accounts.solana).toMatchObject({ status: "connected", address: solanaAddress })
    expect(state.activeConnectorIds).toEqual({ eip155: "walletConnect", solana: "walletConnect" })
    expect(state.activeNamespace).toBe("eip155")
  })

  it("connected while the app was on Solana, the app stays on Solana", async () => {
    const { airlock } = await client({ evm: true, solana: true })
    await airlock.switchNetwork(solana)
    await airlock.connect("walletConnect")
    expect(airlock.getState().activeNamespace).toBe("solana")
  })

  it("each namespace hears its own events; the session's end disconnects both", async () => {
    const { airlock, events } = await client({ evm: true, solana: true })
    await airlock.connect("walletConnect")
    expect([...events.keys()].sort()).toEqual(["eip155", "solana"])
    events.get("eip155")?.accountsChanged(["0x1111111111111111111111111111111111111111"])
    await vi.waitFor(() =>
      expect(airlock.getState().accounts.eip155.address).toBe("0x1111111111111111111111111111111111111111")
    )
    expect(airlock.getState().accounts.solana.address).toBe(solanaAddress)
    events.get("eip155")?.disconnected()
    events.get("solana")?.disconnected()
    await vi.waitFor(() => {
      expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
      expect(airlock.getState().accounts.solana.status).toBe("disconnected")
    })
  })

  it("disconnecting either namespace ends the whole session: both disconnect and the adapter hears each", async () => {
    for (const first of ["eip155", "solana"] as const) {
      const { airlock, calls } = await client({ evm: true, solana: true })
      await airlock.connect("walletConnect")
      const walletConnect = airlock.getState().walletConnect
      await airlock.open()
      expect(airlock.getState().modal.view).toBe("Account")
      await airlock.disconnect(first)
      // The header's button (the active namespace) and the other namespace's account agree: nothing stays connected.
      expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
      expect(airlock.getState().accounts.solana.status).toBe("disconnected")
      expect(airlock.getState().activeConnectorIds).toEqual({})
      expect(airlock.getState().modal.open).toBe(false)
      expect(airlock.getState().walletConnect).not.toBe(walletConnect)
      expect(
        calls
          .filter((c) => c.what === "disconnect")
          .map((c) => c.namespace)
          .sort()
      ).toEqual(["eip155", "solana"])
    }
  })

  it("a session with Solana accounts only connects Solana, and EVM stays disconnected", async () => {
    const { airlock } = await client({ evm: false, solana: true })
    await airlock.connect("walletConnect")
    expect(airlock.getState().accounts.eip155.status).toBe("disconnected")
    expect(airlock.getState().accounts.solana).toMatchObject({ status: "connected", address: solanaAddress })
    expect(airlock.getState().activeNamespace).toBe("solana")
  })

  it("after a reload each namespace is restored on its own, named to the adapter", async () => {
    const { airlock, calls } = await client({ evm: true, solana: true }, [
      ["@airlock/eip155:connection_status", "connected"],
      ["@airlock/solana:connection_status", "connected"],
      ["@airlock/eip155:connected_connector_ids", '["walletConnect"]'],
      ["@airlock/solana:connected_connector_ids", '["walletConnect"]']
    ])
    await vi.waitFor(() => {
      expect(airlock.getState().accounts.eip155.status).toBe("connected")
      expect(airlock.getState().accounts.solana).toMatchObject({ status: "connected", address: solanaAddress })
    })
    expect(
      calls
        .filter((c) => c.what === "reconnect")
        .map((c) => c.namespace)
        .sort()
    ).toEqual(["eip155", "solana"])
  })
})
