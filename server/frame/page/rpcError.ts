/** An RPC error with the JSON-RPC code a provider would give. */
export class WalletRpcError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
