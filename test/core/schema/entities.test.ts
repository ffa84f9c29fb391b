import { Result } from "effect"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import {
  AccountState,
  CaipNetwork,
  Connection,
  ConnectorData,
  ConnectorStatus,
  ConnectorType,
  DappData,
  EmbeddedUser,
  IsConnected,
  NameRecord,
  NameSuggestion,
  OnrampQuote,
  PaymentCurrency,
  PurchaseCurrency,
  SIWXMessageData,
  SmartAccountEnabledNetworks,
  ThemeSync,
  TokenBalance,
  Transaction,
  WalletListEntry,
  WalletListing
} from "../../../core/schema/index.ts"

/** Decodes and returns the readable error message, or undefined on success. */
const failure = (schema: Schema.Top & { readonly DecodingServices: never }, input: unknown): string | undefined => {
  const result = Schema.decodeUnknownResult(schema)(input)
  return Result.isFailure(result) ? result.failure.message : undefined
}

const usdcBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
  value: 25.01,
  price: 1.0004,
  quantity: { decimals: "6", numeric: "25.000000" },
  iconUrl: "https://cdn.example/usdc.png"
}

describe("entity schemas", () => {
  it("a network decodes and must carry namespace:id as its CAIP id", () => {
    const network = {
      id: 8453,
      caipNetworkId: "eip155:8453",
      chainNamespace: "eip155",
      name: "Base",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: ["https://mainnet.base.org"] }, chainDefault: { http: ["https://base.example"] } },
      blockExplorers: { default: { name: "Basescan", url: "https://basescan.org" } },
      testnet: false,
      assets: { imageId: "7289c336", imageUrl: "https://img.example/base.png" }
    }
    expect(Schema.decodeUnknownSync(CaipNetwork)(network)).toEqual(network)
    expect(failure(CaipNetwork, { ...network, caipNetworkId: "eip155:1" })).toBe(
      'Expected "eip155:8453"\n  at ["caipNetworkId"]'
    )
    expect(failure(CaipNetwork, { ...network, chainNamespace: "tron" })).toContain('["chainNamespace"]')
  })

  it("a registry wallet with null links decodes; extra keys are dropped", () => {
    const listing = {
      id: "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
      name: "MetaMask",
      homepage: "https://metamask.io/",
      image_id: "018b2d52-10e9-4158-1fde-a5d5bac5aa00",
      order: 10,
      mobile_link: "metamask://",
      desktop_link: null,
      webapp_link: null,
      app_store: "https://apps.apple.com/app/metamask/id1438144202",
      rdns: "io.metamask",
      injected: [{ namespace: "eip155", injected_id: "isMetaMask" }],
      chains: ["eip155:1", "eip155:8453"],
      link_mode: null
    }
    const decoded = Schema.decodeUnknownSync(WalletListing)(listing)
    expect(decoded.rdns).toBe("io.metamask")
    expect("link_mode" in decoded).toBe(false)
    expect(Schema.decodeUnknownSync(WalletListEntry)({ ...listing, installed: true, display_index: 2 }).installed).toBe(
      true
    )
    expect(failure(WalletListing, { ...listing, name: 42 })).toBe('Expected string\n  at ["name"]')
  })

  it("connectors and connections decode; an unknown connector type fails", () => {
    expect(ConnectorType.literals).toEqual([
      "ANNOUNCED",
      "MULTI_CHAIN",
      "INJECTED",
      "EXTERNAL",
      "WALLET_CONNECT",
      "AUTH",
      "ID_AUTH"
    ])
    expect(ConnectorStatus.literals).toEqual(["connected", "active", "disconnected"])
    const connector = {
      id: "io.metamask",
      type: "ANNOUNCED",
      name: "MetaMask",
      chain: "eip155",
      info: { rdns: "io.metamask", icon: "data:image/png;base64,AAAA" }
    }
    expect(Schema.decodeUnknownSync(ConnectorData)(connector)).toEqual(connector)
    expect(failure(ConnectorData, { ...connector, type: "LEDGER" })).toContain('at ["type"]')
    const connection = {
      connectorId: "AUTH",
      accounts: [{ address: "0xabc", type: "smartAccount", publicKey: "0x04ff" }],
      auth: { name: "ada@example.com" }
    }
    expect(Schema.decodeUnknownSync(Connection)(connection)).toEqual(connection)
    expect(failure(Connection, { connectorId: "x", accounts: [{}] })).toBe(
      'Missing key\n  at ["accounts"][0]["address"]'
    )
  })

  it("account state decodes with its tab names and rejects a bad CAIP address", () => {
    const state = {
      caipAddress: "eip155:1:0xabc",
      address: "0xabc",
      balance: "1.5",
      balanceSymbol: "ETH",
      profileName: null,
      currentTab: "Activity",
      tokenBalance: [usdcBalance],
      preferredAccountType: "smartAccount",
      socialProvider: "discord",
      user: { email: "ada@example.com", accounts: [{ address: "0xabc", type: "eoa" }] },
      status: "connected",
      addressLabels: { "0xabc": "Main" }
    }
    expect(Schema.decodeUnknownSync(AccountState)(state)).toEqual(state)
    expect(failure(AccountState, { ...state, caipAddress: "eip155:1" })).toBe(
      'Invalid CAIP Address\n  at ["caipAddress"]'
    )
    expect(failure(AccountState, { ...state, currentTab: 3 })).toContain('at ["currentTab"]')
  })

  it("token balances decode, native ones without an address", () => {
    const { address: _, ...native } = { ...usdcBalance, name: "Ether", symbol: "ETH" }
    expect(Schema.decodeUnknownSync(TokenBalance)(native)).not.toHaveProperty("address")
    expect(failure(TokenBalance, { ...usdcBalance, quantity: { decimals: 6, numeric: "1" } })).toBe(
      'Expected string\n  at ["quantity"]["decimals"]'
    )
  })

  it("a history entry decodes with fungible and NFT transfers", () => {
    const tx = {
      id: "0x5d1a-1",
      metadata: {
        operationType: "receive",
        hash: "0x5d1a",
        minedAt: "2024-05-01T10:00:00Z",
        sentFrom: "0xa",
        sentTo: "0xb",
        status: "confirmed",
        nonce: 4,
        chain: "eip155:1"
      },
      transfers: [
        {
          fungible_info: { name: "Ether", symbol: "ETH", icon: { url: "https://cdn.example/eth.png" } },
          direction: "in",
          quantity: { numeric: "0.25" },
          value: 800.12,
          price: 3200.48
        },
        {
          nft_info: {
            name: "Ape #1",
            content: { preview: { url: "https://cdn.example/ape.png" } },
            flags: { is_spam: true }
          },
          direction: "in",
          quantity: { numeric: "1" }
        }
      ]
    }
    expect(Schema.decodeUnknownSync(Transaction)(tx)).toEqual(tx)
    expect(failure(Transaction, { ...tx, metadata: { ...tx.metadata, minedAt: undefined } })).toContain(
      '["metadata"]["minedAt"]'
    )
  })

  it("onramp options and quotes decode", () => {
    const usdc = {
      id: "USDC",
      name: "USD Coin",
      symbol: "USDC",
      networks: [{ name: "base", display_name: "Base", chain_id: "8453", contract_address: "0x8335" }]
    }
    expect(Schema.decodeUnknownSync(PurchaseCurrency)(usdc)).toEqual(usdc)
    const usd = {
      id: "USD",
      payment_method_limits: [
        { id: "card", min: "10.00", max: "7500.00" },
        { id: "ach_bank_account", min: "10.00", max: "25000.00" }
      ]
    }
    expect(Schema.decodeUnknownSync(PaymentCurrency)(usd)).toEqual(usd)
    const quote = {
      networkFee: { amount: "0.01", currency: "USDC" },
      paymentSubtotal: { amount: "100", currency: "USD" },
      paymentTotal: { amount: "101.5", currency: "USD" },
      purchaseAmount: { amount: "99.5", currency: "USDC" },
      quoteId: "q-123"
    }
    expect(Schema.decodeUnknownSync(OnrampQuote)(quote)).toEqual(quote)
    const { quoteId: _, ...withoutId } = quote
    expect(failure(OnrampQuote, withoutId)).toBe('Missing key\n  at ["quoteId"]')
  })

  it("a sign-in message decodes and needs a CAIP chain id", () => {
    const data = {
      accountAddress: "0xabc",
      chainId: "eip155:1",
      domain: "app.example",
      uri: "https://app.example/login",
      version: "1",
      nonce: "8f3a",
      statement: "Sign in to Example",
      resources: ["https://app.example/terms"],
      issuedAt: "2024-05-01T10:00:00.000Z",
      expirationTime: "2024-05-02T10:00:00.000Z"
    }
    expect(Schema.decodeUnknownSync(SIWXMessageData)(data)).toEqual(data)
    expect(failure(SIWXMessageData, { ...data, chainId: 1 })).toContain('at ["chainId"]')
  })

  it("name records and suggestions decode", () => {
    const record = {
      name: "ada.airlock.id",
      registered_at: "2024-05-01T10:00:00Z",
      updated_at: "2024-05-01T10:00:00Z",
      addresses: { "60": { address: "0xabc", created: "2024-05-01T10:00:00Z" } },
      attributes: [{ bio: "analyst" }]
    }
    expect(Schema.decodeUnknownSync(NameRecord)(record)).toEqual(record)
    expect(Schema.decodeUnknownSync(NameSuggestion)({ name: "ada1.airlock.id", registered: false }).registered).toBe(
      false
    )
    expect(failure(NameRecord, { ...record, addresses: { "60": { addr: "0xabc" } } })).toBe(
      'Missing key\n  at ["addresses"]["60"]["address"]'
    )
  })

  it("embedded-wallet payloads decode and the user email must be valid", () => {
    const user = {
      email: "ada@example.com",
      userName: "ada",
      address: "0xabc",
      chainId: 1,
      accounts: [
        { address: "0xabc", type: "eoa" },
        { address: "0xdef", type: "smartAccount" }
      ],
      preferredAccountType: "smartAccount",
      smartAccountDeployed: false
    }
    expect(Schema.decodeUnknownSync(EmbeddedUser)(user)).toEqual(user)
    expect(failure(EmbeddedUser, { ...user, email: "ada-at-example" })).toBe('Invalid email address\n  at ["email"]')
    expect(failure(EmbeddedUser, { ...user, accounts: [{ address: "0x1", type: "multisig" }] })).toContain(
      '["accounts"][0]["type"]'
    )
    expect(Schema.decodeUnknownSync(SmartAccountEnabledNetworks)({ smartAccountEnabledNetworks: [1, 8453] })).toEqual({
      smartAccountEnabledNetworks: [1, 8453]
    })
    expect(failure(SmartAccountEnabledNetworks, { smartAccountEnabledNetworks: "1,8453" })).toContain(
      "smartAccountEnabledNetworks"
    )
    expect(failure(IsConnected, { isConnected: "yes" })).toBe('Expected boolean\n  at ["isConnected"]')
    expect(
      Schema.decodeUnknownSync(ThemeSync)({ themeMode: "dark", themeVariables: { "--w3m-accent": "#3396ff" } })
    ).toEqual({ themeMode: "dark", themeVariables: { "--w3m-accent": "#3396ff" } })
    expect(failure(ThemeSync, { themeMode: "sepia" })).toContain('at ["themeMode"]')
    const dapp = {
      metadata: {
        name: "Demo",
        description: "A demo",
        url: "https://demo.example",
        icons: ["https://demo.example/i.png"]
      },
      sdkVersion: "airlock-0.1.0",
      sdkType: "airlock",
      projectId: "p1"
    }
    expect(Schema.decodeUnknownSync(DappData)(dapp)).toEqual(dapp)
    const { projectId: _, ...anonymous } = dapp
    expect(failure(DappData, anonymous)).toBe('Missing key\n  at ["projectId"]')
  })
})
