/**
 * Helpers for the secure site's tests: a frame server on a free port in a fresh data dir, with a clock the test moves,
 * and small wrappers for its JSON routes and its mailbox.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openDb } from "../../../sandbox/api/db.ts"
import { makeProjects } from "../../../sandbox/api/projects.ts"
import { type FrameServer, type StartFrameOptions, startFrame } from "../../../sandbox/frame/server.ts"

/** A frame server with its data dir and a movable clock. */
export interface TestFrame extends FrameServer {
  readonly dir: string
  /** Moves the server's clock forward by `ms`. */
  readonly advance: (ms: number) => void
  /** Stops the server and removes its data dir. */
  readonly dispose: () => Promise<void>
}

/** Starts a frame server in a fresh temp dir; the demo project and the API's other seeded projects exist. */
export const startTestFrame = async (options: Partial<StartFrameOptions> = {}): Promise<TestFrame> => {
  const dir = mkdtempSync(join(tmpdir(), "airlock-frame-test-"))
  const db = openDb(dir)
  let clock = Date.UTC(2026, 0, 1)
  const projects = makeProjects(db, () => clock)
  const frame = await startFrame({ dataDir: dir, projects, now: () => clock, ...options })
  return {
    ...frame,
    dir,
    advance: (ms) => {
      clock += ms
    },
    dispose: async () => {
      await frame.stop()
      db.close()
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

/** POSTs JSON to a route, with the session token when given. */
export const post = async (
  frame: { readonly url: string },
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {}
): Promise<Answer> => {
  const response = await fetch(`${frame.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...headers
    },
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

/** Signs `email` in from `deviceId` (a first login or a known device) and returns the session token. */
export const emailLogin = async (frame: { readonly url: string }, email: string, deviceId: string): Promise<string> => {
  const started = await post(frame, "/api/email/connect", { email, deviceId })
  if (started.body.action !== "VERIFY_OTP") throw new Error(`expected VERIFY_OTP, got ${JSON.stringify(started.body)}`)
  const done = await post(frame, "/api/email/otp", {
    loginId: started.body.loginId,
    otp: await latestCode(frame, email)
  })
  if (done.status !== 200) throw new Error(`login failed: ${JSON.stringify(done.body)}`)
  return done.body.token as string
}
