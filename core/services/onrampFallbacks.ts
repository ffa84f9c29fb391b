import type { OnrampOptions, OnrampQuoteBody } from "../schema/api/onramp.ts"
import type { OnrampQuote, PaymentMethodLimit } from "../schema/onramp.ts"

const nativeToken = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

// SPEC §9: USD and EUR limits are card 10 to 7500, bank account 10 to 25000.
const limits: ReadonlyArray<PaymentMethodLimit> = [
  { id: "card", min: "10.00", max: "7500.00" },
  { id: "ach_bank_account", min: "10.00", max: "25000.00" }
]

/**
 * The onramp currencies used when `/v1/onramp/options` fails (SPEC §7): pay in USD or EUR, buy USDC or ETH on
 * Ethereum and Base.
 * @example
 * ```ts
 * defaultOnrampOptions.paymentCurrencies.map((c) => c.id) // ["USD", "EUR"]
 * ```
 */
export const defaultOnrampOptions: OnrampOptions = {
  paymentCurrencies: [
    { id: "USD", payment_method_limits: limits },
    { id: "EUR", payment_method_limits: limits }
  ],
  purchaseCurrencies: [
    {
      id: "USDC",
      name: "USD Coin",
      symbol: "USDC",
      networks: [
        {
          name: "ethereum-mainnet",
          display_name: "Ethereum",
          chain_id: "1",
          contract_address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
        },
        {
          name: "base",
          display_name: "Base",
          chain_id: "8453",
          contract_address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
        }
      ]
    },
    {
      id: "ETH",
      name: "Ether",
      symbol: "ETH",
      networks: [
        { name: "ethereum-mainnet", display_name: "Ethereum", chain_id: "1", contract_address: nativeToken },
        { name: "base", display_name: "Base", chain_id: "8453", contract_address: nativeToken }
      ]
    }
  ]
}

/**
 * The quote shown when `/v1/onramp/quote` fails (SPEC §7): every amount equals the input amount, in the payment
 * currency.
 * @example
 * ```ts
 * const purchaseCurrency = { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [] }
 * placeholderOnrampQuote({ purchaseCurrency, paymentCurrency: { id: "USD", payment_method_limits: [] }, amount: 50 })
 *   .paymentTotal // { amount: 50, currency: "USD" }
 * ```
 */
export const placeholderOnrampQuote = (request: OnrampQuoteBody): OnrampQuote => {
  const amount = { amount: request.amount, currency: request.paymentCurrency.id }
  return {
    networkFee: amount,
    paymentSubtotal: amount,
    paymentTotal: amount,
    purchaseAmount: amount,
    quoteId: "placeholder-quote"
  }
}
