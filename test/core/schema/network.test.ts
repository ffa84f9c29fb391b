import { Result } from "effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  CaipAddress,
  CaipNetworkId,
  chainNamespaces,
  isCaipAddress,
  isCaipNetworkId,
  makeCaipAddress,
  parseCaipAddress,
  parseCaipNetworkId
} from "../../../core/schema/index.ts"

const namespace = fc.constantFrom(...chainNamespaces)
const part = fc.stringMatching(/^[A-Za-z0-9_-]{1,44}$/)

describe("CAIP network id", () => {
  it("accepts namespace:reference with a known namespace", () => {
    fc.assert(fc.property(namespace, part, (ns, ref) => isCaipNetworkId(`${ns}:${ref}`)))
  })

  it("rejects ids that do not have exactly 2 parts", () => {
    fc.assert(fc.property(namespace, part, part, (ns, a, b) => !isCaipNetworkId(`${ns}:${a}:${b}`)))
    fc.assert(fc.property(namespace, (ns) => !isCaipNetworkId(ns)))
  })

  it("rejects an unknown namespace", () => {
    expect(isCaipNetworkId("tron:1")).toBe(false)
    const result = Schema.decodeUnknownResult(CaipNetworkId)("tron:1")
    expect(Result.isFailure(result) && result.failure.message).toBe('Unknown chain namespace "tron"')
  })

  it("parses into namespace and chain id", () => {
    expect(parseCaipNetworkId("eip155:8453")).toEqual({ chainNamespace: "eip155", chainId: "8453" })
    expect(() => parseCaipNetworkId("eip155")).toThrow()
  })
})

describe("CAIP address", () => {
  it("accepts 3 non-empty parts with a known namespace", () => {
    fc.assert(fc.property(namespace, part, part, (ns, ref, addr) => isCaipAddress(`${ns}:${ref}:${addr}`)))
  })

  it("rejects an empty part, a wrong part count or an unknown namespace with 'Invalid CAIP Address'", () => {
    fc.assert(fc.property(namespace, part, (ns, ref) => !isCaipAddress(`${ns}:${ref}:`)))
    fc.assert(fc.property(namespace, part, (ns, addr) => !isCaipAddress(`${ns}::${addr}`)))
    fc.assert(fc.property(namespace, part, (ns, ref) => !isCaipAddress(`${ns}:${ref}`)))
    fc.assert(fc.property(part, part, part, part, (a, b, c, d) => !isCaipAddress(`${a}:${b}:${c}:${d}`)))
    const result = Schema.decodeUnknownResult(CaipAddress)("dogecoin:1:abc")
    expect(Result.isFailure(result) && result.failure.message).toBe("Invalid CAIP Address")
  })

  it("round-trips through make and parse", () => {
    fc.assert(
      fc.property(namespace, part, part, (ns, ref, addr) => {
        const parsed = parseCaipAddress(makeCaipAddress(ns, ref, addr))
        return (
          parsed.chainNamespace === ns &&
          parsed.chainId === ref &&
          parsed.address === addr &&
          parsed.caipNetworkId === `${ns}:${ref}`
        )
      })
    )
  })

  it("refuses to build or parse a malformed address", () => {
    expect(() => makeCaipAddress("eip155", 1, "")).toThrow("Invalid CAIP Address")
    expect(() => parseCaipAddress("eip155:1")).toThrow("Invalid CAIP Address")
  })
})
