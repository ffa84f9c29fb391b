/**
 * The RPC methods the local Solana chain answers, with the result shapes of a validator's RPC (context-wrapped where
 * Solana wraps them). Every transaction is final once it lands, so statuses say `finalized` at once.
 */
import {
  type Address,
  type EncodedAccount,
  getCompiledTransactionMessageDecoder,
  type KeyPairSigner,
  lamports,
  type MaybeEncodedAccount
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { accountEncodingOf, encodeAccount, innerInstructionsJson, mintDecimals, transactionJson } from "./encoding.ts"
import { invalidParams, RpcError, rpcErrorCodes } from "./errors.ts"
import type { SolanaTxRecord } from "./history.ts"
import type { Ledger, RunnableMessage } from "./ledger.ts"
import {
  addressAt,
  configAt,
  decodeWire,
  integerAt,
  listAt,
  type RpcMethod,
  type RpcParams,
  signatureOf,
  stringAt
} from "./rpc.ts"
import { signedWire } from "./sign.ts"
import { mintOf, tokenAccountOf, tokenPrograms, uiTokenAmount } from "./token.ts"

/** The version `getVersion` reports (the validator release litesvm's runtime follows). */
export const solanaCoreVersion = "2.3.0"

/** Slots per epoch, as on mainnet. */
export const slotsPerEpoch = 432_000n

// Accounts litesvm lists (by program, after a simulation) as the account type the encoders read.
const held = (account: EncodedAccount): MaybeEncodedAccount => ({
  ...account,
  data: account.data as Uint8Array,
  exists: true
})

const status = (record: SolanaTxRecord) => ({
  slot: record.slot,
  confirmations: null,
  err: record.err,
  status: record.err === null ? { Ok: null } : { Err: record.err },
  confirmationStatus: "finalized"
})

/**
 * The method table over a chain; `faucet` pays `requestAirdrop`.
 * @example
 * ```ts
 * const methods = solanaMethods(ledger, faucet)
 * await answerBody(methods, '{"jsonrpc":"2.0","id":1,"method":"getHealth"}')
 * ```
 */
export const solanaMethods = (ledger: Ledger, faucet: KeyPairSigner): Readonly<Record<string, RpcMethod>> => {
  const { svm } = ledger
  const decimalsOf = mintDecimals(svm)
  const withContext = (value: unknown) => ({ context: { apiVersion: solanaCoreVersion, slot: ledger.slot() }, value })
  const account = (address: Address, config: Readonly<Record<string, unknown>>) =>
    encodeAccount(svm.getAccount(address), config, decimalsOf)
  const tokenAccount = (address: Address) => {
    const token = tokenAccountOf(svm.getAccount(address))
    if (token === undefined) throw invalidParams("Invalid param: not a Token account")
    return token
  }
  const transactionEncoding = (config: Readonly<Record<string, unknown>>) => {
    const encoding = config.encoding ?? "json"
    if (encoding === "json" || encoding === "jsonParsed" || encoding === "base64" || encoding === "base58")
      return encoding
    throw invalidParams(`Invalid params: unsupported encoding ${JSON.stringify(encoding)}`)
  }
  const maxVersion = (config: Readonly<Record<string, unknown>>) => {
    const version = config.maxSupportedTransactionVersion
    if (version === undefined || version === null) return undefined
    if (version !== 0) throw invalidParams("Invalid params: maxSupportedTransactionVersion must be 0")
    return 0
  }
  const tokenAccountsByOwner = (params: RpcParams) => {
    const owner = addressAt(params, 0)
    const filter = configAt(params, 1)
    const config = configAt(params, 2)
    accountEncodingOf(config)
    let programs: ReadonlyArray<Address>
    let mint: Address | undefined
    if (typeof filter.mint === "string") {
      mint = addressAt([filter.mint], 0)
      const mintAccount = svm.getAccount(mint)
      if (mintOf(mintAccount) === undefined || !mintAccount.exists)
        throw invalidParams("Invalid param: could not find mint")
      programs = [mintAccount.programAddress]
    } else if (typeof filter.programId === "string") {
      const programId = addressAt([filter.programId], 0)
      if (!tokenPrograms.includes(programId)) throw invalidParams("Invalid param: unrecognized Token program id")
      programs = [programId]
    } else throw invalidParams("Invalid params: the filter must be { mint } or { programId }")
    const found = programs.flatMap((program) =>
      svm.getProgramAccounts(program).filter((candidate) => {
        const token = tokenAccountOf(held(candidate))
        return token !== undefined && token.owner === owner && (mint === undefined || token.mint === mint)
      })
    )
    return withContext(found.map((held) => ({ pubkey: held.address, account: account(held.address, config) })))
  }

  return {
    getHealth: () => "ok",
    getVersion: () => ({ "solana-core": solanaCoreVersion, "feature-set": 0 }),
    getGenesisHash: () => ledger.genesisHash,
    getSlot: () => ledger.slot(),
    getBlockHeight: () => ledger.slot(),
    getTransactionCount: () => BigInt(ledger.history.all().length),
    getFirstAvailableBlock: () => 0n,
    getEpochInfo: () => {
      const slot = ledger.slot()
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: slot / slotsPerEpoch,
        slotIndex: slot % slotsPerEpoch,
        slotsInEpoch: slotsPerEpoch,
        transactionCount: BigInt(ledger.history.all().length)
      }
    },
    getBlockTime: (params) => {
      const slot = integerAt(params, 0, "slot")
      const time = ledger.blockTime(slot)
      if (time === undefined)
        throw new RpcError(rpcErrorCodes.blockNotAvailable, `Block not available for slot ${slot}`)
      return time
    },
    getLatestBlockhash: () => withContext(ledger.latestBlockhash()),
    isBlockhashValid: (params) => withContext(ledger.isBlockhashValid(stringAt(params, 0, "blockhash"))),
    getRecentPrioritizationFees: () => [],
    getMinimumBalanceForRentExemption: (params) =>
      svm.minimumBalanceForRentExemption(integerAt(params, 0, "data length")),
    getFeeForMessage: (params) => {
      const bytes = decodeWire(stringAt(params, 0, "message"), "base64")
      let message: RunnableMessage
      try {
        message = getCompiledTransactionMessageDecoder().decode(bytes) as RunnableMessage
      } catch {
        throw invalidParams("invalid transaction message")
      }
      if (message.version !== "legacy" && message.version !== 0) throw invalidParams("unsupported message version")
      return withContext(ledger.isBlockhashValid(message.lifetimeToken) ? ledger.feeFor(message) : null)
    },
    getBalance: (params) => withContext(svm.getBalance(addressAt(params, 0)) ?? 0n),
    getAccountInfo: (params) => withContext(account(addressAt(params, 0), configAt(params, 1))),
    getMultipleAccounts: (params) => {
      const addresses = listAt(params, 0, "addresses", 100).map((_, index, all) => addressAt(all, index))
      const config = configAt(params, 1)
      return withContext(addresses.map((address) => account(address, config)))
    },
    getTokenAccountsByOwner: tokenAccountsByOwner,
    getTokenAccountBalance: (params) => {
      const token = tokenAccount(addressAt(params, 0))
      return withContext(uiTokenAmount(token.amount, decimalsOf(token.mint)))
    },
    getTokenSupply: (params) => {
      const mint = mintOf(svm.getAccount(addressAt(params, 0)))
      if (mint === undefined) throw invalidParams("Invalid param: not a Token mint")
      return withContext(uiTokenAmount(mint.supply, mint.decimals))
    },
    getSignatureStatuses: (params) => {
      const signatures = listAt(params, 0, "signatures", 256).map(signatureOf)
      return withContext(
        signatures.map((signature) => {
          const record = ledger.history.get(signature)
          return record === undefined ? null : status(record)
        })
      )
    },
    getSignaturesForAddress: (params) => {
      const address = addressAt(params, 0)
      const config = configAt(params, 1)
      const limit = config.limit === undefined ? 1000n : integerAt([config.limit], 0, "limit")
      if (limit < 1n || limit > 1000n) throw invalidParams("Invalid params: limit must be between 1 and 1000")
      const before = config.before === undefined ? undefined : signatureOf(config.before)
      const until = config.until === undefined ? undefined : signatureOf(config.until)
      let records = ledger.history.forAddress(address)
      if (before !== undefined) {
        const at = records.findIndex((record) => record.signature === before)
        records = at === -1 ? [] : records.slice(at + 1)
      }
      if (until !== undefined) {
        const at = records.findIndex((record) => record.signature === until)
        if (at !== -1) records = records.slice(0, at)
      }
      return records.slice(0, Number(limit)).map((record) => ({
        signature: record.signature,
        slot: record.slot,
        err: record.err,
        memo: null,
        blockTime: record.blockTime,
        confirmationStatus: "finalized"
      }))
    },
    getTransaction: (params) => {
      const record = ledger.history.get(signatureOf(params[0]))
      const config = configAt(params, 1)
      const encoding = transactionEncoding(config)
      const version = maxVersion(config)
      return record === undefined ? null : transactionJson(record, encoding, version)
    },
    sendTransaction: (params) => {
      const config = configAt(params, 1)
      const wire = decodeWire(stringAt(params, 0, "transaction"), config.encoding)
      return ledger.send(wire, { skipPreflight: config.skipPreflight === true })
    },
    simulateTransaction: (params) => {
      const config = configAt(params, 1)
      const decoded = ledger.decode(decodeWire(stringAt(params, 0, "transaction"), config.encoding))
      const sigVerify = config.sigVerify === true
      const replace = config.replaceRecentBlockhash === true
      if (sigVerify && replace) throw invalidParams("sigVerify may not be used with replaceRecentBlockhash")
      const requested = configAt([config.accounts], 0)
      const addresses =
        requested.addresses === undefined
          ? undefined
          : listAt([requested.addresses], 0, "accounts.addresses", 100).map((_, i, all) => addressAt(all, i))
      const stale = !replace && !ledger.isBlockhashValid(decoded.message.lifetimeToken)
      const simulation = stale ? undefined : ledger.simulate(decoded, { sigVerify })
      const err = simulation === undefined ? "BlockhashNotFound" : simulation.err
      const after = new Map(simulation?.postAccounts.map((held) => [held.address, held]))
      const accountConfig = { encoding: requested.encoding ?? "base64" }
      return withContext({
        err,
        logs: simulation?.logs ?? [],
        accounts:
          addresses === undefined || err !== null
            ? null
            : addresses.map((address) => {
                const changed = after.get(address)
                return changed === undefined
                  ? account(address, accountConfig)
                  : encodeAccount(held(changed), accountConfig, decimalsOf)
              }),
        unitsConsumed: simulation?.unitsConsumed ?? 0n,
        returnData:
          simulation?.returnData == null
            ? null
            : {
                programId: simulation.returnData.programId,
                data: [Buffer.from(simulation.returnData.data).toString("base64"), "base64"]
              },
        innerInstructions:
          config.innerInstructions === true ? innerInstructionsJson(simulation?.innerInstructions ?? []) : null,
        replacementBlockhash: replace ? ledger.latestBlockhash() : null,
        fee: ledger.feeFor(decoded.message)
      })
    },
    requestAirdrop: async (params) => {
      const recipient = addressAt(params, 0)
      const amount = integerAt(params, 1, "lamports")
      const wire = await signedWire(ledger, faucet, [
        getTransferSolInstruction({ source: faucet, destination: recipient, amount: lamports(amount) })
      ])
      return ledger.send(wire, { skipPreflight: false })
    }
  }
}
