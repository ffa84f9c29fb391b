/** One feature of the demo as a card: a section titled by its heading. */
import type { ReactNode } from "react"

/** Props of {@link Card}. */
export interface CardProps {
  /** Prefix of the heading's id (`${id}-title`), which names the section. */
  readonly id: string
  readonly title: string
  readonly children: ReactNode
}

/**
 * A titled section.
 * @example
 * ```tsx
 * <Card id="sign" title="Sign a message"><button type="button">Sign message</button></Card>
 * ```
 */
export const Card = ({ id, title, children }: CardProps) => (
  <section className="card" aria-labelledby={`${id}-title`}>
    <h2 id={`${id}-title`}>{title}</h2>
    {children}
  </section>
)
