/** The EIP-1193 provider surface the EVM adapter uses. */
export interface Eip1193Provider {
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: Array<unknown>) => void): unknown
  removeListener?(event: string, listener: (...args: Array<unknown>) => void): unknown
}
