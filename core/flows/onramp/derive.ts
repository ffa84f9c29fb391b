/**
 * The onramp slice's derived values: what is sold on the active network, the chosen currencies and method, the
 * problem the form's button names (SPEC §9's limits), the fees and the providers. Pure; every change of the slice
 * runs it again.
 * @module
 */
import type { PurchaseCurrency } from "../../schema/onramp.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { OnrampProblem, OnrampProvider, OnrampState } from "../../state/onramp.ts"

/** Brand names of the providers Airlock knows; another id shows as itself. */
const providerNames: Readonly<Record<string, string>> = { meld: "Meld", sandbox: "Sandbox Ramp" }

/** The providers of the remote `onramp` feature (SPEC §9: meld), each once. */
export const onrampProviders = (state: AirlockState): ReadonlyArray<OnrampProvider> => {
  const listed = state.features.onramp === false ? [] : state.features.onramp
  return [...new Set(listed)].map((id) => ({ id, name: providerNames[id] ?? id }))
}

/** The CAIP-2 reference of a network id (`eip155:1` → `1`). */
const reference = (caipNetworkId: string | undefined) => caipNetworkId?.split(":")[1]

/** The purchase currencies sold on `caipNetworkId`, each with that network first among its networks. */
export const soldOn = (
  currencies: ReadonlyArray<PurchaseCurrency>,
  caipNetworkId: string | undefined
): ReadonlyArray<PurchaseCurrency> => {
  const ref = reference(caipNetworkId)
  if (ref === undefined) return []
  return currencies.flatMap((c) => {
    const here = c.networks.filter((n) => n.chain_id === ref)
    return here.length === 0 ? [] : [{ ...c, networks: here }]
  })
}

/** A typed amount as a number (a decimal comma read as a point); NaN when it is not one. */
export const amountOf = (amount: string): number => {
  const text = amount.trim().replace(",", ".")
  return /^\d{1,12}(\.\d{0,8})?$/.test(text) ? Number(text) : Number.NaN
}

const sameCurrency = (a: { readonly id: string } | undefined, id: string | undefined) =>
  a !== undefined && id !== undefined && a.id.toLowerCase() === id.toLowerCase()

/**
 * Derives the view from the slice's keys: the currencies on the network (the chosen ones kept by id, else USDC and
 * USD, SPEC §4), the methods of the payment currency (the chosen one kept, else the first), the problem, the fees.
 */
export const deriveOnramp = (slice: OnrampState, state: AirlockState): OnrampState => {
  const purchaseCurrencies = soldOn(slice.allPurchaseCurrencies ?? [], slice.caipNetworkId)
  const purchaseCurrency =
    purchaseCurrencies.find((c) => sameCurrency(c, slice.purchaseCurrency?.id)) ??
    purchaseCurrencies.find((c) => c.id === "USDC") ??
    purchaseCurrencies[0]
  const paymentCurrency =
    slice.paymentCurrencies.find((c) => sameCurrency(c, slice.paymentCurrency?.id)) ??
    slice.paymentCurrencies.find((c) => c.id === "USD") ??
    slice.paymentCurrencies[0]
  const paymentMethods = (paymentCurrency?.payment_method_limits ?? []).map((l) => ({
    id: l.id,
    min: String(l.min),
    max: String(l.max)
  }))
  const method = paymentMethods.find((m) => m.id === slice.paymentMethod) ?? paymentMethods[0]
  const amount = amountOf(slice.amount)
  const currency = paymentCurrency?.id ?? ""
  let problem: OnrampProblem | undefined
  let problemLimit: OnrampState["problemLimit"]
  if (purchaseCurrency === undefined) problem = "noCurrency"
  else if (!(amount > 0)) problem = "enterAmount"
  else if (method !== undefined && amount < Number(method.min)) {
    problem = "belowMinimum"
    problemLimit = { amount: method.min, currency }
  } else if (method !== undefined && amount > Number(method.max)) {
    problem = "aboveMaximum"
    problemLimit = { amount: method.max, currency }
  }
  const quote = slice.quote
  const fees =
    quote === undefined
      ? undefined
      : (Number(quote.paymentTotal.amount) - Number(quote.paymentSubtotal.amount)).toFixed(2)
  return {
    ...slice,
    purchaseCurrencies,
    purchaseCurrency,
    paymentCurrency,
    paymentMethods,
    paymentMethod: method?.id,
    problem,
    problemLimit,
    fees,
    canContinue:
      slice.status === "ready" && problem === undefined && slice.quoteStatus === "success" && quote !== undefined,
    providers: onrampProviders(state)
  }
}
