import react from "@vitejs/plugin-react"
import { playwright } from "@vitest/browser-playwright"
import { defaultClientConditions, type Plugin, transformWithOxc } from "vite"
import { defineConfig } from "vitest/config"
import { connectUiExample, type Example, rendererExample, root } from "./test/docs/examples.ts"
import { chromiumArgs, chromiumPath } from "./test/fixtures/chromium.ts"
import { runNode } from "./test/fixtures/node/runNode.ts"

/**
 * Every effect module core imports. Core loads its services and flows with `import()`, so Vite only discovers these
 * mid-run and reloads the page (failing the test that was running); pre-bundling them up front avoids that.
 * Keep in sync with `grep -rhoE 'from "effect/[^"]+"' core renderers | sort -u`.
 */
const effectModules = [
  "effect/Cache",
  "effect/Clock",
  "effect/Context",
  "effect/Data",
  "effect/Deferred",
  "effect/Duration",
  "effect/Effect",
  "effect/Exit",
  "effect/Layer",
  "effect/ManagedRuntime",
  "effect/Option",
  "effect/PubSub",
  "effect/Queue",
  "effect/Ref",
  "effect/References",
  "effect/Result",
  "effect/Schema",
  "effect/SchemaTransformation",
  "effect/Stream",
  "effect/SubscriptionRef",
  "effect/http/FetchHttpClient",
  "effect/http/HttpClient",
  "effect/http/HttpClientRequest",
  "effect/http/HttpClientResponse",
  // Browser tests' own (frame.browser.test.ts): a logger that records warnings, and TestClock.
  "effect/Logger",
  "effect/testing"
]

/**
 * `virtual:docs/headless-renderer`: the ```ts renderer block of docs/headless.md as a module, so the browser tests run
 * the documented renderer as written (test/docs/renderer.browser.test.ts). A `\0` id skips Vite's TypeScript
 * transform, hence Oxc here. Loading fails when the block is gone.
 */
const docsRenderer = (id = "virtual:docs/headless-renderer", pick: () => Example = () => rendererExample()): Plugin => {
  return {
    name: `airlock-docs-${id.slice(id.lastIndexOf("/") + 1)}`,
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined
      this.addWatchFile(`${root}docs/headless.md`)
      const example = pick()
      // Blank lines before the code, so an error's line number is the markdown file's.
      const source = "\n".repeat(example.line) + example.code
      const { code, map } = await transformWithOxc(source, `${root}docs/headless.md.ts`, { lang: "ts" })
      const block = JSON.stringify({ file: example.file, line: example.line })
      return { code: `${code}\nexport const docsBlock = ${block}\n`, ...(map === undefined ? {} : { map }) }
    }
  }
}

/** The other packages browser tests load (core's lazy parts, the adapters, the views, the tests' own). */
const browserPackages = [
  // The tests' `settled` reads the frame loop of @react-spring/shared: pre-bundled with web's, so it is the same copy.
  "@react-spring/shared",
  "@react-spring/web",
  "@solana-program/system",
  "@solana-program/token",
  "@solana/kit",
  "@solana/wallet-standard-features",
  "@tanstack/react-virtual",
  "@wallet-standard/app",
  "@wallet-standard/features",
  "@wallet-standard/wallet",
  "axe-core",
  "effect/Cause",
  "effect/SchemaGetter",
  "effect/testing/TestClock",
  "react",
  "react-dom",
  "react-dom/client",
  "react/jsx-dev-runtime",
  "react/jsx-runtime",
  "uqr",
  // Sign-in's message writer and checks (core/siwx), reached when a browser test imports `airlock-kit/siwx`.
  "viem",
  "viem/accounts",
  "viem/actions",
  "viem/siwe",
  "viem/utils",
  "vitest-browser-react"
]

export default defineConfig({
  test: {
    projects: [
      {
        // `airlock-kit/*` self-imports resolve to the sources (package.json `exports`), not the unbuilt dist/.
        resolve: { conditions: ["airlock-source", "node", "import"] },
        ssr: { resolve: { conditions: ["airlock-source", "node", "import"], externalConditions: ["airlock-source"] } },
        test: {
          name: "unit",
          environment: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.browser.test.ts", "test/e2e/**"]
        }
      },
      // Node tests that start the sandbox on free ports and drive Debian's Chromium with playwright-core.
      "test/e2e/vitest.config.ts",
      {
        plugins: [react(), docsRenderer(), docsRenderer("virtual:docs/headless-connect-ui", () => connectUiExample())],
        // `airlock-kit/*` imports (the docs' renderer) resolve to the sources, as in the unit project.
        resolve: { conditions: ["airlock-source", ...defaultClientConditions] },
        optimizeDeps: {
          // Every package a browser test reaches, found or not by Vite's first scan: one found mid-run is optimised
          // again, and a page that then holds two copies of React fails with "Invalid hook call".
          include: [...effectModules, ...browserPackages]
        },
        test: {
          name: "browser",
          include: ["test/**/*.browser.test.{ts,tsx}"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: "chromium" }],
            commands: {
              // A real server render of the SSR page, in a fresh Node (hydrate.browser.test.tsx hydrates its HTML).
              renderPageOnServer: () => runNode("test/fixtures/node/renderPage.ts")
            }
          }
        }
      }
    ]
  }
})
