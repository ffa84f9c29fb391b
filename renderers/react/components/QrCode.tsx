"use client"
import { useMemo } from "react"
import { encode } from "uqr"

/**
 * A QR code of `value` as an SVG (encoded by `uqr`), with a wallet's or app's image in its middle when given; the
 * image sits on cleared modules, which the error correction (level Q, 25%) restores.
 */
export const QrCode = ({
  value,
  label,
  size = 280,
  logo
}: {
  readonly value: string
  readonly label: string
  readonly size?: number
  readonly logo?: React.ReactNode
}) => {
  const { data, size: modules } = useMemo(() => encode(value, { ecc: "Q", border: 1 }), [value])
  // One path for every dark module: small DOM, crisp at any size.
  const path = useMemo(() => {
    const parts: Array<string> = []
    for (const [y, row] of data.entries()) {
      for (const [x, dark] of row.entries()) if (dark) parts.push(`M${x} ${y}h1v1h-1z`)
    }
    return parts.join("")
  }, [data])
  return (
    <div className="airlock-qr" data-part="qr-code">
      <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size}>
        <rect width={modules} height={modules} fill="#ffffff" />
        <path d={path} fill="#141414" shapeRendering="crispEdges" />
      </svg>
      {logo === undefined ? null : <div className="airlock-qr-logo">{logo}</div>}
    </div>
  )
}
