import { getBase58Decoder, getBase58Encoder, getBase64Decoder } from "@solana/kit"
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature
} from "@solana/wallet-standard-features"
import type { Wallet } from "@wallet-standard/base"
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature
} from "@wallet-standard/features"
import { afterEach, describe, expect, it } from "vitest"
import { isSolanaWallet } from "../../../adapters/solana/index.ts"
import {
  base58Bytes,
  base58Of,
  makeAirlockWallet,
  registerStandardWallet,
  signInText
} from "../../../adapters/solana/standardWallet.ts"
import { mainnet, solanaLocalnet } from "../../../core/networks/index.ts"
import { createTestAirlock, fakeAdapter, type TestAirlockClient } from "../../../core/testing/index.ts"

// Airlock's Solana connection as a Wallet Standard wallet, on a real client with a scripted Solana wallet: what a
// Wallet Standard app (wallet-adapter) sees and what reaches the wallet through `airlock.request`.

const address = "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"
const signature = getBase58Decoder().decode(new Uint8Array(64).fill(7))

let airlock: TestAirlockClient | undefined
let stop: (() => void) | undefined
afterEach(async () => {
  stop?.()
  await airlock?.destroy()
  airlock = undefined
})

const start = () => {
  const { adapter, wallet: phone } = fakeAdapter({
    namespace: "solana",
    accounts: [address],
    chainId: solanaLocalnet.id,
    connector: { id: "test.solana", name: "Test Solana" }
  })
  airlock = createTestAirlock({ networks: [mainnet, solanaLocalnet], adapters: [adapter] })
  const made = makeAirlockWallet(airlock)
  stop = made.stop
  return { airlock, phone, wallet: made.wallet }
}

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignInFeature
const features = (wallet: Wallet) => wallet.features as unknown as Features

describe("Airlock as a Wallet Standard wallet", () => {
  it("is listed before any connection, with the app's Solana chains, and is not a wallet for Airlock's own adapter", async () => {
    const { wallet } = start()
    await airlock!.ready
    expect(wallet.name).toBe("Airlock")
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.accounts).toEqual([])
    expect(wallet.chains).toEqual([`solana:${solanaLocalnet.id}`, "solana:localnet"])
    expect(Object.keys(wallet.features)).toEqual(
      expect.arrayContaining([
        "standard:connect",
        "standard:disconnect",
        "standard:events",
        "solana:signMessage",
        "solana:signTransaction",
        "solana:signAndSendTransaction",
        "solana:signIn"
      ])
    )
    expect(isSolanaWallet(wallet)).toBe(false)
    // wallet-adapter's autoConnect asks silently: no modal, no account.
    expect((await features(wallet)["standard:connect"].connect({ silent: true })).accounts).toEqual([])
    expect(airlock!.getState().modal.open).toBe(false)
  })

  it("follows Airlock's Solana connection: the account appears, then goes with a disconnect", async () => {
    const { airlock, wallet } = start()
    const changes: Array<ReadonlyArray<string>> = []
    features(wallet)["standard:events"].on("change", ({ accounts }) => {
      if (accounts !== undefined) changes.push(accounts.map((a) => a.address))
    })
    await airlock.connect("test.solana")
    expect(changes).toEqual([[address]])
    const [account] = wallet.accounts
    expect(account?.address).toBe(address)
    expect(account?.publicKey).toEqual(new Uint8Array(getBase58Encoder().encode(address)))
    expect(account?.chains).toContain("solana:localnet")
    expect((await features(wallet)["standard:connect"].connect()).accounts).toEqual([account])
    await features(wallet)["standard:disconnect"].disconnect()
    expect(airlock.getState().accounts.solana.status).toBe("disconnected")
    expect(changes).toEqual([[address], []])
  })

  it("opens Airlock's modal on Solana to connect; closing it refuses with 4001", async () => {
    const { airlock, wallet } = start()
    await airlock.ready
    const connecting = features(wallet)["standard:connect"].connect()
    connecting.catch(() => undefined)
    await expect.poll(() => airlock.getState().modal.open).toBe(true)
    await expect.poll(() => airlock.getState().activeNamespace).toBe("solana")
    await airlock.close()
    await expect(connecting).rejects.toMatchObject({ code: 4001, message: "Connection rejected" })
  })

  it("forwards signing through airlock.request in WalletConnect's Solana form and gives back bytes", async () => {
    const { airlock, phone, wallet } = start()
    await airlock.connect("test.solana")
    const [account] = wallet.accounts
    const message = new TextEncoder().encode("hello")

    phone.answerNext({ signature })
    const [signed] = await features(wallet)["solana:signMessage"].signMessage({ account: account!, message })
    expect(phone.requests.at(-1)).toEqual({
      method: "solana_signMessage",
      params: { message: getBase58Decoder().decode(message), pubkey: address }
    })
    expect(signed?.signature).toEqual(new Uint8Array(64).fill(7))
    expect(signed?.signedMessage).toEqual(message)

    phone.answerNext({ signature })
    const transaction = new Uint8Array([1, 2, 3])
    const [sent] = await features(wallet)["solana:signAndSendTransaction"].signAndSendTransaction({
      account: account!,
      transaction,
      chain: "solana:localnet",
      // wallet-adapter passes every option, unset ones as undefined; waiting for the commitment stays the app's.
      options: {
        skipPreflight: true,
        commitment: "confirmed",
        maxRetries: undefined,
        minContextSlot: undefined
      } as unknown as { skipPreflight: boolean }
    })
    expect(phone.requests.at(-1)).toEqual({
      method: "solana_signAndSendTransaction",
      params: { transaction: getBase64Decoder().decode(transaction), sendOptions: { skipPreflight: true } }
    })
    expect(sent?.signature).toEqual(new Uint8Array(64).fill(7))

    // Sign-In With Solana: the text written for the account, signed as a message.
    phone.answerNext({ signature })
    const [signIn] = await features(wallet)["solana:signIn"].signIn({
      domain: "app.example",
      statement: "Sign in to App",
      nonce: "k7Qw2m9Zp4Rx"
    })
    const text = new TextDecoder().decode(signIn?.signedMessage)
    expect(text).toBe(
      `app.example wants you to sign in with your Solana account:\n${address}\n\nSign in to App\n\n` +
        `Chain ID: ${solanaLocalnet.id}\nNonce: k7Qw2m9Zp4Rx`
    )
    expect(phone.requests.at(-1)?.params).toEqual({
      message: getBase58Decoder().decode(signIn!.signedMessage),
      pubkey: address
    })
    expect(signIn?.account.address).toBe(address)

    // Another account, or a chain the app does not have, never reaches the wallet.
    const count = phone.requests.length
    await expect(
      features(wallet)["solana:signMessage"].signMessage({ account: { ...account!, address: "Other1111" }, message })
    ).rejects.toThrow("is not connected")
    await expect(
      features(wallet)["solana:signAndSendTransaction"].signAndSendTransaction({
        account: account!,
        transaction,
        chain: "solana:mainnet"
      })
    ).rejects.toThrow("not one of the app's Solana networks")
    expect(phone.requests.length).toBe(count)
  })

  it("passes Airlock's rules: a refusal of the wallet comes back as 4001", async () => {
    const { airlock, phone, wallet } = start()
    await airlock.connect("test.solana")
    phone.rejectNextRequest()
    await expect(
      features(wallet)["solana:signMessage"].signMessage({
        account: wallet.accounts[0]!,
        message: new Uint8Array([1])
      })
    ).rejects.toMatchObject({ code: 4001 })
  })

  it("writes base58 as kit does, leading zero bytes included, and refuses a character outside the alphabet", () => {
    const samples = [new Uint8Array(0), new Uint8Array([0, 0, 1, 255]), new Uint8Array(32).fill(0), new Uint8Array(64)]
    for (let i = 0; i < 64; i++) samples[3]![i] = (i * 37 + 11) & 0xff
    for (const bytes of samples) {
      const text = getBase58Decoder().decode(bytes)
      expect(base58Of(bytes)).toBe(text)
      expect(base58Bytes(text)).toEqual(bytes)
    }
    expect(base58Bytes(address)).toEqual(new Uint8Array(getBase58Encoder().encode(address)))
    expect(() => base58Bytes("0OIl")).toThrow("Not base58")
  })

  it("refuses a sign-in field holding a line break", () => {
    expect(() => signInText({ domain: "app.example", statement: "a\nb" }, address, undefined)).toThrow("line break")
  })
})

describe("registerStandardWallet", () => {
  it("registers with a registry already listening and with one that starts later; unregisters from both", () => {
    const target = new EventTarget()
    const previous = (globalThis as { window?: unknown }).window
    ;(globalThis as { window?: unknown }).window = target
    try {
      const registered: Array<string> = []
      const api = (who: string) => ({
        register: (wallet: Wallet) => {
          registered.push(`${who}+${wallet.name}`)
          return () => registered.push(`${who}-${wallet.name}`)
        }
      })
      target.addEventListener("wallet-standard:register-wallet", (event) => (event as CustomEvent).detail(api("early")))
      const unregister = registerStandardWallet({ name: "Airlock" } as Wallet)
      target.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: api("late") }))
      expect(registered).toEqual(["early+Airlock", "late+Airlock"])
      unregister()
      expect(registered).toEqual(["early+Airlock", "late+Airlock", "early-Airlock", "late-Airlock"])
      target.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: api("after") }))
      expect(registered).toHaveLength(4)
    } finally {
      ;(globalThis as { window?: unknown }).window = previous
    }
  })
})
