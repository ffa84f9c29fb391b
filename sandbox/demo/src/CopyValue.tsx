/**
 * A long value (a signature, a hash, an address) as the demo shows it: wrapped anywhere so it never widens the page,
 * with a Copy button beside it once there is something to copy.
 */
import { useEffect, useState } from "react"

/** Props of {@link CopyValue}. */
export interface CopyValueProps {
  /** The text shown (and copied); empty shows nothing but keeps the element for tests. */
  readonly value: string
  /** What the value is, for the Copy button's accessible name ("Copy signature"). */
  readonly label: string
  /** The output's `data-testid`. */
  readonly testId: string
}

/** How long the button says "Copied", in ms. */
const copiedFor = 1500

/**
 * An `<output>` with the value and a button that copies it.
 * @example
 * ```tsx
 * <CopyValue value={signature} label="signature" testId="signature" />
 * ```
 */
export const CopyValue = ({ value, label, testId }: CopyValueProps) => {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), copiedFor)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false)
    )
  }
  return (
    <div className="value" data-empty={value === ""}>
      <output data-testid={testId}>{value}</output>
      {value === "" ? null : (
        <button type="button" className="copy" aria-label={`Copy ${label}`} onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      )}
    </div>
  )
}
