"use client"
// Docs: docs/react.md#buttons
import { type AirlockState, formatBalance, type OpenParameters, truncateAddress } from "airlock-kit"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { OpenerButton } from "../internal/OpenerButton.tsx"

/** Props of {@link AccountButton}. */
export interface AccountButtonProps {
  /** Show the balance beside the address. @default true */
  readonly balance?: boolean
  readonly className?: string
}

const openAccount = (): OpenParameters => ({ view: "Account" })
// The account's name (its identity, or the one it registered) stands for the address when there is one.
const selectProfileName = (state: AirlockState) =>
  state.activeNamespace === undefined ? undefined : (state.accounts[state.activeNamespace].profileName ?? undefined)

/**
 * The connected account (balance, and its name or short address) as a button that opens Account; renders nothing when no
 * account is connected.
 *
 * @example
 * ```tsx
 * import { AccountButton } from "airlock-kit/react"
 * export const Header = () => <AccountButton balance={false} />
 * ```
 */
export const AccountButton = ({ balance = true, className }: AccountButtonProps) => {
  const account = useAirlockAccount()
  const profileName = useAirlockSelector(selectProfileName)
  const { locale } = useAirlockTranslation()
  if (!account.isConnected || account.address === undefined) return null
  const amount =
    balance && account.balance !== undefined ? formatBalance(account.balance, account.balanceSymbol, locale) : undefined
  return (
    <OpenerButton parameters={openAccount} className={className}>
      {amount === undefined ? null : <span className="airlock-button-balance">{amount}</span>}
      {profileName || truncateAddress(account.address)}
    </OpenerButton>
  )
}
