"use client"
// Docs: docs/migrate-from-appkit.md#the-button
import { useContext } from "react"
import { ConnectButton, type ConnectButtonProps } from "../components/ConnectButton.tsx"
import { AirlockContext } from "../internal/context.ts"
import { currentContext } from "./scope.ts"

/** Props of {@link AppKitButton}: AppKit's `<appkit-button>` attributes that map. */
export interface AppKitButtonProps {
  /** Text while not connected. @default "Connect Wallet" in the state's language */
  readonly label?: string | undefined
  /** Text while connecting. @default "Connecting..." in the state's language */
  readonly loadingLabel?: string | undefined
  readonly className?: string | undefined
}

/**
 * AppKit's `<appkit-button />` as a React component: Airlock's `ConnectButton` (Connect, then the address opening
 * Account). Works inside an `<AirlockProvider>` or, as in an AppKit app, anywhere after `createAppKit`.
 *
 * @example
 * ```tsx
 * import { AppKitButton } from "airlock-kit/appkit/react"
 * export const Header = () => <AppKitButton label="Sign in" />
 * ```
 */
export const AppKitButton = ({ label, loadingLabel, className }: AppKitButtonProps) => {
  const own = useContext(AirlockContext)
  const props: ConnectButtonProps = {
    ...(label === undefined ? {} : { label }),
    ...(loadingLabel === undefined ? {} : { loadingLabel }),
    ...(className === undefined ? {} : { className })
  }
  if (own !== null) return <ConnectButton {...props} />
  const context = currentContext()
  if (context === undefined) throw new Error('Please call "createAppKit" before using AppKit hooks')
  return (
    <AirlockContext value={context}>
      <ConnectButton {...props} />
    </AirlockContext>
  )
}
