import { Effect, Logger } from "effect"

/** A log line as a test sees it: level and the joined message parts. */
export interface LoggedLine {
  readonly level: string
  readonly text: string
}

/** Runs `self` with a logger that records every line into `lines` (and prints nothing). */
export const captureLogs =
  (lines: Array<LoggedLine>) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.provide(
      self,
      Logger.layer([
        Logger.make(({ logLevel, message }) => {
          const parts = Array.isArray(message) ? message : [message]
          lines.push({ level: logLevel, text: parts.map(String).join(" ") })
        })
      ])
    )
