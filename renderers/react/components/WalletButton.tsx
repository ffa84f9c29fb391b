"use client"
// Docs: docs/react.md#wallet-buttons
import { describeError, type WalletButtonTarget } from "airlock-kit"
import { useRef } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { useAirlockWalletButton } from "../hooks/useAirlockWalletButton.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import { openSocialPopup } from "../internal/socialPopup.ts"
import { useThemeVariables } from "../theme/useThemeVariables.ts"
import { WalletImage } from "./WalletImage.tsx"

/** Props of {@link WalletButton}: one of `wallet`, `email`, `social`. */
export type WalletButtonComponentProps = (
  | {
      /** A browser wallet's connector id, rdns or name, `"walletConnect"`, or a registry wallet's id. */
      readonly wallet: string
      readonly email?: undefined
      readonly social?: undefined
    }
  | { readonly email: true; readonly wallet?: undefined; readonly social?: undefined }
  | { readonly social: string; readonly wallet?: undefined; readonly email?: undefined }
) & {
  readonly className?: string | undefined
  /** The text instead of the wallet's name (a registry wallet's name is known once its listing is in the state). */
  readonly label?: string | undefined
}

/**
 * A button that connects one wallet without the modal: an installed extension by id, rdns or name; a registry wallet
 * through WalletConnect (on a phone its app opens with the pairing; on a desktop the pairing is in
 * `useAirlockWallets().walletConnect`); `"walletConnect"` for a plain pairing. `email` and `social` open the modal at
 * their step (the code, the provider's window). Shows the wallet's image and name, 'Connecting...' meanwhile, and a
 * refusal's text below it until the next press; themed like ConnectButton.
 *
 * @example
 * ```tsx
 * import { WalletButton } from "airlock-kit/react"
 * export const Wallets = () => (
 *   <>
 *     <WalletButton wallet="io.metamask" />
 *     <WalletButton wallet="walletConnect" />
 *     <WalletButton social="google" />
 *   </>
 * )
 * ```
 */
export const WalletButton = ({ className, label: ownLabel, ...props }: WalletButtonComponentProps) => {
  const client = useAirlock()
  const target: WalletButtonTarget =
    props.email === true
      ? { email: true }
      : props.social !== undefined
        ? { social: props.social }
        : { wallet: props.wallet ?? "" }
  const { label, imageUrl, status, error, buttonProps, connect } = useAirlockWalletButton(target)
  const { t, text } = useAirlockTranslation()
  const ref = useRef<HTMLButtonElement>(null)
  const mode = useThemeVariables(ref)
  const onClick = () => {
    // A social login's window opens in the click itself, or the browser blocks it (the view then drives it).
    if (props.social !== undefined && props.social !== "farcaster") openSocialPopup(client)
    void connect()
  }
  const message = error === undefined ? undefined : describeError(error, "ConnectionError.FailedToConnect")
  return (
    <>
      <button
        ref={ref}
        {...normalizeProps(buttonProps)}
        className={
          className === undefined
            ? "airlock-button airlock-wallet-button"
            : `airlock-button airlock-wallet-button ${className}`
        }
        data-airlock=""
        data-theme={mode}
        onClick={onClick}
      >
        {"wallet" in target ? <WalletImage name={ownLabel ?? label} url={imageUrl} announced size={20} /> : null}
        <span>{status === "connecting" ? t("button.connecting") : (ownLabel ?? label)}</span>
      </button>
      {message === undefined ? null : (
        <span className="airlock-wallet-button-error" role="status" data-airlock="" data-theme={mode}>
          {text(message)}
        </span>
      )}
    </>
  )
}
