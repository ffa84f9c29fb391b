import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
  type SignatureBytes,
  verifySignature
} from "@solana/kit"
import { describe, expect, it, vi } from "vitest"
import { makeSolanaImplementation, SolanaRequestError, walletChainOf } from "../../../adapters/solana/implementation.ts"
import { connectorOf, isSolanaWallet } from "../../../adapters/solana/index.ts"
import { formatLamports } from "../../../adapters/solana/rpc.ts"
import type { AdapterEvents } from "../../../core/adapter/AdapterImplementation.ts"
import { mainnet, solana, solanaDevnet, solanaLocalnet } from "../../../core/networks/index.ts"
import { unsignedTransferBase64 } from "../../fixtures/solanaTransfer.ts"
import { fakeStandardWallet, testKey } from "../../fixtures/standardWallet.ts"

const base58 = { toBytes: getBase58Encoder(), toText: getBase58Decoder() }

/** A SOL transfer from `from` to `to`, unsigned, as the base64 wire string WalletConnect's Solana methods carry. */
const transferWire = (from: string, to: string, lamports = 1_000n) =>
  unsignedTransferBase64({ from: from as Address, to: to as Address, lamports })

const setup = async (options: Parameters<typeof fakeStandardWallet>[0] = {}) => {
  const fake = await fakeStandardWallet(options)
  const id = connectorOf(fake.wallet).id
  const implementation = makeSolanaImplementation(new Map([[id, fake.wallet]]))
  return { fake, id, implementation }
}

describe("discovery of Wallet Standard wallets", () => {
  it("lists a wallet with a Solana chain and standard:connect, named by the wallet, as an announced solana connector", async () => {
    const { wallet } = await fakeStandardWallet({ name: "Test Wallet" })
    expect(isSolanaWallet(wallet)).toBe(true)
    expect(connectorOf(wallet)).toEqual({
      id: "Test Wallet",
      type: "ANNOUNCED",
      name: "Test Wallet",
      chain: "solana",
      imageUrl: wallet.icon,
      info: { icon: wallet.icon }
    })
  })

  it("leaves out wallets of other chains and wallets without the connect feature", async () => {
    const { wallet } = await fakeStandardWallet({ chains: ["sui:mainnet"] })
    expect(isSolanaWallet(wallet)).toBe(false)
    const { wallet: solanaWallet } = await fakeStandardWallet({})
    const { "standard:connect": _, ...features } = solanaWallet.features
    expect(isSolanaWallet({ ...solanaWallet, features })).toBe(false)
    expect(isSolanaWallet({ ...solanaWallet, name: "" })).toBe(false)
  })
})

describe("the Solana implementation over a Wallet Standard wallet", () => {
  it("connects with standard:connect and reports the base58 account, without a chain of its own", async () => {
    const { fake, id, implementation } = await setup()
    const connection = await implementation.connect?.({ connectorId: id, network: solana })
    const signer = await testKey(1)
    expect(connection).toEqual({ connectorId: id, accounts: [signer.address], chainId: undefined })
    expect(fake.calls.map((c) => c.feature)).toEqual(["standard:connect"])
  })

  it("passes the user's refusal through (core maps code 4001 to 'Connection rejected')", async () => {
    const { fake, id, implementation } = await setup()
    fake.rejectNext()
    await expect(implementation.connect?.({ connectorId: id, network: solana })).rejects.toMatchObject({ code: 4001 })
  })

  it("reconnects silently: a site approved before is restored without a prompt, one never approved is not", async () => {
    const approved = await setup({ approved: true })
    const restored = await approved.implementation.reconnect?.({ connectorId: approved.id })
    expect(restored?.accounts).toEqual([(await testKey(1)).address])
    expect(approved.fake.calls).toEqual([{ feature: "standard:connect", input: { silent: true } }])
    const fresh = await setup({ approved: false })
    expect(await fresh.implementation.reconnect?.({ connectorId: fresh.id })).toBeUndefined()
    expect(await fresh.implementation.reconnect?.({ connectorId: "Gone Wallet" })).toBeUndefined()
  })

  it("follows the wallet's account changes, and an emptied account list (the site revoked) as lost access", async () => {
    const { fake, id, implementation } = await setup()
    await implementation.connect?.({ connectorId: id, network: solana })
    const events: AdapterEvents = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() }
    const stop = implementation.watchEvents?.(id, events)
    const second = await testKey(2)
    fake.switchAccount(second)
    expect(events.accountsChanged).toHaveBeenLastCalledWith([second.address])
    fake.revoke()
    expect(events.accountsChanged).toHaveBeenLastCalledWith([])
    stop?.()
    fake.switchAccount(await testKey(3))
    expect(events.accountsChanged).toHaveBeenCalledTimes(2)
  })

  it("disconnects through standard:disconnect", async () => {
    const { fake, id, implementation } = await setup()
    await implementation.connect?.({ connectorId: id, network: solana })
    await implementation.disconnect?.({ connectorId: id })
    expect(fake.calls.at(-1)?.feature).toBe("standard:disconnect")
    expect(fake.wallet.accounts).toEqual([])
  })

  it("signs a message given as base58 and answers a base58 signature that verifies with the account's key", async () => {
    const { id, implementation } = await setup({ approved: true })
    const signer = await testKey(1)
    const message = new TextEncoder().encode("Sign in to Airlock")
    const answer = (await implementation.request?.({
      connectorId: id,
      method: "solana_signMessage",
      params: { message: base58.toText.decode(message), pubkey: signer.address },
      network: solana
    })) as { signature: string }
    const signature = new Uint8Array(base58.toBytes.encode(answer.signature)) as SignatureBytes
    expect(await verifySignature(signer.keyPair.publicKey, signature, message)).toBe(true)
    expect(await verifySignature(signer.keyPair.publicKey, signature, new TextEncoder().encode("other"))).toBe(false)
  })

  it("signs a transaction: the fee payer's signature is in the returned wire transaction and verifies", async () => {
    const { id, implementation } = await setup({ approved: true })
    const signer = await testKey(1)
    const receiver = await testKey(9)
    const answer = (await implementation.request?.({
      connectorId: id,
      method: "solana_signTransaction",
      params: { transaction: transferWire(signer.address, receiver.address) },
      network: solana
    })) as { signature: string; transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(answer.transaction))
    const signature = signed.signatures[signer.address]!
    expect(base58.toText.decode(signature)).toBe(answer.signature)
    expect(await verifySignature(signer.keyPair.publicKey, signature, signed.messageBytes)).toBe(true)
  })

  it("signs and sends on the wallet's name for the app's network, with the send options", async () => {
    const { fake, id, implementation } = await setup({ approved: true, chains: ["solana:devnet"] })
    const signer = await testKey(1)
    const answer = (await implementation.request?.({
      connectorId: id,
      method: "solana_signAndSendTransaction",
      params: {
        transaction: transferWire(signer.address, (await testKey(9)).address),
        sendOptions: { preflightCommitment: "confirmed", skipPreflight: true }
      },
      network: solanaDevnet
    })) as { signature: string }
    const [input] = fake.calls.at(-1)!.input as ReadonlyArray<{ chain: string; options: unknown }>
    expect(input).toMatchObject({
      chain: "solana:devnet",
      options: { preflightCommitment: "confirmed", skipPreflight: true }
    })
    const sent = getTransactionDecoder().decode(fake.sent[0]!)
    expect(base58.toText.decode(sent.signatures[signer.address]!)).toBe(answer.signature)
  })

  it("refuses malformed params with an invalid-params error before the wallet is asked", async () => {
    const { fake, id, implementation } = await setup({ approved: true })
    const ask = (method: string, params: unknown) =>
      implementation.request?.({ connectorId: id, method, params, network: solana })
    await expect(ask("solana_signMessage", { message: "0OIl", pubkey: "x" })).rejects.toBeInstanceOf(SolanaRequestError)
    await expect(ask("solana_signTransaction", { transaction: "not base64!" })).rejects.toMatchObject({ code: -32602 })
    await expect(ask("solana_signMessage", { message: "3yZe7d", pubkey: (await testKey(5)).address })).rejects.toThrow(
      /not an account of this wallet/
    )
    await expect(ask("solana_signAllTransactions", { transactions: "AA==" })).rejects.toThrow(/list/)
    await expect(ask("eth_sendTransaction", [])).rejects.toMatchObject({ code: 4200 })
    expect(fake.calls).toEqual([])
  })

  describe("sign-in through a wallet's own Sign-In With Solana (solana_signIn)", () => {
    const signInData = (address: string, chainId: string = solana.caipNetworkId) => ({
      accountAddress: address,
      chainId,
      domain: "app.example",
      uri: "https://app.example",
      version: "1",
      nonce: "k7Qw2m9Zp4Rx8VtB",
      issuedAt: "2026-03-01T12:00:00.000Z",
      statement: "Sign in to App",
      resources: ["https://app.example/terms"]
    })

    it("tells core a wallet offering solana:signIn answers solana_signIn, and one without it does not", async () => {
      const withSignIn = await setup({ approved: true, signIn: {} })
      const without = await setup({ approved: true })
      const supports = (s: typeof without, method: string) =>
        s.implementation.supportsMethod?.({ connectorId: s.id, method })
      expect(supports(withSignIn, "solana_signIn")).toBe(true)
      expect(supports(without, "solana_signIn")).toBe(false)
      expect(supports(without, "solana_signMessage")).toBe(true)
      expect(supports(without, "eth_sendTransaction")).toBe(false)
      expect(without.implementation.supportsMethod?.({ connectorId: "Gone Wallet", method: "solana_signIn" })).toBe(
        false
      )
    })

    it("hands the wallet the message's fields (the chain by its cluster name) and answers the text it signed", async () => {
      const { fake, id, implementation } = await setup({ approved: true, signIn: {} })
      const signer = await testKey(1)
      const answer = (await implementation.request?.({
        connectorId: id,
        method: "solana_signIn",
        params: signInData(signer.address),
        network: solana
      })) as { address: string; message: string; signature: string }
      const [input] = fake.calls.at(-1)!.input as ReadonlyArray<Record<string, unknown>>
      expect(input).toEqual({
        domain: "app.example",
        address: signer.address,
        uri: "https://app.example",
        version: "1",
        chainId: "mainnet",
        nonce: "k7Qw2m9Zp4Rx8VtB",
        issuedAt: "2026-03-01T12:00:00.000Z",
        statement: "Sign in to App",
        resources: ["https://app.example/terms"]
      })
      expect(answer.address).toBe(signer.address)
      expect(answer.message).toContain("\nChain ID: mainnet\nNonce: k7Qw2m9Zp4Rx8VtB\n")
      const signature = new Uint8Array(base58.toBytes.encode(answer.signature)) as SignatureBytes
      const bytes = new TextEncoder().encode(answer.message)
      expect(await verifySignature(signer.keyPair.publicKey, signature, bytes)).toBe(true)
    })

    it("names a chain without a cluster name by its CAIP-2 reference", async () => {
      const { fake, id, implementation } = await setup({ approved: true, signIn: {} })
      const signer = await testKey(1)
      await implementation.request?.({
        connectorId: id,
        method: "solana_signIn",
        params: signInData(signer.address, solanaLocalnet.caipNetworkId),
        network: solanaLocalnet
      })
      const [input] = fake.calls.at(-1)!.input as ReadonlyArray<Record<string, unknown>>
      expect(input?.chainId).toBe(solanaLocalnet.id)
    })

    it("refuses solana_signIn as unsupported (4200) for a wallet without the feature, and bad params, unasked", async () => {
      const signer = await testKey(1)
      const without = await setup({ approved: true })
      await expect(
        without.implementation.request?.({
          connectorId: without.id,
          method: "solana_signIn",
          params: signInData(signer.address),
          network: solana
        })
      ).rejects.toMatchObject({ code: 4200, name: "SolanaUnsupportedMethodError" })
      expect(without.fake.calls).toEqual([])
      const { fake, id, implementation } = await setup({ approved: true, signIn: {} })
      const ask = (params: unknown) =>
        implementation.request?.({ connectorId: id, method: "solana_signIn", params, network: solana })
      await expect(ask({ ...signInData(signer.address), nonce: 42 })).rejects.toBeInstanceOf(SolanaRequestError)
      await expect(ask({ ...signInData(signer.address), chainId: "eip155:1" })).rejects.toMatchObject({ code: -32602 })
      await expect(ask({ ...signInData(signer.address), resources: "https://x" })).rejects.toThrow(/resources/)
      await expect(ask(signInData((await testKey(5)).address))).rejects.toThrow(/not an account of this wallet/)
      expect(fake.calls).toEqual([])
    })
  })

  it("maps the app's networks to the chain names wallets use", () => {
    expect(walletChainOf(solana, ["solana:mainnet"])).toBe("solana:mainnet")
    expect(walletChainOf(solanaLocalnet, [])).toBe("solana:localnet")
    expect(walletChainOf(solanaLocalnet, [solanaLocalnet.caipNetworkId])).toBe(solanaLocalnet.caipNetworkId)
    expect(walletChainOf({ ...mainnet, id: "abc", caipNetworkId: "solana:abc" } as never, [])).toBe("solana:abc")
  })

  it("formats lamports as SOL exactly (9 decimals)", () => {
    expect(formatLamports(0n)).toBe("0")
    expect(formatLamports(1n)).toBe("0.000000001")
    expect(formatLamports(1_500_000_000n)).toBe("1.5")
    expect(formatLamports(123_456_789_000_000_001n)).toBe("123456789.000000001")
  })
})
