import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import {
  type Address,
  address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type ReadonlyUint8Array,
  type SignatureBytes,
  verifySignature
} from "@solana/kit"
import { SignClient } from "@walletconnect/sign-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { solanaPrivateKey } from "../../../sandbox/solana/accounts.ts"
import { defaultSolanaPrivateKey, secondSolanaPrivateKey } from "../../../sandbox/wallet/config.ts"
import { createMobileWallet, type MobileWallet } from "../../../sandbox/wallet/mobile.ts"
import { makeLocalCore } from "../../../server/relay/localCore.ts"
import { type Relay, startRelay } from "../../../server/relay/server.ts"
import { unsignedTransferBase64 } from "../../fixtures/solanaTransfer.ts"

// The Sandbox Mobile Wallet's Solana namespace, answering a real dapp-side SDK client over the sandbox relay.
// Sending goes to a fake Solana JSON-RPC endpoint that checks the transaction's signature.

const chain = "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5"
const account0 = "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"
const recipient = address("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin")
const solanaMethods = [
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction"
]

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const fromBase58 = (text: string) => new Uint8Array(getBase58Encoder().encode(text))
const _base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
const fromBase64 = (text: string) => new Uint8Array(getBase64Encoder().encode(text))

/** A base64 wire transfer of 1 SOL from `from` (fee payer and only signer). */
const transfer = (from: Address): string => unsignedTransferBase64({ from, to: recipient, lamports: 1_000_000_000n })

const verifies = async (signer: string, signature: Uint8Array, bytes: ReadonlyUint8Array) =>
  verifySignature(await getPublicKeyFromAddress(signer as Address), signature as SignatureBytes, bytes)

/** True when the base64 wire transaction carries a valid signature of `signer` over its message bytes. */
const signedBy = async (wire: string, signer: string) => {
  const { messageBytes, signatures } = getTransactionDecoder().decode(fromBase64(wire))
  const signature = signatures[signer as Address]
  return signature ? verifies(signer, signature, messageBytes) : false
}

describe("the Sandbox Mobile Wallet on Solana", () => {
  let relay: Relay
  let rpc: Server
  let rpcUrl: string
  const sent: Array<{ params: ReadonlyArray<unknown>; validSignature: boolean }> = []
  let wallet: MobileWallet
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let session: { topic: string }

  const connectDapp = async (namespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>) => {
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    await wallet.pair(uri as string)
    return approval()
  }
  const request = <T>(method: string, params: unknown) =>
    dapp.request<T>({ topic: session.topic, chainId: chain, request: { method, params } })

  beforeAll(async () => {
    // what the sandbox's Solana RPC answers to sendTransaction: the transaction's first signature
    rpc = createServer(async (req, res) => {
      let body = ""
      for await (const chunk of req) body += chunk
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: ReadonlyArray<unknown> }
      res.setHeader("content-type", "application/json")
      if (method !== "sendTransaction") {
        res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }))
        return
      }
      const wire = params[0] as string
      sent.push({ params, validSignature: await signedBy(wire, account0) })
      const { signatures } = getTransactionDecoder().decode(fromBase64(wire))
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result: base58(Object.values(signatures)[0] as Uint8Array) }))
    })
    await new Promise<void>((resolve) => rpc.listen(0, "127.0.0.1", resolve))
    rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`
    relay = await startRelay()
    wallet = await createMobileWallet({
      relayUrl: relay.url,
      projectId: "airlock-demo",
      // an EVM chain the session may name; no request here reaches its RPC
      chains: [{ chainId: 1, rpcUrl: "http://127.0.0.1:9" }],
      solana: { rpcUrl, chain }
    })
    dapp = await SignClient.init({
      core: makeLocalCore({ relayUrl: relay.url, projectId: "airlock-demo", storagePrefix: "mobile-solana-test-dapp" }),
      metadata: { name: "Solana Dapp", description: "", url: "http://127.0.0.1", icons: [] }
    })
    session = await connectDapp({
      eip155: { chains: ["eip155:1"], methods: ["personal_sign"], events: ["accountsChanged"] },
      solana: { chains: [chain], methods: solanaMethods, events: [] }
    })
  }, 60_000)

  afterAll(async () => {
    await wallet?.stop()
    await dapp?.core.relayer.transportClose()
    await relay?.stop()
    await new Promise((resolve) => rpc?.close(resolve))
  })

  it("has the sandbox's Solana account 0 by default", () => {
    expect(defaultSolanaPrivateKey).toBe(solanaPrivateKey(0))
    expect(secondSolanaPrivateKey).toBe(solanaPrivateKey(1))
    expect(wallet.solanaAddress).toBe(account0)
  })

  it("approves the solana namespace next to eip155, with its Solana account and methods", () => {
    const { namespaces } = dapp.session.get(session.topic)
    expect(namespaces.solana).toEqual({
      chains: [chain],
      methods: solanaMethods,
      events: [],
      accounts: [`${chain}:${account0}`]
    })
    expect(namespaces.eip155?.accounts).toEqual([`eip155:1:${wallet.address}`])
  })

  it("answers solana_signMessage with a base58 Ed25519 signature that verifies", async () => {
    const message = new TextEncoder().encode("Hello from Airlock")
    const { signature } = await request<{ signature: string }>("solana_signMessage", {
      message: base58(message),
      pubkey: account0
    })
    expect(await verifies(account0, fromBase58(signature), message)).toBe(true)
  })

  it("answers solana_signTransaction with the signature and the signed transaction", async () => {
    const { signature, transaction } = await request<{ signature: string; transaction: string }>(
      "solana_signTransaction",
      { transaction: transfer(address(account0)) }
    )
    expect(await signedBy(transaction, account0)).toBe(true)
    const { signatures } = getTransactionDecoder().decode(fromBase64(transaction))
    expect(signature).toBe(base58(signatures[address(account0)]!))
  })

  it("answers solana_signAllTransactions with every transaction signed", async () => {
    const { transactions } = await request<{ transactions: string[] }>("solana_signAllTransactions", {
      transactions: [transfer(address(account0)), transfer(address(account0))]
    })
    expect(transactions).toHaveLength(2)
    for (const transaction of transactions) expect(await signedBy(transaction, account0)).toBe(true)
  })

  it("signs and sends to the chain's RPC with the send options, answering the transaction's signature", async () => {
    const { signature } = await request<{ signature: string }>("solana_signAndSendTransaction", {
      transaction: transfer(address(account0)),
      sendOptions: { skipPreflight: true, preflightCommitment: "confirmed", maxRetries: 2 }
    })
    expect(sent).toHaveLength(1)
    expect(sent[0]?.validSignature).toBe(true)
    expect(sent[0]?.params[1]).toEqual({
      encoding: "base64",
      skipPreflight: true,
      preflightCommitment: "confirmed",
      maxRetries: 2
    })
    expect(await signedBy(sent[0]?.params[0] as string, account0)).toBe(true)
    const { signatures } = getTransactionDecoder().decode(fromBase64(sent[0]?.params[0] as string))
    expect(signature).toBe(base58(signatures[address(account0)]!))
  })

  // the SDK paces a client's requests about a second apart, hence the longer timeouts
  it("refuses another key with 4100 and bad params with -32602", { timeout: 15_000 }, async () => {
    await expect(
      request("solana_signMessage", { message: base58(new Uint8Array([1])), pubkey: recipient })
    ).rejects.toMatchObject({ code: 4100 })
    await expect(request("solana_signTransaction", { transaction: "not base64!" })).rejects.toMatchObject({
      code: -32602
    })
    await expect(request("solana_signTransaction", { transaction: transfer(recipient) })).rejects.toMatchObject({
      code: 4100,
      message: expect.stringContaining("does not ask")
    })
  })

  it("refuses everything in reject mode with 4001", { timeout: 15_000 }, async () => {
    wallet.setMode("reject")
    try {
      await expect(
        request("solana_signMessage", { message: base58(new Uint8Array([1])), pubkey: account0 })
      ).rejects.toMatchObject({ code: 4001 })
      await expect(
        request("solana_signTransaction", { transaction: transfer(address(account0)) })
      ).rejects.toMatchObject({ code: 4001 })
    } finally {
      wallet.setMode("approve")
    }
    expect(wallet.events.filter((event) => event.answer === "rejected").map((event) => event.method)).toEqual([
      "solana_signMessage",
      "solana_signTransaction"
    ])
  })

  it("approves a Solana-only proposal with the solana namespace alone", async () => {
    const solanaOnly = await connectDapp({ solana: { chains: [chain], methods: solanaMethods, events: [] } })
    const { namespaces } = dapp.session.get(solanaOnly.topic)
    expect(Object.keys(namespaces)).toEqual(["solana"])
    expect(namespaces.solana?.accounts).toEqual([`${chain}:${account0}`])
  })
})
