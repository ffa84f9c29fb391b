"use client"
import type { Logo } from "./logo.ts"

/**
 * Draws a logo as an inline 24 × 24 SVG. Without `label` it is decorative (`aria-hidden`: it sits beside or inside
 * something that names it); with one it is an image of that name.
 */
export const DrawLogo = ({
  logo,
  size,
  label,
  className,
  brand
}: {
  readonly logo: Logo
  readonly size: number
  readonly label?: string | undefined
  readonly className?: string | undefined
  readonly brand: string
}) => (
  <svg
    className={className === undefined ? "airlock-brand" : `airlock-brand ${className}`}
    data-brand={brand}
    data-size={size}
    viewBox="0 0 24 24"
    width={size}
    height={size}
    focusable="false"
    role="img"
    aria-label={label}
    aria-hidden={label === undefined ? true : undefined}
  >
    {logo.map(([colour, d, stroke], i) =>
      stroke === undefined ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: a logo's parts are fixed, drawn in order
        <path key={i} d={d} fill={colour} fillRule="evenodd" />
      ) : (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: a logo's parts are fixed, drawn in order
          key={i}
          d={d}
          fill="none"
          stroke={colour}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )
    )}
  </svg>
)
