/**
 * The `e2e` project: node tests that start the sandbox on free ports and drive Debian's Chromium with playwright-core.
 * Run: `npx vitest run --config test/e2e/vitest.config.ts` (or add this file to the root config's `test.projects`).
 */
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "e2e",
    root: `${import.meta.dirname}/../..`,
    environment: "node",
    include: ["test/e2e/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
