import {
  type Address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  compileTransaction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  isSolanaError,
  lamports,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { solanaLocalnetGenesisHash } from "../../../core/networks/solana.ts"
import { solanaSigner } from "../../../sandbox/solana/accounts.ts"
import { associatedTokenAddress, type SolanaChain, solanaSeeded, startSolana } from "../../../sandbox/solana/index.ts"
import { maxBatchRequests } from "../../../sandbox/solana/rpc.ts"

const sol = 1_000_000_000n
const baseFee = 5000n

let chain: SolanaChain
let rpc: Rpc<SolanaRpcApi>
let rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>

beforeAll(async () => {
  chain = await startSolana()
  rpc = createSolanaRpc(chain.rpcUrl)
  rpcSubscriptions = createSolanaRpcSubscriptions(chain.wsUrl)
})

afterAll(() => chain?.stop())

const address = (index: number): Address => chain.accounts[index]!.address
const signer = (index: number) => solanaSigner(chain.accounts[index]!.privateKey)
const balance = async (who: Address) => (await rpc.getBalance(who).send()).value

/** A v0 transaction paid and signed by sandbox account `payer`, with the latest blockhash. */
const signed = async (
  payer: number,
  instructions: (payer: Awaited<ReturnType<typeof signer>>) => Array<Instruction>
) => {
  const feePayer = await signer(payer)
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(instructions(feePayer), m)
    )
  )
  assertIsTransactionWithBlockhashLifetime(transaction)
  return transaction
}

const solTransfer = (from: number, to: Address, amount: bigint) =>
  signed(from, (source) => [getTransferSolInstruction({ source, destination: to, amount: lamports(amount) })])

/** Posts raw text to the RPC and returns the status and parsed answer. */
const post = async (body: string) => {
  const response = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body })
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text) as unknown }
}

describe("the local Solana chain over @solana/kit", () => {
  it("is the sandbox's localnet: its genesis hash, CAIP id, version and health", async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(chain.wsUrl).toBe(chain.rpcUrl.replace("http:", "ws:"))
    expect(await rpc.getGenesisHash().send()).toBe(solanaLocalnetGenesisHash)
    expect(chain.caipNetworkId).toBe(`solana:${solanaLocalnetGenesisHash.slice(0, 32)}`)
    expect(await rpc.getHealth().send()).toBe("ok")
    expect((await rpc.getVersion().send())["solana-core"]).toMatch(/^\d+\.\d+\.\d+$/)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.absoluteSlot).toBe(await rpc.getSlot().send())
    expect(epoch.blockHeight).toBe(await rpc.getBlockHeight().send())
    expect(epoch.transactionCount).toBeGreaterThanOrEqual(BigInt(solanaSeeded.transactionCount))
  })

  it("holds the seeded SOL: account 1 got 1 SOL and sent back 0.25 (paying two fees), 2 and 3 are untouched", async () => {
    expect(await balance(address(1))).toBe(10n * sol + sol - sol / 4n - 2n * baseFee)
    expect(await balance(address(2))).toBe(10n * sol)
    expect(await balance(address(3))).toBe(10n * sol)
    expect(await balance(address(0))).toBeLessThan(100n * sol)
  })

  it("holds the seeded USDC in associated token accounts, by mint and by program, parsed and raw", async () => {
    const [ata0, ata1] = await Promise.all([0, 1].map((i) => associatedTokenAddress(address(i), chain.usdcMint)))
    const byMint = await rpc
      .getTokenAccountsByOwner(address(0), { mint: chain.usdcMint }, { encoding: "jsonParsed" })
      .send()
    expect(byMint.value).toHaveLength(1)
    expect(byMint.value[0]!.pubkey).toBe(ata0)
    expect(byMint.value[0]!.account.data.parsed.info).toMatchObject({
      mint: chain.usdcMint,
      owner: address(0),
      state: "initialized",
      tokenAmount: { amount: "980000000", decimals: 6, uiAmountString: "980" }
    })
    const byProgram = await rpc
      .getTokenAccountsByOwner(address(1), { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: "base64" })
      .send()
    expect(byProgram.value.map((entry) => entry.pubkey)).toEqual([ata1])
    expect(byProgram.value[0]!.account.data[1]).toBe("base64")
    expect((await rpc.getTokenAccountBalance(ata1!).send()).value).toMatchObject({ amount: "120000000", decimals: 6 })
    expect((await rpc.getTokenSupply(chain.usdcMint).send()).value.amount).toBe("1100000000")
    const mint = await rpc.getAccountInfo(chain.usdcMint, { encoding: "jsonParsed" }).send()
    expect(mint.value?.data).toMatchObject({ program: "spl-token", parsed: { type: "mint", info: { decimals: 6 } } })
    expect((await rpc.getTokenAccountsByOwner(address(2), { mint: chain.usdcMint }).send()).value).toEqual([])
  })

  it("sends and confirms a SOL transfer with sendAndConfirmTransactionFactory: the receiver gains exactly the amount", async () => {
    const amount = 123_456_789n
    const [before0, before2] = await Promise.all([balance(address(0)), balance(address(2))])
    const slotBefore = await rpc.getSlot().send()
    const transaction = await solTransfer(0, address(2), amount)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: "confirmed" })
    const signature = getSignatureFromTransaction(transaction)

    expect(await balance(address(2))).toBe(before2 + amount)
    const status = (await rpc.getSignatureStatuses([signature]).send()).value[0]
    expect(status).toMatchObject({ err: null, confirmationStatus: "finalized" })
    expect(status!.slot).toBe(slotBefore + 1n)

    const found = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: "json" }).send()
    expect(found?.meta?.err).toBeNull()
    expect(found?.meta?.fee).toBe(baseFee)
    expect(await balance(address(0))).toBe(before0 - amount - baseFee)
    expect(found?.transaction.message.accountKeys.slice(0, 2)).toEqual([address(0), address(2)])
    expect(found?.meta?.preBalances[1]).toBe(before2)
    expect(found?.meta?.postBalances[1]).toBe(before2 + amount)
    expect(found?.meta?.logMessages).toContain("Program 11111111111111111111111111111111 success")
    expect(found?.blockTime).toBe(await rpc.getBlockTime(found!.slot).send())

    const raw = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: "base64" }).send()
    expect(raw?.transaction[0]).toBe(getBase64EncodedWireTransaction(transaction))

    const [newest] = await rpc.getSignaturesForAddress(address(2), { limit: 1 }).send()
    expect(newest).toMatchObject({ signature, err: null, confirmationStatus: "finalized" })
  })

  it("charges and records a priority fee exactly: the payer loses the amount plus the fee getTransaction reports", async () => {
    const computeBudget = "ComputeBudget111111111111111111111111111111" as Address
    const limit = new Uint8Array(5)
    limit[0] = 2 // SetComputeUnitLimit(u32)
    new DataView(limit.buffer).setUint32(1, 10_000, true)
    const price = new Uint8Array(9)
    price[0] = 3 // SetComputeUnitPrice(u64 micro-lamports)
    new DataView(price.buffer).setBigUint64(1, 2_000_000n, true)
    const before = await balance(address(1))
    const transaction = await signed(1, (source) => [
      { programAddress: computeBudget, data: limit },
      { programAddress: computeBudget, data: price },
      getTransferSolInstruction({ source, destination: address(2), amount: lamports(1000n) })
    ])
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: "confirmed" })
    const found = await rpc
      .getTransaction(getSignatureFromTransaction(transaction), { maxSupportedTransactionVersion: 0, encoding: "json" })
      .send()
    expect(found?.meta?.fee).toBe(baseFee + 20_000n)
    expect(await balance(address(1))).toBe(before - 1000n - baseFee - 20_000n)
  })

  it("lists an account's signatures newest first, paged with limit, before and until", async () => {
    const all = await rpc.getSignaturesForAddress(address(1)).send()
    // account 1 is a key of 4 seed transactions (the mint's creation names it as a token account owner; the mint-to
    // and account 0's USDC transfer name only its token account)
    expect(all.length).toBeGreaterThanOrEqual(4)
    const slots = all.map((entry) => entry.slot)
    expect(slots).toEqual([...slots].sort((a, b) => Number(b - a)))
    const [first, second, third] = all
    expect((await rpc.getSignaturesForAddress(address(1), { limit: 2 }).send()).map((e) => e.signature)).toEqual([
      first!.signature,
      second!.signature
    ])
    const before = await rpc.getSignaturesForAddress(address(1), { before: first!.signature, limit: 1 }).send()
    expect(before.map((e) => e.signature)).toEqual([second!.signature])
    const until = await rpc.getSignaturesForAddress(address(1), { until: third!.signature }).send()
    expect(until.map((e) => e.signature)).toEqual([first!.signature, second!.signature])
  })

  it("records an SPL transfer's token balances before and after", async () => {
    const [ata0, ata1] = await Promise.all([0, 1].map((i) => associatedTokenAddress(address(i), chain.usdcMint)))
    const transaction = await signed(1, (authority) => [
      getTransferCheckedInstruction({
        source: ata1!,
        mint: chain.usdcMint,
        destination: ata0!,
        authority,
        amount: 2_500_000n,
        decimals: 6
      })
    ])
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: "confirmed" })
    const found = await rpc
      .getTransaction(getSignatureFromTransaction(transaction), { maxSupportedTransactionVersion: 0, encoding: "json" })
      .send()
    const amounts = (list: ReadonlyArray<{ owner?: string; uiTokenAmount: { amount: string } }> | null | undefined) =>
      Object.fromEntries((list ?? []).map((entry) => [entry.owner, entry.uiTokenAmount.amount]))
    expect(amounts(found?.meta?.preTokenBalances)).toEqual({ [address(0)]: "980000000", [address(1)]: "120000000" })
    expect(amounts(found?.meta?.postTokenBalances)).toEqual({ [address(0)]: "982500000", [address(1)]: "117500000" })
    // an incoming SPL transfer names only the token account, so account 0 is not among its keys
    const listed = await rpc.getSignaturesForAddress(ata0!, { limit: 1 }).send()
    expect(listed[0]?.signature).toBe(getSignatureFromTransaction(transaction))
  })

  it("refuses a transfer the sender cannot pay with a -32002 preflight error carrying the logs, and changes nothing", async () => {
    const [before3, before0, slot] = await Promise.all([balance(address(3)), balance(address(0)), rpc.getSlot().send()])
    const transaction = await solTransfer(3, address(0), 11n * sol)
    const error = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: "base64" })
      .send()
      .then(
        () => undefined,
        (e: unknown) => e
      )
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    const context = (error as { context: { logs: ReadonlyArray<string> } }).context
    expect(context.logs.join("\n")).toContain("insufficient lamports")
    expect(await balance(address(3))).toBe(before3)
    expect(await balance(address(0))).toBe(before0)
    expect(await rpc.getSlot().send()).toBe(slot)
    const signature = getSignatureFromTransaction(transaction)
    expect((await rpc.getSignatureStatuses([signature]).send()).value).toEqual([null])
    expect(
      await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: "json" }).send()
    ).toBeNull()
  })

  it("lands a failing transaction sent with skipPreflight: recorded with its error, only the fee charged", async () => {
    const before3 = await balance(address(3))
    const transaction = await solTransfer(3, address(0), 11n * sol)
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: "base64", skipPreflight: true })
      .send()
    const status = (await rpc.getSignatureStatuses([signature]).send()).value[0]
    expect(status?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(await balance(address(3))).toBe(before3 - baseFee)
  })

  it("takes a transaction in base58, the RPC's default encoding, and refuses it a second time", async () => {
    const transaction = await solTransfer(0, address(3), 1000n)
    const base64 = getBase64EncodedWireTransaction(transaction)
    const { getBase58Decoder } = await import("@solana/kit")
    const base58 = getBase58Decoder().decode(Buffer.from(base64, "base64"))
    const answer = await post(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "sendTransaction", params: [base58] }))
    expect(answer.body).toEqual({ jsonrpc: "2.0", id: 7, result: getSignatureFromTransaction(transaction) })
    const again = (await post(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "sendTransaction", params: [base58] })))
      .body as { error: { code: number; data: { err: unknown } } }
    expect(again.error.code).toBe(-32002)
    expect(again.error.data.err).toBe("AlreadyProcessed")
  })

  it("notifies slot and account subscribers when a transaction lands", async () => {
    const abort = new AbortController()
    try {
      const [slots, accounts] = await Promise.all([
        rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal }),
        rpcSubscriptions
          .accountNotifications(address(3), { encoding: "base64", commitment: "confirmed" })
          .subscribe({ abortSignal: abort.signal })
      ])
      // kit's iterators keep what arrives once they exist: make them before the transaction lands
      const [slotNext, accountNext] = [slots[Symbol.asyncIterator]().next(), accounts[Symbol.asyncIterator]().next()]
      const slot = await rpc.getSlot().send()
      const transaction = await solTransfer(0, address(3), 777n)
      await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: "base64" }).send()
      const [slotNote, accountNote] = await Promise.all([slotNext, accountNext])
      expect(slotNote.value).toMatchObject({ slot: slot + 1n, parent: slot })
      expect(accountNote.value?.value.lamports).toBe(await balance(address(3)))
      expect(accountNote.value?.context.slot).toBe(slot + 1n)
    } finally {
      abort.abort()
    }
  })

  it("answers the helpers wallets call: airdrop, fees, blockhash validity, rent, several accounts, simulation", async () => {
    const fresh = "CiDwVBFgWV9E5MvXWoLgnEgn2hK7rJikbvfWavzAQz3" as Address
    const signature = await rpc.requestAirdrop(fresh, lamports(2n * sol)).send()
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.err).toBeNull()
    expect(await balance(fresh)).toBe(2n * sol)

    const { value: latest } = await rpc.getLatestBlockhash().send()
    expect(latest.lastValidBlockHeight).toBe((await rpc.getBlockHeight().send()) + 150n)
    expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true)
    expect((await rpc.isBlockhashValid("11111111111111111111111111111111" as never).send()).value).toBe(false)
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)

    const transaction = await solTransfer(0, address(1), 1n)
    const message = Buffer.from(transaction.messageBytes).toString("base64")
    expect((await rpc.getFeeForMessage(message as never).send()).value).toBe(baseFee)

    const accounts = await rpc.getMultipleAccounts([address(1), fresh, chain.usdcMint], { encoding: "base64" }).send()
    expect(accounts.value.map((entry) => entry?.owner)).toEqual([
      "11111111111111111111111111111111",
      "11111111111111111111111111111111",
      TOKEN_PROGRAM_ADDRESS
    ])
    const simulated = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: "base64",
        accounts: { addresses: [address(1)], encoding: "base64" }
      })
      .send()
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.accounts?.[0]?.lamports).toBe((await balance(address(1))) + 1n)
    expect(simulated.value.unitsConsumed).toBeGreaterThan(0n)

    // what kit's compute-unit estimate sends: unsigned, with any blockhash, replaced by the latest
    const feePayer = await signer(0)
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(feePayer.address, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { ...latest, blockhash: "11111111111111111111111111111111" as never },
            m
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: feePayer, destination: fresh, amount: 5n })],
            m
          )
      )
    )
    const estimate = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(unsigned), {
        encoding: "base64",
        replaceRecentBlockhash: true,
        sigVerify: false
      })
      .send()
    expect(estimate.value.err).toBeNull()
    expect(estimate.value.replacementBlockhash?.blockhash).toBe((await rpc.getLatestBlockhash().send()).value.blockhash)
    expect((await rpc.getAccountInfo("So11111111111111111111111111111111111111111" as Address).send()).value).toBeNull()
  })
})

describe("the local Solana RPC refuses bad requests with JSON-RPC errors", () => {
  it("answers malformed JSON, unknown methods, bad params and bad requests with their codes", async () => {
    expect((await post("{nope")).body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } })
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')).body).toMatchObject({
      id: 1,
      error: { code: -32601, message: "Method not found" }
    })
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"constructor"}')).body).toMatchObject({
      error: { code: -32601 }
    })
    expect(
      (await post('{"jsonrpc":"2.0","id":2,"method":"getBalance","params":["not-an-address"]}')).body
    ).toMatchObject({ id: 2, error: { code: -32602 } })
    expect((await post('{"jsonrpc":"2.0","id":3,"method":"getBalance","params":{"a":1}}')).body).toMatchObject({
      error: { code: -32602 }
    })
    expect((await post('{"jsonrpc":"2.0","id":4,"method":"sendTransaction","params":["AAAA"]}')).body).toMatchObject({
      error: { code: -32602 }
    })
    expect((await post('{"id":5,"method":"getSlot"}')).body).toMatchObject({ error: { code: -32600 } })
    expect((await post("42")).body).toMatchObject({ error: { code: -32600 } })
    expect((await post("[]")).body).toMatchObject({ error: { code: -32600 } })
  })

  it("answers a batch entry by entry, in order", async () => {
    const { body } = await post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "getGenesisHash" },
        { jsonrpc: "2.0", id: 2, method: "nope" },
        "garbage",
        { jsonrpc: "2.0", id: 3, method: "getHealth" }
      ])
    )
    expect(body).toMatchObject([
      { id: 1, result: solanaLocalnetGenesisHash },
      { id: 2, error: { code: -32601 } },
      { id: null, error: { code: -32600 } },
      { id: 3, result: "ok" }
    ])
  })

  it("refuses a 2 MB body and a 10,000-entry batch without hanging, and keeps answering", async () => {
    const big = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"jsonrpc":"2.0","id":1,"method":"getHealth","params":["${"x".repeat(2_000_000)}"]}`
    })
    expect(big.status).toBe(413)
    const batch = Array.from({ length: 10_000 }, (_, id) => ({ jsonrpc: "2.0", id, method: "getSlot" }))
    const { body } = await post(JSON.stringify(batch))
    expect(body).toMatchObject({ error: { code: -32600 } })
    expect(String((body as { error: { message: string } }).error.message)).toContain(String(maxBatchRequests))
    expect(await rpc.getHealth().send()).toBe("ok")
  })

  it("refuses to start on a busy port, naming it", async () => {
    const busy = new URL(chain.rpcUrl).port
    await expect(startSolana({ port: Number(busy) })).rejects.toThrow(busy)
  })

  it("stops: closes its port, and a second stop is harmless", async () => {
    const other = await startSolana()
    await other.stop()
    await other.stop()
    await expect(fetch(other.rpcUrl, { method: "POST", body: "{}" })).rejects.toThrow()
  })
})
