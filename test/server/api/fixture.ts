/**
 * Helpers for the sandbox API tests: temp data dirs, a server per test file, and small fetch wrappers.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type SandboxApiInput, sandboxApiOptions } from "../../../sandbox/apiOptions.ts"
import { type ApiServer, type StartApiOptions, startApi } from "../../../server/api/server.ts"

/** A fresh temp directory; removed by {@link removeDir}. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), "airlock-api-test-"))

/** Removes a temp directory made by {@link tempDir}. */
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true })

/** Options of {@link startTestApi}: the server's, with the sandbox's started chains, Solana chain and ramp. */
export type TestApiOptions = Partial<Omit<StartApiOptions, "chains" | "solana" | "onramp">> & SandboxApiInput

/**
 * Starts the API on a free port in a fresh temp dir, with the sandbox's data (`sandboxApiOptions`): its chains, Solana
 * chain and ramp when given, its prices, identities and ramp quotes always.
 */
export const startTestApi = async (options: TestApiOptions = {}): Promise<ApiServer & { dir: string }> => {
  const dir = options.dataDir ?? tempDir()
  const { chains, solana, ramp, ...rest } = options
  const api = await startApi({ ...sandboxApiOptions({ chains, solana, ramp }), ...rest, dataDir: dir })
  return { ...api, dir }
}

/** A fetched answer: status, content type and the body (parsed when JSON). */
export interface Answer {
  readonly status: number
  readonly type: string
  readonly body: unknown
  readonly text: string
}

/** Fetches `path` from `api` and parses a JSON answer. */
export const call = async (api: { readonly url: string }, path: string, init?: RequestInit): Promise<Answer> => {
  const response = await fetch(`${api.url}${path}`, init)
  const text = await response.text()
  const type = response.headers.get("content-type") ?? ""
  return { status: response.status, type, text, body: type.startsWith("application/json") ? JSON.parse(text) : text }
}

/** POSTs `body` as JSON. */
export const post = (api: { readonly url: string }, path: string, body: unknown): Promise<Answer> =>
  call(api, path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })

/** The demo project's query string. */
export const demo = "projectId=airlock-demo&st=airlock&sv=airlock-test"
