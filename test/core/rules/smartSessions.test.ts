import { describe, expect, it } from "vitest"
import { requestSummary } from "../../../core/rules/requestSummary.ts"
import {
  grantSummary,
  MAX_SUMMARY_PERMISSIONS,
  readPermission,
  sessionStatus
} from "../../../core/rules/smartSessions.ts"

const key = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const target = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"

describe("what a wallet_grantPermissions request asks (ApproveTransaction)", () => {
  it("reads the session key, each permission and the expiry", () => {
    const summary = requestSummary("wallet_grantPermissions", [
      {
        chainId: "0x1",
        expiry: 1_767_225_600,
        signer: { type: "key", data: { id: key } },
        permissions: [
          {
            type: "contract-call",
            data: { address: target, functions: [{ functionName: "transfer(address,uint256)" }] }
          },
          { type: "native-token-limit", data: { allowance: "0x1388" } },
          { type: "rate-limit", data: {} }
        ]
      }
    ])
    expect(summary).toEqual({
      signer: key,
      expiry: 1_767_225_600,
      permissions: [
        { type: "contract-call", target, function: "transfer(address,uint256)" },
        { type: "native-token-limit", allowance: "5000" },
        { type: "rate-limit" }
      ]
    })
  })

  it("leaves out what it cannot read, and bounds what a hostile app sends", () => {
    expect(grantSummary([{ expiry: -1, signer: "me", permissions: "all" }])).toEqual({ permissions: [] })
    expect(grantSummary(undefined)).toEqual({ permissions: [] })
    const many = Array.from({ length: 5000 }, () => ({
      type: "x".repeat(10_000),
      data: { address: "y".repeat(10_000) }
    }))
    const summary = grantSummary([{ signer: { data: { id: "z".repeat(1_000_000) } }, permissions: many }])
    expect(summary.permissions).toHaveLength(MAX_SUMMARY_PERMISSIONS)
    expect(summary.permissions[0]?.type.length).toBeLessThanOrEqual(60)
    expect(summary.permissions[0]?.target?.length).toBeLessThanOrEqual(100)
    expect(summary.signer?.length).toBeLessThanOrEqual(100)
    expect(readPermission({ type: "native-token-limit", data: { allowance: "-5" } })).toEqual({
      type: "native-token-limit"
    })
    expect(readPermission(null)).toEqual({ type: "unknown" })
  })
})

describe("a session's state", () => {
  it("is revoked once revoked, expired past its expiry, active otherwise", () => {
    expect(sessionStatus({ expiry: 100 }, 99)).toBe("active")
    expect(sessionStatus({ expiry: 100 }, 100)).toBe("expired")
    expect(sessionStatus({ expiry: 100, revokedAt: 50 }, 60)).toBe("revoked")
    expect(sessionStatus({ expiry: 100, revokedAt: 0 }, 200)).toBe("revoked")
  })
})
