/** EIP-1193 / EIP-1474 errors the wallets (the embedded wallet's frame, the sandbox's wallets) answer with. */

/** An EIP-1193 `ProviderRpcError`: a message, a numeric code and optional data. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = "ProviderRpcError"
    this.code = code
    this.data = data
  }
}

export const userRejected = () => new ProviderRpcError(4001, "User rejected the request.")
export const unauthorized = (why = "The requested account and/or method has not been authorized by the user.") =>
  new ProviderRpcError(4100, why)
export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The Sandbox Wallet does not support the method "${method}".`)
export const disconnected = () => new ProviderRpcError(4900, "The provider is disconnected from all chains.")
export const chainDisconnected = (chainId: number) =>
  new ProviderRpcError(4901, `The provider cannot reach chain ${chainId}.`)
export const unrecognizedChain = (chainId: string) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`
  )
export const invalidParams = (why: string) => new ProviderRpcError(-32602, `Invalid params: ${why}`)
