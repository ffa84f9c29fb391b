/** Name, symbol and decimals of a fungible token. */
export interface TokenMeta {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}
