/**
 * `verifySiwx` against a real sandbox chain: EOAs, the embedded wallet's smart account (counterfactual through ERC-6492,
 * then deployed through ERC-1271) and Solana signatures, every refusal, and a seeded fuzz of tampered sign-ins.
 */
import { getBase58Decoder, signBytes } from "@solana/kit"
import fc from "fast-check"
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  toHex
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createSiweMessage } from "viem/siwe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { formatCaip122Message } from "../../core/rules/caip122.ts"
import type { SIWXMessageData } from "../../core/schema/siwx.ts"
import { accountFactoryAddress, type Chains, startChains } from "../../sandbox/chain/index.ts"
import { solanaPrivateKey, solanaSigner } from "../../sandbox/solana/accounts.ts"
import { accountFactoryAbi, accountSalt } from "../../server/frame/contracts.ts"
import { type SentCalls, smartAccount, type WalletContext, walletRequest } from "../../server/frame/page/wallet.ts"
import { createNonceStore, type VerifySiwxParameters, verifySiwx } from "../../server/index.ts"

let chains: Chains
let rpcUrl: string
let client: PublicClient
beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }] })
  rpcUrl = chains.chains[0]!.rpcUrl
  client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
}, 60_000)
afterAll(async () => {
  await chains?.stop()
})

const now = new Date("2026-03-01T12:00:00.000Z")
const origin = "https://app.example"
const solanaChain = "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5"
const expected = { origins: [origin, "http://127.0.0.1:5173"], chains: ["eip155:1", "eip155:8453", solanaChain] }
const keyOf = (label: string): Hex => keccak256(toHex(`airlock server test ${label}`))

/** A fresh nonce store on the pinned clock, and the verify call with it. */
const setup = () => {
  const nonces = createNonceStore({ now: () => now.getTime() })
  const verify = (message: string, signature: string, overrides: Partial<VerifySiwxParameters> = {}) =>
    verifySiwx({
      message,
      signature,
      expected,
      consumeNonce: nonces.consume,
      now,
      client: (chainId) => (chainId === "eip155:1" ? client : undefined),
      ...overrides
    })
  return { nonces, verify }
}

type SiweFields = Partial<Parameters<typeof createSiweMessage>[0]>
const siwe = (address: Address, nonce: string, fields: SiweFields = {}) =>
  createSiweMessage({
    domain: "app.example",
    uri: `${origin}/login`,
    address,
    chainId: 1,
    version: "1",
    nonce,
    issuedAt: new Date(now.getTime() - 30_000),
    statement: "Sign in to Example",
    ...fields
  })

const eoa = privateKeyToAccount(keyOf("eoa"))
const other = privateKeyToAccount(keyOf("other"))

/** The embedded wallet's context for a smart-account owner key, as the frame builds it. */
const walletContext = (key: Hex): WalletContext => ({
  key,
  chainId: 1,
  rpcUrl,
  accountFactory: accountFactoryAddress,
  preferredAccountType: "smartAccount",
  calls: new Map<string, SentCalls>()
})

/** Deploys a smart account through the factory, paid by anvil's account 0 (the owner's EOA holds no ETH here). */
const deploy = async (owner: Address) => {
  const payer = createWalletClient({
    account: privateKeyToAccount(chains.accounts[0]!.privateKey),
    transport: http(rpcUrl)
  })
  const hash = await payer.writeContract({
    chain: null,
    address: accountFactoryAddress,
    abi: accountFactoryAbi,
    functionName: "createAccount",
    args: [owner, accountSalt]
  })
  expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success")
}

const solanaData = (address: string, nonce: string, fields: Partial<SIWXMessageData> = {}): SIWXMessageData => ({
  domain: "app.example",
  accountAddress: address,
  uri: `${origin}/login`,
  version: "1",
  chainId: solanaChain as SIWXMessageData["chainId"],
  nonce,
  issuedAt: new Date(now.getTime() - 30_000).toISOString(),
  statement: "Sign in to Example",
  ...fields
})

const solanaSign = async (index: number, message: string) => {
  const signer = await solanaSigner(solanaPrivateKey(index))
  const bytes = await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message))
  return { address: signer.address as string, signature: getBase58Decoder().decode(bytes) }
}

describe("verifySiwx accepts", () => {
  it("an EOA's sign-in, once, giving the session the server keeps", async () => {
    const { nonces, verify } = setup()
    const message = siwe(eoa.address, nonces.issue(), { expirationTime: new Date(now.getTime() + 600_000) })
    const signature = await eoa.signMessage({ message })
    expect(await verify(message, signature)).toEqual({
      ok: true,
      session: {
        address: eoa.address,
        chainId: "eip155:1",
        domain: "app.example",
        uri: "https://app.example/login",
        issuedAt: "2026-03-01T11:59:30.000Z",
        expirationTime: "2026-03-01T12:10:00.000Z",
        message,
        signature
      }
    })
    expect(await verify(message, signature)).toEqual({ ok: false, reason: "nonce" })
  })

  it("an EOA's sign-in without a chain client (checked offline)", async () => {
    const { nonces, verify } = setup()
    const message = siwe(eoa.address, nonces.issue(), { chainId: 8453 })
    const result = await verify(message, await eoa.signMessage({ message }), { client: () => undefined })
    expect(result).toMatchObject({ ok: true, session: { chainId: "eip155:8453" } })
  })

  it("the embedded wallet's smart account before its deployment (ERC-6492) and after it (ERC-1271)", async () => {
    const { nonces, verify } = setup()
    const ctx = walletContext(keyOf("smart owner"))
    const { address, isDeployed } = (await smartAccount(ctx))!
    expect(isDeployed).toBe(false)
    const before = siwe(address, nonces.issue())
    const wrapped = (await walletRequest(ctx, "personal_sign", [before, address])) as Hex
    expect(wrapped.endsWith("6492".repeat(16))).toBe(true) // the ERC-6492 magic suffix: a counterfactual signature
    expect(await verify(before, wrapped)).toMatchObject({ ok: true, session: { address } })
    // Without its chain, a smart account cannot be checked: an EOA-only check refuses it.
    const offline = siwe(address, nonces.issue())
    const offlineSignature = (await walletRequest(ctx, "personal_sign", [offline, address])) as Hex
    expect(await verify(offline, offlineSignature, { client: () => undefined })).toEqual({
      ok: false,
      reason: "signature"
    })

    await deploy(privateKeyToAccount(ctx.key).address)
    expect((await smartAccount(ctx))?.isDeployed).toBe(true)
    const after = siwe(address, nonces.issue())
    const plain = (await walletRequest(ctx, "personal_sign", [after, address])) as Hex
    expect(plain.endsWith("6492".repeat(16))).toBe(false)
    expect(await verify(after, plain)).toMatchObject({ ok: true, session: { address } })
    // Someone else's signature for the deployed account's address is refused by the account itself (ERC-1271).
    const forged = siwe(address, nonces.issue())
    expect(await verify(forged, await other.signMessage({ message: forged }))).toEqual({
      ok: false,
      reason: "signature"
    })
  }, 30_000)

  it("a Solana account's sign-in (ed25519 over the CAIP-122 text)", async () => {
    const { nonces, verify } = setup()
    const signer = await solanaSigner(solanaPrivateKey(0))
    const message = formatCaip122Message(solanaData(signer.address, nonces.issue()))
    const { signature } = await solanaSign(0, message)
    expect(await verify(message, signature)).toEqual({
      ok: true,
      session: {
        address: signer.address,
        chainId: solanaChain,
        domain: "app.example",
        uri: "https://app.example/login",
        issuedAt: "2026-03-01T11:59:30.000Z",
        message,
        signature
      }
    })
  })
})

describe("verifySiwx refuses", () => {
  it("a signature by someone else, without spending the nonce", async () => {
    const { nonces, verify } = setup()
    const message = siwe(eoa.address, nonces.issue())
    expect(await verify(message, await other.signMessage({ message }))).toEqual({ ok: false, reason: "signature" })
    const solana = formatCaip122Message(solanaData((await solanaSign(0, "")).address, nonces.issue()))
    expect(await verify(solana, (await solanaSign(1, solana)).signature)).toEqual({ ok: false, reason: "signature" })
    // The visitor's own signature still signs in: the forged attempt did not burn their nonce.
    expect(await verify(message, await eoa.signMessage({ message }))).toMatchObject({ ok: true })
  })

  it("another domain, or a uri off the domain's origin", async () => {
    const { nonces, verify } = setup()
    const cases: ReadonlyArray<[SiweFields, string]> = [
      [{ domain: "evil.example" }, "domain"],
      [{ domain: "app.example:8443" }, "domain"],
      [{ scheme: "http" }, "domain"],
      [{ uri: "https://evil.example/login" }, "uri"],
      [{ uri: "http://app.example/login" }, "uri"],
      [{ domain: "127.0.0.1:5173", uri: "http://127.0.0.1:5174/" }, "uri"]
    ]
    for (const [fields, reason] of cases) {
      const message = siwe(eoa.address, nonces.issue(), fields)
      expect(await verify(message, await eoa.signMessage({ message })), JSON.stringify(fields)).toEqual({
        ok: false,
        reason
      })
    }
    const solana = formatCaip122Message(
      solanaData((await solanaSign(0, "")).address, nonces.issue(), { domain: "evil.example" })
    )
    expect(await verify(solana, (await solanaSign(0, solana)).signature)).toEqual({ ok: false, reason: "domain" })
    // The same origin's other pages are fine, and a listed origin with a port.
    const page = siwe(eoa.address, nonces.issue(), { domain: "127.0.0.1:5173", uri: "http://127.0.0.1:5173/a?b" })
    expect(await verify(page, await eoa.signMessage({ message: page }))).toMatchObject({ ok: true })
  })

  it("a reused nonce and one the server never issued", async () => {
    const { nonces, verify } = setup()
    const message = siwe(eoa.address, nonces.issue())
    const signature = await eoa.signMessage({ message })
    expect(await verify(message, signature)).toMatchObject({ ok: true })
    expect(await verify(message, signature)).toEqual({ ok: false, reason: "nonce" })
    const unknown = siwe(eoa.address, "NeverIssuedByTheServer1")
    expect(await verify(unknown, await eoa.signMessage({ message: unknown }))).toEqual({ ok: false, reason: "nonce" })
    const solana = formatCaip122Message(solanaData((await solanaSign(0, "")).address, "NeverIssuedByTheServer2"))
    expect(await verify(solana, (await solanaSign(0, solana)).signature)).toEqual({ ok: false, reason: "nonce" })
  })

  it("an expired message, one not valid yet, and one issued in the future", async () => {
    const { nonces, verify } = setup()
    const cases: ReadonlyArray<[SiweFields, string]> = [
      [{ expirationTime: now }, "expired"],
      [{ expirationTime: new Date(now.getTime() - 1) }, "expired"],
      [{ notBefore: new Date(now.getTime() + 1) }, "not-yet-valid"],
      [{ issuedAt: new Date(now.getTime() + 6 * 60_000) }, "not-yet-valid"]
    ]
    for (const [fields, reason] of cases) {
      const message = siwe(eoa.address, nonces.issue(), fields)
      expect(await verify(message, await eoa.signMessage({ message })), JSON.stringify(fields)).toEqual({
        ok: false,
        reason
      })
    }
    const inBounds = siwe(eoa.address, nonces.issue(), {
      notBefore: now,
      expirationTime: new Date(now.getTime() + 1),
      issuedAt: new Date(now.getTime() + 4 * 60_000)
    })
    expect(await verify(inBounds, await eoa.signMessage({ message: inBounds }))).toMatchObject({ ok: true })
    const address = (await solanaSign(0, "")).address
    const expired = formatCaip122Message(solanaData(address, nonces.issue(), { expirationTime: now.toISOString() }))
    expect(await verify(expired, (await solanaSign(0, expired)).signature)).toEqual({ ok: false, reason: "expired" })
    const early = formatCaip122Message(
      solanaData(address, nonces.issue(), { notBefore: new Date(now.getTime() + 60_000).toISOString() })
    )
    expect(await verify(early, (await solanaSign(0, early)).signature)).toEqual({
      ok: false,
      reason: "not-yet-valid"
    })
  })

  it("a chain the server does not list", async () => {
    const { nonces, verify } = setup()
    const message = siwe(eoa.address, nonces.issue(), { chainId: 10 })
    expect(await verify(message, await eoa.signMessage({ message }))).toEqual({ ok: false, reason: "chain" })
    const solana = formatCaip122Message(
      solanaData((await solanaSign(0, "")).address, nonces.issue(), {
        chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" as SIWXMessageData["chainId"]
      })
    )
    expect(await verify(solana, (await solanaSign(0, solana)).signature)).toEqual({ ok: false, reason: "chain" })
  })

  it("malformed messages and signatures, a 2 MB message unread", async () => {
    const { nonces, verify } = setup()
    const message = siwe(eoa.address, nonces.issue())
    const signature = await eoa.signMessage({ message })
    const huge = `${message}\n${"x".repeat(2 * 1024 * 1024)}`
    const started = performance.now()
    expect(await verify(huge, signature)).toEqual({ ok: false, reason: "malformed" })
    expect(performance.now() - started).toBeLessThan(500)
    const solana = formatCaip122Message(solanaData((await solanaSign(0, "")).address, nonces.issue()))
    const malformed: ReadonlyArray<[unknown, unknown]> = [
      ["", signature],
      ["hello", signature],
      [undefined, signature],
      [message, undefined],
      [message, 42],
      [message, "not hex"],
      [message, "0x123"],
      [message, `0x${"ab".repeat(10_000)}`],
      [message.replace(/\nNonce: .*/, ""), signature],
      [message.replace(/\nIssued At: .*/, ""), signature],
      [message.replace("Version: 1", "Version: 2"), signature],
      [message.replace(/Nonce: \w+/, "Nonce: short"), signature],
      [siwe(eoa.address, "abcdefgh12345678").replace(/Issued At: .*/, "Issued At: yesterday"), signature],
      [solana.replace("Version: 1", "Version: 9"), "1111"],
      [solana, "not base58 0OIl"],
      [solana, "1".repeat(200)],
      [solana, (await solanaSign(0, solana)).signature.slice(0, 40)]
    ]
    for (const [m, s] of malformed)
      expect(await verify(m as string, s as string), `${String(m).slice(0, 40)} / ${String(s).slice(0, 40)}`).toEqual({
        ok: false,
        reason: "malformed"
      })
    // None of that spent the nonce.
    expect(await verify(message, signature)).toMatchObject({ ok: true })
  })

  it("says `unavailable` when a smart account's chain cannot be reached", async () => {
    const { nonces, verify } = setup()
    const ctx = walletContext(keyOf("unreachable owner"))
    const { address } = (await smartAccount(ctx))!
    const message = siwe(address, nonces.issue())
    const signature = (await walletRequest(ctx, "personal_sign", [message, address])) as Hex
    const down = createPublicClient({ transport: http("http://127.0.0.1:9/", { retryCount: 0, timeout: 2000 }) })
    expect(await verify(message, signature, { client: () => down })).toEqual({ ok: false, reason: "unavailable" })
    expect(await verify(message, signature)).toMatchObject({ ok: true })
  })
})

describe("verifySiwx under tampering (seeded fuzz)", () => {
  const alphabet = "abcdefABCDEF0123456789xyzXYZ :./-\n\r\u00e9\u200f"
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), char: fc.constantFrom(...alphabet) }),
    fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), char: fc.constantFrom(...alphabet) }),
    fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("swap-lines" as const), a: fc.nat(), b: fc.nat() }),
    fc.record({ kind: fc.constant("other-address" as const) })
  )
  const apply = (
    text: string,
    m: fc.Arbitrary<unknown> extends never ? never : ReturnType<typeof mutation.generate>["value"],
    otherAddress: string,
    address: string
  ): string => {
    if (text.length === 0) return text
    switch (m.kind) {
      case "flip": {
        const i = m.at % text.length
        return `${text.slice(0, i)}${m.char}${text.slice(i + 1)}`
      }
      case "insert": {
        const i = m.at % (text.length + 1)
        return `${text.slice(0, i)}${m.char}${text.slice(i)}`
      }
      case "delete": {
        const i = m.at % text.length
        return `${text.slice(0, i)}${text.slice(i + 1)}`
      }
      case "swap-lines": {
        const lines = text.split("\n")
        const a = m.a % lines.length
        const b = m.b % lines.length
        ;[lines[a], lines[b]] = [lines[b]!, lines[a]!]
        return lines.join("\n")
      }
      case "other-address":
        return text.replace(address, otherAddress)
    }
  }
  /** A change the signer did not make: hex is case-free, so a case change of a signature is the same signature. */
  const isTampered = (original: { message: string; signature: string }, t: { message: string; signature: string }) =>
    t.message !== original.message ||
    (original.signature.startsWith("0x")
      ? t.signature.toLowerCase() !== original.signature.toLowerCase()
      : t.signature !== original.signature)

  const tamper = fc.record({
    target: fc.constantFrom("message", "signature", "both" as const),
    mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
    borrowed: fc.boolean() // the signature of another valid sign-in
  })

  it("accepts none of 600 tampered EVM (EOA and smart account) and Solana sign-ins, each answered promptly", async () => {
    const ctx = walletContext(keyOf("fuzz smart owner"))
    const smart = (await smartAccount(ctx))!.address
    const solanaAddress = (await solanaSign(2, "")).address
    const solanaOther = (await solanaSign(3, "")).address
    const nonce = "FuzzNonce0123456789abcd"
    const evmMessage = siwe(eoa.address, nonce)
    const smartMessage = siwe(smart, nonce)
    const solanaMessage = formatCaip122Message(solanaData(solanaAddress, nonce))
    const originals = [
      {
        message: evmMessage,
        signature: await eoa.signMessage({ message: evmMessage }),
        address: eoa.address,
        other: other.address
      },
      {
        message: smartMessage,
        signature: (await walletRequest(ctx, "personal_sign", [smartMessage, smart])) as string,
        address: smart,
        other: eoa.address
      },
      {
        message: solanaMessage,
        signature: (await solanaSign(2, solanaMessage)).signature,
        address: solanaAddress,
        other: solanaOther
      }
    ]
    // A valid signature over another message by the same signer, to borrow.
    const borrowedEvm = await eoa.signMessage({ message: siwe(eoa.address, "AnotherNonce123456789") })
    const borrowedSolana = (await solanaSign(2, formatCaip122Message(solanaData(solanaAddress, "AnotherNonce1234567"))))
      .signature

    let consumed = 0
    let accepted = 0
    let slowest = 0
    const reasons = new Set<string>()
    // Every nonce is "live": only the signature and the other checks stand between a tampered sign-in and a session.
    const consumeNonce = () => {
      consumed++
      return true
    }
    for (const original of originals) {
      expect(
        await verifySiwx({ ...original, expected, now, consumeNonce, client: () => client }),
        "the untampered sign-in verifies"
      ).toMatchObject({ ok: true })
    }
    consumed = 0
    await fc.assert(
      fc.asyncProperty(fc.nat(originals.length - 1), tamper, async (which, t) => {
        const original = originals[which]!
        let { message, signature } = original
        if (t.borrowed) signature = original.signature.startsWith("0x") ? borrowedEvm : borrowedSolana
        for (const m of t.mutations) {
          if (t.target !== "signature") message = apply(message, m, original.other, original.address)
          if (t.target !== "message") signature = apply(signature, m, original.other, original.address)
        }
        if (!isTampered(original, { message, signature })) return
        const started = performance.now()
        const result = await verifySiwx({ message, signature, expected, now, consumeNonce, client: () => client })
        slowest = Math.max(slowest, performance.now() - started)
        if (result.ok) accepted++
        else reasons.add(result.reason)
        expect(result, `${JSON.stringify(message)} / ${signature}`).toMatchObject({ ok: false })
      }),
      { seed: 4361, numRuns: 600 }
    )
    expect({ accepted, consumed }).toEqual({ accepted: 0, consumed: 0 })
    // Tampering reached the signature check, not only the parser.
    expect([...reasons].sort()).toEqual(expect.arrayContaining(["malformed", "signature"]))
    expect(slowest).toBeLessThan(5000)
  }, 120_000)
})
