import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatCaip122Message, isCaip122MessageOf, parseCaip122Message } from "../../../core/rules/caip122.ts"
import type { SIWXMessageData } from "../../../core/schema/siwx.ts"

const address = "83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri"
const localnet = "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5" as SIWXMessageData["chainId"]

const full: SIWXMessageData = {
  domain: "app.example:8443",
  accountAddress: address,
  statement: "Sign in to Example, please.",
  uri: "https://app.example:8443/login",
  version: "1",
  chainId: localnet,
  nonce: "k7Qw2m9Zp4Rx8VtB",
  issuedAt: "2026-01-01T00:00:00.000Z",
  expirationTime: "2026-01-01T00:10:00.000Z",
  notBefore: "2025-12-31T23:59:00Z",
  requestId: "req-42",
  resources: ["ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq", "https://app.example/terms"]
}

const minimal: SIWXMessageData = {
  domain: "app.example",
  accountAddress: address,
  uri: "https://app.example",
  version: "1",
  chainId: localnet,
  nonce: "abcdefgh"
}

describe("CAIP-122 Solana sign-in messages", () => {
  it("writes every field in Sign-In-With-Solana's order, the chain as its CAIP-2 reference", () => {
    expect(formatCaip122Message(full)).toBe(
      [
        "app.example:8443 wants you to sign in with your Solana account:",
        address,
        "",
        "Sign in to Example, please.",
        "",
        "URI: https://app.example:8443/login",
        "Version: 1",
        "Chain ID: Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5",
        "Nonce: k7Qw2m9Zp4Rx8VtB",
        "Issued At: 2026-01-01T00:00:00.000Z",
        "Expiration Time: 2026-01-01T00:10:00.000Z",
        "Not Before: 2025-12-31T23:59:00Z",
        "Request ID: req-42",
        "Resources:",
        "- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq",
        "- https://app.example/terms"
      ].join("\n")
    )
  })

  it("leaves out the lines of absent optional fields, the statement's blank line included", () => {
    expect(formatCaip122Message({ ...minimal, statement: "", resources: [] })).toBe(
      [
        "app.example wants you to sign in with your Solana account:",
        address,
        "",
        "URI: https://app.example",
        "Version: 1",
        "Chain ID: Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5",
        "Nonce: abcdefgh"
      ].join("\n")
    )
  })

  it("parses what it writes back to the same data (all fields, and none of the optional ones)", () => {
    expect(parseCaip122Message(formatCaip122Message(full))).toEqual(full)
    expect(parseCaip122Message(formatCaip122Message(minimal))).toEqual(minimal)
  })

  it("round-trips any data it accepts (property)", () => {
    const line = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/[\r\n]/.test(s))
    const uri = fc.webUrl()
    const date = fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString())
    const optional = <A>(arbitrary: fc.Arbitrary<A>) => fc.option(arbitrary, { nil: undefined })
    const data = fc
      .record({
        domain: fc.domain(),
        nonce: fc.stringMatching(/^[a-zA-Z0-9]{8,24}$/),
        uri,
        statement: optional(line),
        issuedAt: optional(date),
        expirationTime: optional(date),
        notBefore: optional(date),
        requestId: optional(line),
        resources: optional(fc.array(uri, { minLength: 1, maxLength: 3 }))
      })
      .map((fields) => {
        const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
        return { ...minimal, ...defined } as SIWXMessageData
      })
    fc.assert(
      fc.property(data, (value) => {
        expect(parseCaip122Message(formatCaip122Message(value))).toEqual(value)
      }),
      { seed: 122, numRuns: 300 }
    )
  })

  it("reads Sign-In-With-Solana's cluster names and a solana: prefix as CAIP-2 references", () => {
    const text = (chain: string) => formatCaip122Message(minimal).replace(/^Chain ID: .*$/m, `Chain ID: ${chain}`)
    expect(parseCaip122Message(text("mainnet"))?.chainId).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
    expect(parseCaip122Message(text("devnet"))?.chainId).toBe("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1")
    expect(parseCaip122Message(text("solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5"))?.chainId).toBe(localnet)
  })

  it("refuses anything that is not exactly a message (undefined, never a throw)", () => {
    const good = formatCaip122Message(full)
    const lines = good.split("\n")
    const without = (index: number) => lines.filter((_, i) => i !== index).join("\n")
    const swapped = [...lines]
    ;[swapped[6], swapped[7]] = [swapped[7]!, swapped[6]!]
    const malformed = [
      "",
      "hello",
      good.replace("Solana account", "Ethereum account"),
      good.replace(address, "0x52908400098527886E0F7030069857D2E4169EE7"),
      good.replace("Version: 1", "Version: 2"),
      good.replace("Nonce: k7Qw2m9Zp4Rx8VtB", "Nonce: short"),
      good.replace("Nonce: k7Qw2m9Zp4Rx8VtB", "Nonce: has space inside"),
      good.replace("2026-01-01T00:00:00.000Z", "yesterday"),
      good.replace("2026-01-01T00:00:00.000Z", "2026-13-45T00:00:00Z"),
      good.replace("app.example:8443 wants", "https://app.example wants"),
      good.replace("Chain ID: Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5", "Chain ID: not a reference!"),
      good.replaceAll("\n", "\r\n"),
      `${good}\n`,
      `${good}\nExtra: line`,
      `${good}\n- `,
      without(5), // URI
      without(6), // Version
      without(7), // Chain ID
      without(8), // Nonce
      swapped.join("\n"),
      good.replace("Resources:\n", "Resources:\n\n"),
      formatCaip122Message(minimal).replace("\n\nURI", "\n\n\n\nURI"),
      `${"x".repeat(16_385)}`,
      `${good}${"\n- https://a.example".repeat(1000)}`
    ]
    for (const text of malformed) expect(parseCaip122Message(text), JSON.stringify(text.slice(0, 120))).toBeUndefined()
    expect(parseCaip122Message(123 as unknown as string)).toBeUndefined()
  })

  it("refuses to write a field that would change the text's meaning, naming it", () => {
    expect(() => formatCaip122Message({ ...minimal, statement: "two\nlines" })).toThrow("statement")
    expect(() => formatCaip122Message({ ...minimal, chainId: "eip155:1" as SIWXMessageData["chainId"] })).toThrow(
      "chainId"
    )
    expect(() => formatCaip122Message({ ...minimal, nonce: "short" })).toThrow("nonce")
    expect(() => formatCaip122Message({ ...minimal, issuedAt: "now" })).toThrow("issuedAt")
    expect(() => formatCaip122Message({ ...minimal, accountAddress: "0xabc" })).toThrow("accountAddress")
    expect(() => formatCaip122Message({ ...minimal, uri: "https://a.example/\nVersion: 1" })).toThrow("uri")
  })

  it("knows a text that says what the data says, however the wallet named the chain, and nothing else", () => {
    const mainnet = { ...full, chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" as SIWXMessageData["chainId"] }
    const text = formatCaip122Message(mainnet)
    expect(isCaip122MessageOf(text, mainnet)).toBe(true)
    expect(isCaip122MessageOf(text.replace(/^Chain ID: .*$/m, "Chain ID: mainnet"), mainnet)).toBe(true)
    expect(isCaip122MessageOf(text.replace(/^Chain ID: .*$/m, "Chain ID: solana:mainnet"), mainnet)).toBe(true)
    expect(isCaip122MessageOf(formatCaip122Message(minimal), { ...minimal, statement: "", resources: [] })).toBe(true)
    const differing: ReadonlyArray<Partial<SIWXMessageData>> = [
      { chainId: localnet },
      { nonce: "k7Qw2m9Zp4Rx8VtC" },
      { domain: "other.example" },
      { uri: "https://other.example" },
      { accountAddress: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin" },
      { statement: "Something else" },
      { expirationTime: "2027-01-01T00:00:00.000Z" },
      { notBefore: "2025-12-31T23:58:00Z" },
      { requestId: "req-43" },
      { resources: ["https://app.example/terms"] },
      { resources: "https://app.example/terms" as never }
    ]
    for (const change of differing)
      expect(isCaip122MessageOf(text, { ...mainnet, ...change }), JSON.stringify(change)).toBe(false)
    const { notBefore: _, ...withoutNotBefore } = mainnet
    expect(isCaip122MessageOf(text, withoutNotBefore)).toBe(false)
    expect(isCaip122MessageOf("Hello", mainnet)).toBe(false)
  })
})
