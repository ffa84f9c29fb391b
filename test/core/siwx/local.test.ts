import { generateKeyPairSigner, getBase58Decoder } from "@solana/kit"
import { privateKeyToAccount } from "viem/accounts"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { SIWXSession } from "../../../core/options/siwx.ts"
import type { CaipNetworkId } from "../../../core/schema/network.ts"
import { localSiwx } from "../../../core/siwx/index.ts"

// localSiwx, the client-verified configuration: real EIP-4361 / CAIP-122 messages, real signatures (a viem account,
// an ed25519 key), a session stored only when it verifies, and read back only while it still does.

const evm = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
const mainnet = "eip155:1" as CaipNetworkId
const localnet = "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5" as CaipNetworkId

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

const signEvm = async (siwx: ReturnType<typeof localSiwx>): Promise<SIWXSession> => {
  const message = await siwx.createMessage({ accountAddress: evm.address, chainId: mainnet })
  const text = message.toString()
  const { toString: _, ...data } = message
  return { data, message: text, signature: await evm.signMessage({ message: text }) }
}

describe("localSiwx", () => {
  it("writes an EIP-4361 message with the page's fields and a fresh nonce", async () => {
    const siwx = localSiwx({ statement: "Sign in to the demo", expiresIn: 60_000 })
    const message = await siwx.createMessage({ accountAddress: evm.address, chainId: mainnet })
    const text = message.toString()
    expect(text.split("\n")[0]).toBe("localhost wants you to sign in with your Ethereum account:")
    expect(text).toContain(`\n${evm.address}\n\nSign in to the demo\n`)
    expect(text).toContain("\nChain ID: 1\n")
    expect(text).toContain(`\nNonce: ${message.nonce}\n`)
    expect(message.nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    const other = await siwx.createMessage({ accountAddress: evm.address, chainId: mainnet })
    expect(other.nonce).not.toBe(message.nonce)
    expect(Date.parse(message.expirationTime ?? "") - Date.parse(message.issuedAt ?? "")).toBe(60_000)
  })

  it("stores a session whose EOA signature verifies, and gives it back for that account and network only", async () => {
    const siwx = localSiwx()
    const session = await signEvm(siwx)
    await siwx.addSession(session)
    await expect(siwx.getSessions(mainnet, evm.address)).resolves.toEqual([session])
    await expect(siwx.getSessions(mainnet, evm.address.toLowerCase())).resolves.toEqual([session])
    await expect(siwx.getSessions("eip155:8453" as CaipNetworkId, evm.address)).resolves.toEqual([])
    await siwx.revokeSession(mainnet, evm.address)
    await expect(siwx.getSessions(mainnet, evm.address)).resolves.toEqual([])
  })

  it("refuses a tampered session: another signer, an edited text, data that says other than the text", async () => {
    const siwx = localSiwx()
    const good = await signEvm(siwx)
    const stranger = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a")
    const cases: Array<SIWXSession> = [
      { ...good, signature: await stranger.signMessage({ message: good.message }) },
      { ...good, message: good.message.replace("Chain ID: 1", "Chain ID: 8453") },
      { ...good, data: { ...good.data, chainId: "eip155:8453" as CaipNetworkId } },
      { ...good, data: { ...good.data, expirationTime: "2100-01-01T00:00:00.000Z" } },
      { ...good, signature: "0x1234" }
    ]
    for (const session of cases) await expect(siwx.addSession(session)).rejects.toThrow("The signature is not valid")
    expect(memory.size).toBe(0)
  })

  it("a session edited in storage no longer counts", async () => {
    const siwx = localSiwx({ storageKey: "k" })
    await siwx.addSession(await signEvm(siwx))
    const stored = JSON.parse(memory.get("k") ?? "[]") as Array<SIWXSession>
    memory.set("k", JSON.stringify([{ ...stored[0], message: `${stored[0]?.message} ` }]))
    await expect(siwx.getSessions(mainnet, evm.address)).resolves.toEqual([])
    memory.set("k", "{not json")
    await expect(siwx.getSessions(mainnet, evm.address)).resolves.toEqual([])
  })

  it("signs in a Solana account with a CAIP-122 message and its ed25519 signature", async () => {
    const signer = await generateKeyPairSigner()
    const siwx = localSiwx()
    const message = await siwx.createMessage({ accountAddress: signer.address, chainId: localnet })
    const text = message.toString()
    expect(text.split("\n")[0]).toBe("localhost wants you to sign in with your Solana account:")
    const bytes = new TextEncoder().encode(text)
    const [signed] = await signer.signMessages([{ content: bytes, signatures: {} }])
    const signature = getBase58Decoder().decode(signed?.[signer.address] as Uint8Array)
    const { toString: _, ...data } = message
    const session = { data, message: text, signature }
    await siwx.addSession(session)
    await expect(siwx.getSessions(localnet, signer.address)).resolves.toEqual([session])
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("1") ? "2" : "1"}`
    await expect(siwx.addSession({ ...session, signature: flipped })).rejects.toThrow("The signature is not valid")
  })
})
