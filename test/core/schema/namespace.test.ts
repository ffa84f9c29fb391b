import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import {
  AccountTab,
  AccountType,
  accountTabs,
  BitcoinAccountType,
  bitcoinAccountIndexes,
  ChainNamespace,
  ConnectionStatus,
  chainNamespaces,
  defaultAccountTypes
} from "../../../core/schema/index.ts"

describe("namespaces and kinds", () => {
  it("know the seven namespaces of SPEC §3 and nothing else", () => {
    expect([...chainNamespaces]).toEqual(["eip155", "solana", "polkadot", "bip122", "cosmos", "sui", "stacks"])
    expect(Schema.is(ChainNamespace)("tron")).toBe(false)
  })

  it("Bitcoin accounts are payment (index 0) or ordinal (index 1)", () => {
    expect(BitcoinAccountType.literals).toEqual(["payment", "ordinal"])
    expect(bitcoinAccountIndexes).toEqual({ payment: 0, ordinal: 1 })
  })

  it("embedded accounts are smartAccount or eoa, with per-namespace defaults of SPEC §6", () => {
    expect(AccountType.literals).toEqual(["smartAccount", "eoa"])
    expect(defaultAccountTypes).toEqual({ eip155: "smartAccount", bip122: "payment", polkadot: "eoa", solana: "eoa" })
  })

  it("connection status is disconnected, connecting or connected", () => {
    expect(ConnectionStatus.literals).toEqual(["disconnected", "connecting", "connected"])
  })

  it("account tabs are Tokens, NFTs, Activity in that order", () => {
    expect([...accountTabs]).toEqual(["Tokens", "NFTs", "Activity"])
    expect(Schema.is(AccountTab)(0)).toBe(false)
  })
})
