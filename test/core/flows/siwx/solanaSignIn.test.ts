import { getBase58Encoder, getPublicKeyFromAddress, type SignatureBytes, verifySignature } from "@solana/kit"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { makeSolanaImplementation } from "../../../../adapters/solana/implementation.ts"
import { connectorOf } from "../../../../adapters/solana/index.ts"
import type { AirlockAdapter } from "../../../../core/adapter/AirlockAdapter.ts"
import { solana } from "../../../../core/networks/index.ts"
import type { SIWXConfig, SIWXSession } from "../../../../core/options/siwx.ts"
import { getSiwxSessions, localSiwx, requestSignIn } from "../../../../core/siwx/index.ts"
import { createTestAirlock } from "../../../../core/testing/index.ts"
import { type FakeStandardWallet, fakeStandardWallet, testKey } from "../../../fixtures/standardWallet.ts"

// Sign-in on Solana through the wallet's own Sign-In With Solana (Wallet Standard's `solana:signIn`): the real Solana
// adapter over a scripted Wallet Standard wallet that writes and signs the text itself (real ed25519 keys), the real
// sign-in flow, and `localSiwx` checking the session as an app's configuration does.

const memory = new Map<string, string>()
beforeEach(() => {
  memory.clear()
  ;(globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
    removeItem: (key: string) => void memory.delete(key)
  }
})
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage
})

const adapterOver = (fake: FakeStandardWallet): AirlockAdapter => {
  const connector = connectorOf(fake.wallet)
  return {
    namespace: "solana",
    watchConnectors: (onChange) => {
      onChange([connector])
      return () => {}
    },
    load: async () => makeSolanaImplementation(new Map([[connector.id, fake.wallet]]))
  }
}

/** `config` with every session the app was handed recorded. */
const recording = (config: SIWXConfig) => {
  const added: Array<SIWXSession> = []
  return {
    added,
    config: {
      ...config,
      addSession: (session: SIWXSession) => {
        added.push(session)
        return config.addSession(session)
      }
    }
  }
}

const setup = async (signIn?: { readonly rewrite?: (text: string) => string }) => {
  const fake = await fakeStandardWallet({ chains: ["solana:mainnet"], ...(signIn === undefined ? {} : { signIn }) })
  const app = recording(localSiwx({ statement: "Sign in to the test app", required: false }))
  const airlock = createTestAirlock({ networks: [solana], adapters: [adapterOver(fake)], siwx: app.config })
  await airlock.ready
  await airlock.connect(connectorOf(fake.wallet).id)
  await vi.waitFor(() => expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" }))
  const address = (await testKey(1)).address
  return { fake, app, airlock, address }
}

const verifies = async (session: SIWXSession, address: string) =>
  verifySignature(
    await getPublicKeyFromAddress(address as Parameters<typeof getPublicKeyFromAddress>[0]),
    getBase58Encoder().encode(session.signature) as SignatureBytes,
    new TextEncoder().encode(session.message)
  )

describe("sign-in on Solana with the wallet's own sign-in (solana:signIn)", () => {
  it("a wallet offering solana:signIn signs in with it: the session holds the text the wallet wrote and signed", async () => {
    const { fake, app, airlock, address } = await setup({})
    const session = await requestSignIn(airlock)
    const features = fake.calls.map((c) => c.feature)
    expect(features).toContain("solana:signIn")
    expect(features).not.toContain("solana:signMessage")
    // The wallet was given the app's fields, the chain by its Sign-In With Solana cluster name.
    const call = fake.calls.find((c) => c.feature === "solana:signIn")
    const [input] = (call?.input ?? []) as ReadonlyArray<Record<string, unknown>>
    expect(input).toMatchObject({
      domain: "localhost",
      address,
      statement: "Sign in to the test app",
      uri: "http://localhost",
      version: "1",
      chainId: "mainnet",
      nonce: session.data.nonce
    })
    // Its own text (the chain as it names it), not the one core would write, signed by the account.
    expect(session.message.split("\n")).toEqual([
      "localhost wants you to sign in with your Solana account:",
      address,
      "",
      "Sign in to the test app",
      "",
      "URI: http://localhost",
      "Version: 1",
      "Chain ID: mainnet",
      `Nonce: ${session.data.nonce}`,
      `Issued At: ${session.data.issuedAt}`
    ])
    expect(await verifies(session, address)).toBe(true)
    expect(app.added).toEqual([session])
    expect(session.data).toMatchObject({ accountAddress: address, chainId: solana.caipNetworkId })
    expect(airlock.getState().siwx).toMatchObject({
      status: "authenticated",
      session: { address, chainId: solana.caipNetworkId }
    })
    expect(airlock.getState().modal.open).toBe(false)
    // localSiwx checked the wallet's text against the data and kept the session.
    await expect(getSiwxSessions(airlock)).resolves.toEqual([session])
  })

  it("a wallet without solana:signIn signs the CAIP-122 text core wrote, with solana:signMessage", async () => {
    const { fake, airlock, address } = await setup()
    const session = await requestSignIn(airlock)
    const features = fake.calls.map((c) => c.feature)
    expect(features).toContain("solana:signMessage")
    expect(features).not.toContain("solana:signIn")
    expect(session.message).toContain(`\nChain ID: ${solana.id}\n`)
    expect(await verifies(session, address)).toBe(true)
    expect(airlock.getState().siwx.status).toBe("authenticated")
  })

  it.each([
    ["another nonce", (text: string) => text.replace(/^Nonce: \w+$/m, "Nonce: SomeoneElsesNonce1")],
    ["another account", (text: string) => text.replace(/^\w{32,44}$/m, "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin")],
    ["another domain", (text: string) => text.replace(/^localhost wants/, "evil.example wants")],
    ["another chain", (text: string) => text.replace("Chain ID: mainnet", "Chain ID: devnet")],
    ["no sign-in message at all", () => "Hello"]
  ])("a wallet that signs a text with %s fails as 'Error signing message', and nothing is kept", async (_, rewrite) => {
    const { app, airlock } = await setup({ rewrite })
    await expect(requestSignIn(airlock)).rejects.toThrow("Error signing message")
    expect(app.added).toEqual([])
    expect(airlock.getState().siwx.status).toBe("unauthenticated")
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "SIWXSignMessage" })
    await expect(getSiwxSessions(airlock)).resolves.toEqual([])
  })

  it("a refusal in the wallet's sign-in screen is 'Error signing message'", async () => {
    const { fake, app, airlock } = await setup({})
    fake.rejectNext()
    await expect(requestSignIn(airlock)).rejects.toThrow("Error signing message")
    expect(fake.calls.map((c) => c.feature)).toContain("solana:signIn")
    expect(app.added).toEqual([])
  })
})
