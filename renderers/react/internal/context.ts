import type { AirlockClient } from "airlock-kit"
import { createContext, type RefObject } from "react"

/** What the provider shares: the client, and the element focus goes back to when the modal closes. */
export interface AirlockContextValue {
  readonly client: AirlockClient
  /** Set by the button that opened the modal; the modal focuses it again on close. */
  readonly returnFocus: RefObject<HTMLElement | null>
}

export const AirlockContext = createContext<AirlockContextValue | null>(null)
