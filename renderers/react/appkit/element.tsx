"use client"
// Docs: docs/migrate-from-appkit.md#hooks
import type { HTMLAttributes } from "react"
import type { Root } from "react-dom/client"
import { ConnectButton } from "../components/ConnectButton.tsx"
import { AirlockContext, type AirlockContextValue } from "../internal/context.ts"

/** The attributes of `<appkit-button>` Airlock reads: AppKit's `label` and `loadingLabel`. */
export interface AppKitButtonElementAttributes extends HTMLAttributes<HTMLElement> {
  readonly label?: string | undefined
  readonly loadingLabel?: string | undefined
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** AppKit's web component: Airlock's ConnectButton, registered by `createAppKit` in a browser. */
      "appkit-button": AppKitButtonElementAttributes
    }
  }
}

/**
 * Registers `<appkit-button>` (once per page; an element of that name already defined is left alone): each one renders
 * Airlock's ConnectButton in a React root of its own, over `context()` (the latest `createAppKit` client), with its
 * `label` and `loadingLabel` attributes.
 */
export const defineAppKitButton = (context: () => AirlockContextValue | undefined): void => {
  if (typeof customElements === "undefined" || customElements.get("appkit-button") !== undefined) return
  class AppKitButtonElement extends HTMLElement {
    #root: Root | undefined
    connectedCallback() {
      void import("react-dom/client").then(({ createRoot }) => {
        const value = context()
        if (!this.isConnected || this.#root !== undefined || value === undefined) return
        this.#root = createRoot(this)
        const label = this.getAttribute("label") ?? undefined
        const loadingLabel = this.getAttribute("loadingLabel") ?? this.getAttribute("loadinglabel") ?? undefined
        this.#root.render(
          <AirlockContext value={value}>
            <ConnectButton
              {...(label === undefined ? {} : { label })}
              {...(loadingLabel === undefined ? {} : { loadingLabel })}
            />
          </AirlockContext>
        )
      })
    }
    disconnectedCallback() {
      const root = this.#root
      this.#root = undefined
      // Not while React may be committing the tree that removed this element.
      if (root !== undefined) queueMicrotask(() => root.unmount())
    }
  }
  customElements.define("appkit-button", AppKitButtonElement)
}
