/**
 * The sandbox API's name routes over HTTP: suggestions, registration (an EOA's signature, the embedded wallet's smart
 * account through ERC-6492, every refusal with its reason), reverse and forward lookup, and the identity of an address
 * that registered a name.
 */
import { type Hex, keccak256, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { evmCoinType, nameRegistrationMessage } from "../../../core/rules/names.ts"
import { accountFactoryAddress, type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { type SentCalls, smartAccount, type WalletContext, walletRequest } from "../../../server/frame/page/wallet.ts"
import { call, demo, post, removeDir, startTestApi } from "./fixture.ts"

let chains: Chains
let api: Awaited<ReturnType<typeof startTestApi>>
const clock = Date.parse("2026-03-01T12:00:00.000Z")
beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }] })
  api = await startTestApi({ chains, now: () => clock })
}, 60_000)
afterAll(async () => {
  await api?.stop()
  await chains?.stop()
  if (api) removeDir(api.dir)
})

const keyOf = (label: string): Hex => keccak256(toHex(`airlock names test ${label}`))
const mainnet = evmCoinType(1)!

/** A registration of `name` signed by `signer` for `address` (the signer's own unless given). */
const registration = async (
  name: string,
  signer = privateKeyToAccount(keyOf("eoa")),
  overrides: { address?: string; coinType?: number; timestamp?: number } = {}
) => {
  const message = nameRegistrationMessage(name, overrides.timestamp ?? clock)
  return {
    coin_type: overrides.coinType ?? mainnet,
    address: overrides.address ?? signer.address,
    message,
    signature: await signer.signMessage({ message })
  }
}

const register = (body: unknown) => post(api, `/v1/profile/account?${demo}`, body)
const firstReason = (body: unknown) => (body as { reasons: Array<{ description: string }> }).reasons[0]?.description

describe("name registration", () => {
  it("registers an EOA's name, then answers it forward, in reverse, in the suggestions and as its identity", async () => {
    const owner = privateKeyToAccount(keyOf("eoa"))
    const before = await call(api, `/v1/profile/suggestions/ada-lovelace?zone=airlock.id&${demo}`)
    expect((before.body as { suggestions: Array<unknown> }).suggestions[0]).toEqual({
      name: "ada-lovelace.airlock.id",
      registered: false
    })

    const answer = await register(await registration("ada-lovelace.airlock.id", owner))
    expect(answer).toMatchObject({ status: 200, body: { success: true } })

    const forward = await call(api, `/v1/profile/account/ada-lovelace.airlock.id?apiVersion=2&${demo}`)
    expect(forward.body).toMatchObject({
      name: "ada-lovelace.airlock.id",
      addresses: { "60": { address: owner.address }, [String(mainnet)]: { address: owner.address } }
    })
    const reverse = await call(api, `/v1/profile/reverse/${owner.address.toLowerCase()}?apiVersion=2&${demo}`)
    expect((reverse.body as Array<{ name: string }>).map((r) => r.name)).toEqual(["ada-lovelace.airlock.id"])
    const identity = await call(api, `/v1/identity/${owner.address}?${demo}`)
    expect(identity.body).toMatchObject({ name: "ada-lovelace.airlock.id" })

    const after = await call(api, `/v1/profile/suggestions/ada-lovelace?zone=airlock.id&${demo}`)
    const suggestions = (after.body as { suggestions: Array<{ name: string; registered: boolean }> }).suggestions
    expect(suggestions[0]).toEqual({ name: "ada-lovelace.airlock.id", registered: true })
    expect(suggestions.slice(1)).toEqual([
      { name: "ada-lovelace1.airlock.id", registered: false },
      { name: "ada-lovelace2.airlock.id", registered: false },
      { name: "ada-lovelace3.airlock.id", registered: false }
    ])
  })

  it("registers the embedded wallet's smart account before its deployment (ERC-6492)", async () => {
    const ctx: WalletContext = {
      key: keyOf("smart owner"),
      chainId: 1,
      rpcUrl: chains.chains[0]!.rpcUrl,
      accountFactory: accountFactoryAddress,
      preferredAccountType: "smartAccount",
      calls: new Map<string, SentCalls>()
    }
    const { address, isDeployed } = (await smartAccount(ctx))!
    expect(isDeployed).toBe(false)
    const message = nameRegistrationMessage("smart-ada.airlock.id", clock)
    const signature = (await walletRequest(ctx, "personal_sign", [toHex(message), address])) as Hex
    expect(signature.endsWith("6492".repeat(16))).toBe(true)
    const answer = await register({ coin_type: mainnet, address, message, signature })
    expect(answer).toMatchObject({ status: 200, body: { success: true } })
    const identity = await call(api, `/v1/identity/${address}?${demo}`)
    expect(identity.body).toMatchObject({ name: "smart-ada.airlock.id" })
  })

  it("refuses, with its reason, a taken name, a short one, bad characters, a signature not the address's, an old message and a chain id at or above 2147483648", async () => {
    const other = privateKeyToAccount(keyOf("other"))
    await register(await registration("grace-hopper.airlock.id", other))
    const refusals: Array<[unknown, number, string]> = [
      [await registration("grace-hopper.airlock.id"), 409, "grace-hopper.airlock.id is already taken"],
      [await registration("abc.airlock.id"), 400, "Name must have at least 4 characters"],
      [await registration("ada_1.airlock.id"), 400, "Name may contain only letters, digits and hyphens"],
      [
        await registration("forged.airlock.id", other, { address: privateKeyToAccount(keyOf("victim")).address }),
        401,
        `The signature is not ${privateKeyToAccount(keyOf("victim")).address}'s`
      ],
      [
        await registration("late-ada.airlock.id", other, { timestamp: clock - 3_600_000 }),
        400,
        "The message's timestamp is too far from now: sign a new one"
      ],
      [await registration("far-ada.airlock.id", other, { coinType: 2 ** 32 + 1 }), 400, "Invalid chainId"],
      [await registration("ada.example.com", other), 400, "Names end with .airlock.id"],
      [{ coin_type: mainnet }, 400, ""]
    ]
    for (const [body, status, reason] of refusals) {
      const answer = await register(body)
      expect(answer.status).toBe(status)
      if (reason !== "") expect(firstReason(answer.body)).toBe(reason)
      else expect(firstReason(answer.body)).toMatch(/^Invalid body/)
    }
    // Nothing refused was registered.
    const forged = await call(api, `/v1/profile/account/forged.airlock.id?apiVersion=2&${demo}`)
    expect(forged.status).toBe(404)
  })

  it("keeps the seeded names resolving", async () => {
    const alice = await call(api, `/v1/profile/account/alice.airlock?apiVersion=2&${demo}`)
    expect(alice).toMatchObject({ status: 200, body: { name: "alice.airlock" } })
  })
})
