"use client"
import { DrawLogo } from "./draw.tsx"
import { socialLogos } from "./socialLogos.ts"
import { useNetworkLogo } from "./useNetworkLogo.ts"

/** A brand Airlock draws a logo for: a social login, WalletConnect, or a network by CAIP network id. */
export type Brand = keyof typeof socialLogos | `${string}:${string}`

/** Props of {@link BrandIcon}. */
export interface BrandIconProps {
  /** `google`, `x`, `discord`, `github`, `apple`, `facebook`, `farcaster`, `walletConnect`, or a CAIP network id. */
  readonly brand: Brand
  /** Width and height in CSS pixels. @default 20 */
  readonly size?: number | undefined
  /** The brand's name, when nothing beside the logo says it; without it the logo is decorative (`aria-hidden`). */
  readonly label?: string | undefined
  readonly className?: string | undefined
}

const isSocialBrand = (brand: string): brand is keyof typeof socialLogos => Object.hasOwn(socialLogos, brand)

/**
 * A brand's logo as a small inline SVG. The social logins' and WalletConnect's ship with the views; the networks'
 * are fetched as one chunk on the first draw of one (nothing is drawn meanwhile, or for a network without a mark).
 *
 * @example
 * ```tsx
 * export const GoogleLogin = () => (
 *   <button type="button">
 *     <BrandIcon brand="google" /> Continue with Google
 *   </button>
 * )
 * ```
 */
export const BrandIcon = ({ brand, size = 20, label, className }: BrandIconProps) => {
  const social = isSocialBrand(brand)
  const network = useNetworkLogo(social ? undefined : brand)
  const logo = social ? socialLogos[brand] : network
  if (logo === undefined || logo === null) return null
  return <DrawLogo logo={logo} size={size} label={label} className={className} brand={brand} />
}
