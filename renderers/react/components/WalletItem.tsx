"use client"
import { type AirlockState, getWalletItemProps, type WalletItem as WalletItemData } from "airlock-kit"
import { useCallback } from "react"
import { BrandIcon } from "../brands/index.tsx"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import { WalletImage } from "./WalletImage.tsx"

/**
 * One wallet as a list entry: a button named by the wallet, its image (or a placeholder: WalletConnect's logo on the
 * WalletConnect connector's row, else the name's first letter), and its tags: "Recent" when it was used here lately,
 * "Installed" when it is in the browser.
 */
export const WalletItem = ({
  id,
  wallet,
  imageUrl,
  recent = false,
  announced = false,
  tag,
  onSelect
}: {
  readonly id: string
  readonly wallet: WalletItemData
  /** The wallet's image from the registry or its connector; shown only when safe. */
  readonly imageUrl?: string | null | undefined
  /** Tag the row "Recent" (it is one of the last wallets used here). */
  readonly recent?: boolean | undefined
  /** The image is the icon the wallet announced for itself (an inline SVG is allowed). */
  readonly announced?: boolean | undefined
  /** Another tag after the name ("QR" on the WalletConnect row). */
  readonly tag?: string | undefined
  readonly onSelect: () => void
}) => {
  const { t } = useAirlockTranslation()
  // The row of a WalletConnect connector (its id is the wallet's) wears WalletConnect's logo when it has no image.
  const isWalletConnect = useAirlockSelector(
    useCallback(
      (state: AirlockState) => state.connectors.some((c) => c.id === wallet.id && c.type === "WALLET_CONNECT"),
      [wallet.id]
    )
  )
  return (
    <li className="airlock-list-entry">
      <button {...normalizeProps(getWalletItemProps({ id }, wallet))} className="airlock-list-item" onClick={onSelect}>
        <WalletImage
          name={wallet.name}
          url={imageUrl}
          announced={announced}
          fallback={
            isWalletConnect ? <BrandIcon brand="walletConnect" size={32} className="airlock-avatar" /> : undefined
          }
        />
        <span className="airlock-list-name">{wallet.name}</span>
        {recent ? <span className="airlock-tag">{t("wallets.tagRecent")}</span> : null}
        {wallet.installed === true ? <span className="airlock-tag">{t("wallets.tagInstalled")}</span> : null}
        {tag === undefined ? null : <span className="airlock-tag">{tag}</span>}
      </button>
    </li>
  )
}
