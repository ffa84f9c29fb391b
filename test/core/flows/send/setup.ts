import type { AirlockAdapter } from "../../../../core/adapter/AirlockAdapter.ts"
import { messageText } from "../../../../core/i18n/catalogue.ts"
import { en } from "../../../../core/i18n/en/index.ts"
import { base, mainnet } from "../../../../core/networks/index.ts"
import { type SendView, selectSend } from "../../../../core/resources/send.ts"
import type { TokenBalance } from "../../../../core/schema/token.ts"
import type { AirlockState } from "../../../../core/state/AirlockState.ts"
import { createTestAirlock, fakeAccount, fakeAdapter, type TestAirlockClient } from "../../../../core/testing/index.ts"

// The Send machine through the real client on a TestClock: a wallet connected through airlock/testing's fakeAdapter,
// the token list from the blockchain API's memory layer, and a transfer the test can hold or make fail.

export const eth: TokenBalance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 2000,
  value: 2000,
  quantity: { decimals: "18", numeric: "1" }
}
export const usdc: TokenBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
  price: 1,
  value: 120.5,
  quantity: { decimals: "6", numeric: "120.5" }
}
export const ada = "0x000000000000000000000000000000000000aDa0"

/** A promise the test settles itself. */
export const deferred = <A = void>() => {
  let resolve!: (value: A) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<A>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

/** Resolves once `ready(state)` holds: a step an action reaches after its chunk loaded. */
export const until = (airlock: TestAirlockClient, ready: (state: AirlockState) => boolean) =>
  new Promise<void>((resolve) => {
    if (ready(airlock.getState())) return resolve()
    const stop = airlock.subscribe((state) => {
      if (!ready(state)) return
      stop()
      resolve()
    })
  })

/**
 * A connected client with Send open over Account. `transfers.hold` keeps the preparations waiting until the test
 * resolves it; `transfers.fail` makes them fail with that message (as an unreachable RPC would); `transfers.asked()`
 * resolves when the next one starts.
 */
export const setupSend = async (
  options: {
    readonly tokens?: ReadonlyArray<TokenBalance>
    /** The wallet writes into the params of the requests it gets (as some wallet libraries do). */
    readonly walletWritesParams?: boolean
  } = {}
) => {
  const { adapter, wallet } = fakeAdapter()
  const waiting: Array<() => void> = []
  const transfers = {
    hold: undefined as Promise<void> | undefined,
    fail: undefined as string | undefined,
    prepared: 0,
    /** Resolves when the next preparation starts. */
    asked: () => new Promise<void>((resolve) => waiting.push(resolve))
  }
  const held: AirlockAdapter = {
    ...adapter,
    load: async (context) => {
      const implementation = await (adapter.load as NonNullable<AirlockAdapter["load"]>)(context)
      const prepare = implementation.prepareTransfer as NonNullable<typeof implementation.prepareTransfer>
      const request = implementation.request as NonNullable<typeof implementation.request>
      return {
        ...implementation,
        request: async (args) => {
          if (options.walletWritesParams && Array.isArray(args.params)) Object.assign(args.params[0], { gas: "0x5208" })
          return request(args)
        },
        prepareTransfer: async (args) => {
          transfers.prepared += 1
          for (const started of waiting.splice(0)) started()
          await transfers.hold
          if (transfers.fail !== undefined) throw new Error(transfers.fail)
          return prepare(args)
        }
      }
    }
  }
  const balances: Record<string, ReadonlyArray<TokenBalance>> = { [fakeAccount]: options.tokens ?? [eth, usdc] }
  const airlock = createTestAirlock({
    clock: "test",
    networks: [mainnet, base],
    adapters: [held],
    blockchainApi: {
      balances,
      names: [{ name: "ada.airlock.id", addresses: { "60": { address: ada } } }]
    }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  await airlock.refresh()
  await airlock.open()
  airlock.push("Send")
  return { airlock, wallet, transfers, balances }
}

/** What the Send view draws, with its error in the English a user reads (the state keeps it as catalogue data). */
export const sendView = (
  airlock: TestAirlockClient
): Omit<SendView, "error"> & {
  readonly error: { readonly name: string; readonly reason?: string | undefined; readonly message: string } | undefined
} => {
  const view = selectSend(airlock.getState())
  return {
    ...view,
    error: view.error === undefined ? undefined : { ...view.error, message: messageText(en, view.error.message) }
  }
}
