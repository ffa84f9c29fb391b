"use client"
// Docs: docs/migrate-from-appkit.md
import { type AppKit, type AppKitOptions, createAppKit as createAppKitClient } from "airlock-kit/appkit"
import type { Root } from "react-dom/client"
import { ModalHost } from "../components/ModalHost.tsx"
import { AirlockContext } from "../internal/context.ts"
import { defineAppKitButton } from "./element.tsx"
import { currentContext, setCurrentAppKit } from "./scope.ts"

/**
 * AppKit's `createAppKit` of `@reown/appkit/react`: makes the client (AppKit's options, plus Airlock's `endpoints`), makes
 * it the one the hooks and `AppKitButton` use, and renders Airlock's modal in a root of its own at the end of
 * `<body>` — no provider to add. On a server nothing is rendered. Add the stylesheet once:
 * `import "airlock-kit/react/styles.css"`.
 *
 * @example
 * ```tsx
 * import { createAppKit, useAppKit } from "airlock-kit/appkit/react"
 * import { mainnet } from "airlock-kit/networks"
 * import "airlock-kit/react/styles.css"
 *
 * const api = "https://api.example" // your wallet and blockchain API, or `npm start`'s sandbox
 * createAppKit({ projectId: "…", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * export const App = () => {
 *   const { open } = useAppKit()
 *   return <button type="button" onClick={() => open()}>Connect</button>
 * }
 * ```
 */
export const createAppKit = (options: AppKitOptions): AppKit => {
  const appKit = createAppKitClient(options)
  mountAppKit(appKit)
  return appKit
}

/** Removes the modal the last `mountAppKit` rendered. */
let unmountPrevious = (): void => {}

/**
 * Makes `appKit` the client the hooks, `AppKitButton` and `<appkit-button>` use, registers `<appkit-button>`, and renders
 * its modal at the end of `<body>` (once the body exists; nothing on a server). Returns the function that removes the
 * modal again.
 */
export const mountAppKit = (appKit: AppKit): (() => void) => {
  // One modal per page: a second createAppKit (a hot reload) replaces the first one's.
  unmountPrevious()
  const { context } = setCurrentAppKit(appKit)
  if (typeof document === "undefined") return () => {}
  defineAppKitButton(currentContext)
  const host = document.createElement("div")
  host.dataset.airlockAppkit = ""
  let root: Root | undefined
  let removed = false
  // react-dom/client is fetched here, in a browser only: importing it touches `window`, which a server has not.
  const mount = () =>
    void import("react-dom/client").then(({ createRoot }) => {
      if (removed) return
      document.body.append(host)
      root = createRoot(host)
      root.render(
        <AirlockContext value={context}>
          <ModalHost preload="idle" />
        </AirlockContext>
      )
    })
  if (document.body === null) document.addEventListener("DOMContentLoaded", mount, { once: true })
  else mount()
  const unmount = () => {
    removed = true
    document.removeEventListener("DOMContentLoaded", mount)
    root?.unmount()
    host.remove()
  }
  unmountPrevious = unmount
  return unmount
}
