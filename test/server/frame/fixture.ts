/**
 * Helpers for the secure site's tests: a frame server on a free port in a fresh data dir, with a clock the test moves,
 * and small wrappers for its JSON routes and its mailbox.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ApiDb, openApiDb } from "../../../server/api/db.ts"
import { makeProjects, type Projects } from "../../../server/api/projects.ts"
import { type FrameServer, type StartFrameOptions, startFrame } from "../../../server/frame/server.ts"
import { developmentKeyEncryptionKey } from "../../../server/frame/store.ts"
import { openSql } from "../../../server/store/sql.ts"

/** A frame server with its data dir and a movable clock. */
export interface TestFrame extends FrameServer {
  readonly dir: string
  /** The API's projects the frame reads (a test may add or edit one). */
  readonly projects: Projects
  /** The API's store in the same database (smart sessions the frame records). */
  readonly apiDb: ApiDb
  /** Moves the server's clock forward by `ms`. */
  readonly advance: (ms: number) => void
  /** Stops the server and removes its data dir. */
  readonly dispose: () => Promise<void>
}

/**
 * Starts a frame server in a fresh temp dir, on one PGlite shared with the API's tables as in the sandbox; the demo
 * project and the API's other seeded projects exist.
 */
export const startTestFrame = async (options: Partial<StartFrameOptions> = {}): Promise<TestFrame> => {
  const dir = mkdtempSync(join(tmpdir(), "airlock-frame-test-"))
  const sql = await openSql({ dataDir: join(dir, "pg") })
  const apiDb = await openApiDb(sql)
  let clock = Date.UTC(2026, 0, 1)
  const projects = await makeProjects(apiDb, () => clock)
  const frame = await startFrame({
    dataDir: dir,
    sql,
    keyEncryptionKey: developmentKeyEncryptionKey,
    projects,
    now: () => clock,
    ...options
  })
  return {
    ...frame,
    dir,
    projects,
    apiDb,
    advance: (ms) => {
      clock += ms
    },
    dispose: async () => {
      await frame.stop()
      await sql.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** An answer of the secure site: status and parsed JSON body. */
export interface Answer {
  readonly status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever fields a route answers
  readonly body: any
}

/** The app origin the tests' frame calls state by default (the demo project allows any loopback origin). */
export const testAppOrigin = "http://localhost:5173"

/**
 * The headers of a call from the frame page of `projectId` embedded by `appOrigin`: the secure site's own `Origin`
 * and the binding the frame established.
 */
export const frameHeaders = (
  frame: { readonly url: string },
  binding: { readonly projectId?: string; readonly appOrigin?: string } = {}
): Record<string, string> => ({
  origin: frame.url,
  "x-airlock-project-id": binding.projectId ?? "airlock-demo",
  "x-airlock-app-origin": binding.appOrigin ?? testAppOrigin
})

/**
 * POSTs JSON to a route as the frame page does (its `Origin` and binding headers, see {@link frameHeaders}), with the
 * session token when given; `headers` override (`{ origin: "" }` sends none).
 */
export const post = async (
  frame: { readonly url: string },
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {}
): Promise<Answer> => {
  const merged: Record<string, string> = {
    "content-type": "application/json",
    ...frameHeaders(frame),
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    ...headers
  }
  for (const [name, value] of Object.entries(merged)) if (value === "") delete merged[name]
  const response = await fetch(`${frame.url}${path}`, {
    method: "POST",
    headers: merged,
    body: JSON.stringify(body)
  })
  return { status: response.status, body: await response.json() }
}

/** One message as `/mailbox/messages` lists it. */
export interface Mail {
  readonly to: string
  readonly subject: string
  readonly body: string
  readonly code: string | null
  readonly link: string | null
  readonly time: string
}

/** The mailbox of `to`, newest first. */
export const mailbox = async (frame: { readonly url: string }, to: string): Promise<ReadonlyArray<Mail>> => {
  const response = await fetch(`${frame.url}/mailbox/messages?to=${encodeURIComponent(to)}`)
  return ((await response.json()) as { messages: ReadonlyArray<Mail> }).messages
}

/** The code of the newest message to `to` that carries one. */
export const latestCode = async (frame: { readonly url: string }, to: string): Promise<string> => {
  const mail = (await mailbox(frame, to)).find((message) => message.code !== null)
  if (mail?.code == null) throw new Error(`no code in the mailbox of ${to}`)
  return mail.code
}

/** A device id as a frame makes one. */
export const newDevice = (): string => crypto.randomUUID().replaceAll("-", "")

/**
 * Signs `email` in from `deviceId` through the frame of `binding` (the demo project on {@link testAppOrigin} by
 * default) and returns the session token.
 */
export const emailLogin = async (
  frame: { readonly url: string },
  email: string,
  deviceId: string,
  binding: { readonly projectId?: string; readonly appOrigin?: string } = {}
): Promise<string> => {
  const headers = frameHeaders(frame, binding)
  const started = await post(frame, "/api/email/connect", { email, deviceId }, undefined, headers)
  if (started.body.action !== "VERIFY_OTP") throw new Error(`expected VERIFY_OTP, got ${JSON.stringify(started.body)}`)
  const done = await post(
    frame,
    "/api/email/otp",
    { loginId: started.body.loginId, otp: await latestCode(frame, email) },
    undefined,
    headers
  )
  if (done.status !== 200) throw new Error(`login failed: ${JSON.stringify(done.body)}`)
  return done.body.token as string
}
