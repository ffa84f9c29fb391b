/**
 * The embedded wallet's Solana account inside the frame: one Ed25519 key per user, derived from the EVM key (the same
 * user always gets the same address, two users never share one), signing messages and transactions that verify with
 * that address, and sending a SOL transfer to the sandbox's local Solana.
 */
import {
  type Address,
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signature as toSignature,
  verifySignature
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import type { Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SolanaChain, startSolana } from "../../../sandbox/solana/index.ts"
import { solanaKeyOf, solanaRequest } from "../../../server/frame/page/solana.ts"
import { unsignedTransferBase64 } from "../../fixtures/solanaTransfer.ts"

const evmKeyA: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
const evmKeyB: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"
const recipient = address("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin")

const verifies = async (signer: string, signatureBytes: Uint8Array, bytes: Uint8Array) =>
  verifySignature(await getPublicKeyFromAddress(signer as Address), signatureBytes as SignatureBytes, bytes)

describe("the frame's Solana key", () => {
  it("is the same for the same user and differs between users", async () => {
    const [a1, a2, b] = await Promise.all([solanaKeyOf(evmKeyA), solanaKeyOf(evmKeyA), solanaKeyOf(evmKeyB)])
    expect(a1.address).toBe(a2.address)
    expect(a1.address).not.toBe(b.address)
    expect(a1.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  it("signs a message that verifies with the Solana address", async () => {
    const key = await solanaKeyOf(evmKeyA)
    const message = new TextEncoder().encode("Sign in to Airlock")
    const answer = (await solanaRequest(key, { rpcUrl: "http://127.0.0.1:1", chainId: "local" }, "solana_signMessage", {
      message: getBase58Decoder().decode(message),
      pubkey: key.address
    })) as { signature: string }
    expect(await verifies(key.address, new Uint8Array(getBase58Encoder().encode(answer.signature)), message)).toBe(true)
  })

  it("signs a transaction in its own slot and refuses another account's message key", async () => {
    const key = await solanaKeyOf(evmKeyA)
    const wire = unsignedTransferBase64({ from: key.address, to: recipient, lamports: 1_000n })
    const answer = (await solanaRequest(
      key,
      { rpcUrl: "http://127.0.0.1:1", chainId: "local" },
      "solana_signTransaction",
      { transaction: wire }
    )) as { transaction: string }
    const { messageBytes, signatures } = getTransactionDecoder().decode(getBase64Encoder().encode(answer.transaction))
    const own = signatures[key.address]
    expect(own).toBeTruthy()
    expect(await verifies(key.address, own as Uint8Array, new Uint8Array(messageBytes))).toBe(true)
    const other = await solanaKeyOf(evmKeyB)
    await expect(
      solanaRequest(key, { rpcUrl: "http://127.0.0.1:1", chainId: "local" }, "solana_signMessage", {
        message: "3yZe7d",
        pubkey: other.address
      })
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      solanaRequest(key, { rpcUrl: "http://127.0.0.1:1", chainId: "local" }, "eth_sendTransaction", {})
    ).rejects.toThrow("Unsupported method")
  })
})

describe("the frame's Solana sends on the local Solana", () => {
  let chain: SolanaChain
  beforeAll(async () => {
    chain = await startSolana()
  }, 60_000)
  afterAll(async () => {
    await chain?.stop()
  })

  it("signs and sends a SOL transfer that lands on chain", async () => {
    const rpc = createSolanaRpc(chain.rpcUrl)
    const key = await solanaKeyOf(evmKeyB)
    const airdrop = await rpc.requestAirdrop(key.address, lamports(2_000_000_000n)).send()
    expect(airdrop).toBeTruthy()
    const before = (await rpc.getBalance(recipient).send()).value
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(key.address, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash(latest.blockhash), lastValidBlockHeight: latest.lastValidBlockHeight },
          m
        ),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: createNoopSigner(key.address),
            destination: recipient,
            amount: 1_000_000_000n
          }),
          m
        )
    )
    const wire = getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
    const answer = (await solanaRequest(
      key,
      { rpcUrl: chain.rpcUrl, chainId: chain.caipNetworkId.split(":")[1]! },
      "solana_signAndSendTransaction",
      { transaction: wire }
    )) as { signature: string }
    const { value } = await rpc.getSignatureStatuses([toSignature(answer.signature)]).send()
    expect(value[0]?.err ?? null).toBeNull()
    expect((await rpc.getBalance(recipient).send()).value).toBe(before + 1_000_000_000n)
  })
})
