/**
 * Structured logs: one JSON object per line (`{ time, level, msg, ...fields }`), so a log shipper can index them
 * without parsing prose. Request lines carry `requestId, method, route, status, ms` (and `ip`); nothing else of the
 * request is ever logged — no body, header, token, key, OTP or cookie — and a field whose name looks secret is
 * replaced by `[redacted]` as a second line of defence.
 */
import { randomUUID } from "node:crypto"
import type { IncomingMessage } from "node:http"

/** How serious a line is. */
export type LogLevel = "info" | "warn" | "error"

/** A log line's fields besides `time`, `level` and `msg`. Values are scalars, so nothing nested slips in unread. */
export type LogFields = Readonly<Record<string, string | number | boolean | null | undefined>>

/** Writes structured log lines. */
export interface Logger {
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

/** A logger that drops everything (tests, embedding apps with their own logging). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }

const rank: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 }

// Field names that could carry a secret; matched anywhere in the name, case-insensitively.
const secretName = /token|secret|passw|authoriz|cookie|key|otp|code|body|signature|seed|mnemonic|session/i

// The request line's own fields, allowed although some contain a word above (`requestId` has none, but keep it explicit).
const requestFields = new Set(["requestId", "method", "route", "status", "ms", "ip", "service", "aborted"])

/** Longest string value written; longer ones are cut (an error message that quotes a huge input). */
export const maxLogValueLength = 2000

const clean = (fields: LogFields | undefined): Record<string, string | number | boolean | null> => {
  const out: Record<string, string | number | boolean | null> = {}
  if (fields === undefined) return out
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || name === "time" || name === "level" || name === "msg") continue
    if (!requestFields.has(name) && secretName.test(name)) out[name] = "[redacted]"
    else out[name] = typeof value === "string" ? value.slice(0, maxLogValueLength) : value
  }
  return out
}

/** Options of {@link jsonLogger}. */
export interface JsonLoggerOptions {
  /** Lines below this level are dropped. @default "info" */
  readonly level?: LogLevel
  /** Where each line goes (ending in `\n`). @default process.stdout */
  readonly write?: (line: string) => void
  /** The clock. @default Date.now */
  readonly now?: () => number
}

/**
 * A logger writing JSON lines (to stdout unless told otherwise): what the CLI uses.
 * @example
 * ```ts
 * const logger = jsonLogger({ level: "warn" })
 * logger.warn("redis unreachable", { ms: 1000 })
 * // {"time":"2026-11-27T09:00:00.000Z","level":"warn","msg":"redis unreachable","ms":1000}
 * ```
 */
export const jsonLogger = (options: JsonLoggerOptions = {}): Logger => {
  const min = rank[options.level ?? "info"]
  const write = options.write ?? ((line: string) => void process.stdout.write(line))
  const now = options.now ?? Date.now
  const log = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    if (rank[level] < min) return
    const line = { time: new Date(now()).toISOString(), level, msg: msg.slice(0, maxLogValueLength), ...clean(fields) }
    write(`${JSON.stringify(line)}\n`)
  }
  return { info: log("info"), warn: log("warn"), error: log("error") }
}

/**
 * JSON lines on stdout from `info` up: the CLI's logger.
 * @example
 * ```ts
 * consoleLogger.info("airlock-server ready", { api: "https://api.example.com" })
 * ```
 */
export const consoleLogger: Logger = jsonLogger()

/** A logger keeping its lines in memory, for tests that read what was logged. */
export interface MemoryLogger extends Logger {
  /** Every line written so far, as JSON text (one line each, no newline). */
  readonly lines: ReadonlyArray<string>
}

/**
 * A logger that keeps its JSON lines in `lines`.
 * @example
 * ```ts
 * import { startApi } from "../api/server.ts"
 * declare const dataDir: string
 * const logger = memoryLogger()
 * await startApi({ dataDir, logger })
 * logger.lines.some((line) => line.includes('"route":"/healthz"'))
 * ```
 */
export const memoryLogger = (): MemoryLogger => {
  const lines: Array<string> = []
  return { ...jsonLogger({ write: (line) => void lines.push(line.trimEnd()) }), lines }
}

// A caller's id is reused (so one id follows a request through a proxy) only when it is short and plain.
const acceptedRequestId = /^[A-Za-z0-9._:-]{8,128}$/

/**
 * The request's id: the caller's `x-request-id` when it is a plain token of 8–128 characters, else a fresh UUID.
 * @example
 * ```ts
 * import type { IncomingMessage, ServerResponse } from "node:http"
 * declare const req: IncomingMessage
 * declare const res: ServerResponse
 * res.setHeader("x-request-id", requestIdOf(req))
 * ```
 */
export const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers["x-request-id"]
  return typeof given === "string" && acceptedRequestId.test(given) ? given : randomUUID()
}

const jsonText = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/**
 * Adapts `logger` to the `(entry) => void` form (`{ level, msg, ...fields }`) some server parts log through;
 * non-scalar fields are written as JSON text, and an unknown level counts as `error`.
 * @example
 * ```ts
 * const log = entrySink(jsonLogger())
 * log({ level: "warn", msg: "redis unreachable", error: "ECONNREFUSED" })
 * ```
 */
export const entrySink =
  (logger: Logger) =>
  (entry: Readonly<Record<string, unknown>>): void => {
    const { level, msg, ...rest } = entry
    const fields: Record<string, string | number | boolean | null | undefined> = {}
    for (const [name, value] of Object.entries(rest)) {
      if (value === undefined || value === null || ["string", "number", "boolean"].includes(typeof value))
        fields[name] = value as string | number | boolean | null | undefined
      else fields[name] = jsonText(value)
    }
    const at: LogLevel = level === "info" || level === "warn" ? level : "error"
    logger[at](typeof msg === "string" ? msg : "log", fields)
  }
