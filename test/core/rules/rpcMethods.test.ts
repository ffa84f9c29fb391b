import { assert, describe, it } from "@effect/vitest"
import { classifyRpcMethod, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from "../../../core/rules/rpcMethods.ts"

describe("RPC method classes", () => {
  it("reads are safe", () => {
    for (const method of [
      "eth_accounts",
      "eth_call",
      "eth_getBalance",
      "eth_chainId",
      "eth_blockNumber",
      "eth_estimateGas",
      "eth_getTransactionReceipt",
      "wallet_getCapabilities",
      "wallet_getCallsStatus",
      "wallet_getAssets"
    ]) {
      assert.strictEqual(classifyRpcMethod(method), "safe", method)
    }
  })

  it("signing and sending are not safe and need approval", () => {
    for (const method of [
      "personal_sign",
      "eth_signTypedData_v4",
      "eth_sendTransaction",
      "solana_signMessage",
      "solana_signIn",
      "solana_signTransaction",
      "solana_signAllTransactions",
      "solana_signAndSendTransaction",
      "wallet_sendCalls",
      "eth_sendUserOperation",
      "wallet_grantPermissions",
      "wallet_revokePermissions"
    ]) {
      assert.strictEqual(classifyRpcMethod(method), "unsafe", method)
    }
  })

  it("a method in neither list is not allowed", () => {
    for (const method of ["eth_sign", "eth_signTypedData", "debug_traceTransaction", "ETH_CALL", ""]) {
      assert.strictEqual(classifyRpcMethod(method), "notAllowed", method)
    }
  })

  it("no method is both safe and unsafe", () => {
    assert.deepStrictEqual(
      SAFE_RPC_METHODS.filter((m) => UNSAFE_RPC_METHODS.includes(m)),
      []
    )
  })
})
