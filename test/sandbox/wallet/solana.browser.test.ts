import {
  type Address,
  address,
  getAddressEncoder,
  getBase58Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  verifySignature
} from "@solana/kit"
import { getWallets } from "@wallet-standard/app"
import type { WalletAccount } from "@wallet-standard/base"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { page, userEvent } from "vitest/browser"
import { parseCaip122Message } from "../../../core/rules/caip122.ts"
import type { WalletSolanaChain } from "../../../sandbox/wallet/config.ts"
import { createSandboxSolanaWallet, type SandboxSolanaWallet } from "../../../sandbox/wallet/solana.ts"
import { unsignedTransfer } from "../../fixtures/solanaTransfer.ts"

// The Sandbox Solana Wallet in real Chromium: injected by the wallet script's entry, found over Wallet Standard,
// signing with WebCrypto's Ed25519. Sending goes to a fake JSON-RPC endpoint (fetch stubbed): the sandbox's Solana
// chain is exercised end to end elsewhere.

const account0 = "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"
const solana: WalletSolanaChain = {
  rpcUrl: "http://127.0.0.1:9/solana-rpc",
  chain: "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5"
}
const recipient = address("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin")

let wallet: SandboxSolanaWallet
let account: WalletAccount
const changes: Array<ReadonlyArray<string>> = []

const control = () => wallet.features["sandbox:control"]

/** A wire transfer of 0.25 SOL from `from` (fee payer and only signer) to the recipient. */
const transfer = (from: Address, version: 0 | "legacy" = 0): Uint8Array =>
  unsignedTransfer({ from, to: recipient, lamports: 250_000_000n, version })

/** True when `signed` carries a valid signature of `signer` over its own message bytes. */
const signedBy = async (signed: Uint8Array, signer: string) => {
  const { messageBytes, signatures } = getTransactionDecoder().decode(signed)
  const signature = signatures[signer as Address]
  if (!signature) return false
  return verifySignature(await getPublicKeyFromAddress(signer as Address), signature, messageBytes)
}

beforeAll(async () => {
  localStorage.removeItem("sandboxSolanaWallet")
  window.__sandboxWallet = {
    chains: [{ chainId: 1, rpcUrl: "http://127.0.0.1:9/evm-rpc" }],
    mode: "approve",
    solana
  }
  // the bundle's entry: registers the wallet with registerWallet, as on a demo page
  await import("../../../sandbox/wallet/inject.ts")
  const found = getWallets()
    .get()
    .find((candidate) => candidate.name === "Sandbox Solana Wallet")
  expect(found).toBeDefined()
  wallet = found as SandboxSolanaWallet
  wallet.features["standard:events"].on("change", ({ accounts }) => {
    if (accounts) changes.push(accounts.map((each) => each.address))
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  control().setMode("approve")
})

afterAll(() => {
  localStorage.removeItem("sandboxSolanaWallet")
  delete window.__sandboxWallet
})

describe("the Sandbox Solana Wallet", () => {
  it("registers over Wallet Standard with its chain and features, and no account before connect", () => {
    expect(wallet.version).toBe("1.0.0")
    expect(wallet.chains).toEqual([solana.chain])
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Object.keys(wallet.features)).toEqual(
      expect.arrayContaining([
        "standard:connect",
        "standard:disconnect",
        "standard:events",
        "solana:signMessage",
        "solana:signIn",
        "solana:signTransaction",
        "solana:signAndSendTransaction"
      ])
    )
    expect(wallet.features["solana:signTransaction"].supportedTransactionVersions).toEqual(["legacy", 0])
    expect(wallet.accounts).toEqual([])
  })

  it("a silent connect before any approval returns no account and asks nothing", async () => {
    control().setMode("prompt")
    expect((await wallet.features["standard:connect"].connect({ silent: true })).accounts).toEqual([])
    expect(document.querySelector("[data-sandbox-wallet=prompt]")).toBeNull()
  })

  it("connects (approve mode) with sandbox account 0 and tells the app through change", async () => {
    const { accounts } = await wallet.features["standard:connect"].connect()
    expect(accounts).toHaveLength(1)
    account = accounts[0]!
    expect(account.address).toBe(account0)
    expect([...account.publicKey]).toEqual([...getAddressEncoder().encode(address(account0))])
    expect(account.chains).toEqual([solana.chain])
    expect(account.features).toEqual(["solana:signMessage", "solana:signTransaction", "solana:signAndSendTransaction"])
    expect(wallet.accounts.map((each) => each.address)).toEqual([account0])
    expect(changes.at(-1)).toEqual([account0])
  })

  it("signs a message with an Ed25519 signature that verifies", async () => {
    const message = new TextEncoder().encode("Hello from Airlock")
    const [output] = await wallet.features["solana:signMessage"].signMessage({ account, message })
    expect(output?.signedMessage).toEqual(message)
    const key = await getPublicKeyFromAddress(address(account0))
    expect(await verifySignature(key, output!.signature as SignatureBytes, message)).toBe(true)
  })

  it("signs v0 and legacy transfers in the wallet's slot, over the message bytes", async () => {
    for (const version of [0, "legacy"] as const) {
      const transaction = transfer(address(account0), version)
      const [output] = await wallet.features["solana:signTransaction"].signTransaction({
        account,
        transaction,
        chain: solana.chain,
        options: { preflightCommitment: "confirmed", minContextSlot: 1 }
      })
      expect(await signedBy(output!.signedTransaction, account0)).toBe(true)
      // same message, same length: only the signature slot changed
      expect(getTransactionDecoder().decode(output!.signedTransaction).messageBytes).toEqual(
        getTransactionDecoder().decode(transaction).messageBytes
      )
      expect(output!.signedTransaction).toHaveLength(transaction.length)
    }
  })

  it("refuses in reject mode with a 4001 user rejection", async () => {
    control().setMode("reject")
    const message = new TextEncoder().encode("no")
    await expect(wallet.features["solana:signMessage"].signMessage({ account, message })).rejects.toMatchObject({
      code: 4001,
      message: "User rejected the request."
    })
    await expect(
      wallet.features["solana:signTransaction"].signTransaction({ account, transaction: transfer(address(account0)) })
    ).rejects.toMatchObject({ code: 4001 })
  })

  it("refuses an account that isn't its own, a chain it doesn't have and a transaction it doesn't sign", async () => {
    const stranger = {
      ...account,
      address: recipient,
      publicKey: new Uint8Array(getAddressEncoder().encode(recipient))
    }
    const message = new TextEncoder().encode("hi")
    await expect(
      wallet.features["solana:signMessage"].signMessage({ account: stranger, message })
    ).rejects.toMatchObject({ code: 4100, message: expect.stringContaining(recipient) })
    await expect(
      wallet.features["solana:signTransaction"].signTransaction({
        account,
        transaction: transfer(address(account0)),
        chain: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
      })
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("has no chain solana:5eykt4") })
    await expect(
      wallet.features["solana:signTransaction"].signTransaction({ account, transaction: transfer(recipient) })
    ).rejects.toMatchObject({ code: 4100, message: expect.stringContaining("does not ask") })
    await expect(
      wallet.features["solana:signTransaction"].signTransaction({ account, transaction: new Uint8Array([1, 2, 3]) })
    ).rejects.toMatchObject({ code: -32602 })
  })

  it("shows a prompt with the message text, and signs on Approve", async () => {
    control().setMode("prompt")
    const message = new TextEncoder().encode("Sign in to Airlock, nonce 42")
    const signing = wallet.features["solana:signMessage"].signMessage({ account, message })
    const dialog = page.getByRole("dialog", { name: "Sign message" })
    await expect.element(dialog).toBeVisible()
    await expect.element(dialog.getByText("Sign in to Airlock, nonce 42")).toBeVisible()
    await expect.element(dialog.getByText("Sandbox Solana Wallet")).toBeVisible()
    await userEvent.click(dialog.getByRole("button", { name: "Approve" }))
    const [output] = await signing
    const key = await getPublicKeyFromAddress(address(account0))
    expect(await verifySignature(key, output!.signature as SignatureBytes, message)).toBe(true)
  })

  const signInFields = {
    statement: "Sign in to Airlock",
    uri: location.origin,
    version: "1",
    chainId: "Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5",
    nonce: "k7Qw2m9Zp4Rx8VtB",
    issuedAt: "2026-03-01T12:00:00.000Z",
    resources: ["https://app.example/terms"]
  }

  it("signs in (solana:signIn): writes the Sign-In With Solana text itself and signs its UTF-8 bytes", async () => {
    const [output] = await wallet.features["solana:signIn"].signIn(signInFields)
    expect(output?.account.address).toBe(account0)
    const text = new TextDecoder().decode(output!.signedMessage)
    // The page's host as the domain and the connected account as the address, as the app named neither.
    expect(text.split("\n")).toEqual([
      `${location.host} wants you to sign in with your Solana account:`,
      account0,
      "",
      "Sign in to Airlock",
      "",
      `URI: ${location.origin}`,
      "Version: 1",
      "Chain ID: Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5",
      "Nonce: k7Qw2m9Zp4Rx8VtB",
      "Issued At: 2026-03-01T12:00:00.000Z",
      "Resources:",
      "- https://app.example/terms"
    ])
    // The CAIP-122 text airlock-kit (and a server) reads back.
    expect(parseCaip122Message(text)).toMatchObject({ accountAddress: account0, chainId: solana.chain })
    const key = await getPublicKeyFromAddress(address(account0))
    expect(await verifySignature(key, output!.signature as SignatureBytes, output!.signedMessage)).toBe(true)
  })

  it("shows a sign-in prompt with the text, signs on Approve, and refuses on Reject as signMessage does", async () => {
    control().setMode("prompt")
    const signing = wallet.features["solana:signIn"].signIn({ ...signInFields, domain: "app.example" })
    const dialog = page.getByRole("dialog", { name: "Sign in" })
    await expect.element(dialog.getByText(/asks you to sign in with your Solana account\.$/)).toBeVisible()
    await expect.element(dialog.getByText(/^app\.example wants you to sign in with your Solana account:/)).toBeVisible()
    await userEvent.click(dialog.getByRole("button", { name: "Approve" }))
    const [output] = await signing
    expect(new TextDecoder().decode(output!.signedMessage)).toMatch(/^app\.example wants you/)
    const refusing = wallet.features["solana:signIn"].signIn(signInFields)
    const refused = expect(refusing).rejects.toMatchObject({ code: 4001, message: "User rejected the request." })
    await userEvent.click(page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Reject" }))
    await refused
    control().setMode("reject")
    await expect(wallet.features["solana:signIn"].signIn(signInFields)).rejects.toMatchObject({ code: 4001 })
  })

  it("refuses a sign-in for another account (4100) and a field that is not one line of text (-32602)", async () => {
    await expect(
      wallet.features["solana:signIn"].signIn({ ...signInFields, address: recipient })
    ).rejects.toMatchObject({ code: 4100, message: expect.stringContaining(recipient) })
    await expect(
      wallet.features["solana:signIn"].signIn({ ...signInFields, statement: "Sign in\nURI: https://evil.example" })
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("statement") })
  })

  it("shows a transfer's amount and recipient in a transaction prompt, and rejects on Reject", async () => {
    control().setMode("prompt")
    const signing = wallet.features["solana:signTransaction"].signTransaction({
      account,
      transaction: transfer(address(account0))
    })
    const dialog = page.getByRole("dialog", { name: "Sign transaction" })
    await expect.element(dialog.getByText(/^1\. Transfer 0\.25 SOL from 8swV…PaMJ to 9xQe\w+Fin$/)).toBeVisible()
    const refused = expect(signing).rejects.toMatchObject({ code: 4001 })
    await userEvent.click(dialog.getByRole("button", { name: "Reject" }))
    await refused
  })

  it("signs and sends: the RPC gets the signed base64 transaction with the send options", async () => {
    const sent: Array<{ method: string; params: ReadonlyArray<unknown> }> = []
    let statusCalls = 0
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      expect(String(input)).toBe(solana.rpcUrl)
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: ReadonlyArray<unknown> }
      sent.push(body)
      let result: unknown
      if (body.method === "sendTransaction") {
        const wire = new Uint8Array(getBase64Encoder().encode(body.params[0] as string))
        expect(await signedBy(wire, account0)).toBe(true)
        const { signatures } = getTransactionDecoder().decode(wire)
        result = getBase58Decoder().decode(signatures[address(account0)]!)
      } else {
        statusCalls += 1
        const confirmationStatus = statusCalls === 1 ? "processed" : "confirmed"
        result = { context: { slot: 7 }, value: [{ slot: 7, confirmations: 0, err: null, confirmationStatus }] }
      }
      return Response.json({ jsonrpc: "2.0", id: body.id, result })
    })
    const [output] = await wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
      account,
      chain: solana.chain,
      transaction: transfer(address(account0)),
      options: {
        skipPreflight: true,
        preflightCommitment: "processed",
        minContextSlot: 5,
        maxRetries: 3,
        commitment: "confirmed"
      }
    })
    expect(sent[0]?.method).toBe("sendTransaction")
    expect(sent[0]?.params[1]).toEqual({
      encoding: "base64",
      skipPreflight: true,
      preflightCommitment: "processed",
      minContextSlot: 5,
      maxRetries: 3
    })
    // it waited for "confirmed": a second status poll
    expect(sent.map(({ method }) => method)).toEqual([
      "sendTransaction",
      "getSignatureStatuses",
      "getSignatureStatuses"
    ])
    const signature = getBase58Decoder().decode(output!.signature)
    expect(sent[1]?.params[0]).toEqual([signature])
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it("passes on the node's refusal of a sent transaction", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      const { id } = JSON.parse(String(init?.body)) as { id: number }
      return Response.json({
        jsonrpc: "2.0",
        id,
        error: { code: -32602, message: "invalid transaction: bad blockhash" }
      })
    })
    await expect(
      wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
        account,
        chain: solana.chain,
        transaction: transfer(address(account0))
      })
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("invalid transaction: bad blockhash") })
  })

  it("switches to sandbox account 1 and back, telling the app each time", async () => {
    const addresses = await control().addresses()
    expect(addresses[0]).toBe(account0)
    await control().switchAccount(1)
    expect(wallet.accounts.map((each) => each.address)).toEqual([addresses[1]])
    expect(changes.at(-1)).toEqual([addresses[1]])
    const message = new TextEncoder().encode("from account 1")
    const [output] = await wallet.features["solana:signMessage"].signMessage({ account: wallet.accounts[0]!, message })
    const key = await getPublicKeyFromAddress(address(addresses[1]!))
    expect(await verifySignature(key, output!.signature as SignatureBytes, message)).toBe(true)
    // the old account is no longer the app's to use
    await expect(wallet.features["solana:signMessage"].signMessage({ account, message })).rejects.toMatchObject({
      code: 4100
    })
    await control().switchAccount(0)
    expect(changes.at(-1)).toEqual([account0])
    await expect(control().switchAccount(2)).rejects.toThrow(RangeError)
  })

  it("after a reload, a silent connect restores the account without asking; disconnect forgets the site", async () => {
    // a second instance on the same localStorage is what the page gets after a reload; reject mode proves no prompt
    const reloaded = createSandboxSolanaWallet({ solana }, "reject")
    expect(reloaded.accounts).toEqual([])
    const restored = await reloaded.features["standard:connect"].connect({ silent: true })
    expect(restored.accounts.map((each) => each.address)).toEqual([account0])

    const heard: Array<number> = []
    reloaded.features["standard:events"].on("change", ({ accounts }) => heard.push(accounts?.length ?? -1))
    await reloaded.features["standard:disconnect"].disconnect()
    expect(reloaded.accounts).toEqual([])
    expect(heard).toEqual([0])

    const again = createSandboxSolanaWallet({ solana }, "reject")
    expect((await again.features["standard:connect"].connect({ silent: true })).accounts).toEqual([])
    await expect(again.features["standard:connect"].connect()).rejects.toMatchObject({ code: 4001 })
  })

  it("with persist off, a new instance remembers nothing", async () => {
    const first = createSandboxSolanaWallet({ solana, persist: false }, "approve")
    await first.features["standard:connect"].connect()
    const second = createSandboxSolanaWallet({ solana, persist: false }, "approve")
    expect((await second.features["standard:connect"].connect({ silent: true })).accounts).toEqual([])
  })
})
