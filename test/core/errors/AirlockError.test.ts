import { assert, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import {
  AirlockError,
  AlertError,
  ChainError,
  ConnectionError,
  EmailError,
  NameError
} from "../../../core/errors/index.ts"

describe("AirlockError message", () => {
  it("an alert's message adds its docs page and explanation", () => {
    expect(new AlertError({ code: "APKT007" }).message).toMatchInlineSnapshot(`
      "Invalid Project ID

      Docs: https://github.com/airlock-wallet/airlock/blob/main/docs/errors/APKT007.md
      Details: The project id is not known to the wallet API."
    `)
  })

  it("a server message given as details replaces the alert's explanation", () => {
    const alert = new AlertError({ code: "APKT002", details: "Unauthorized: origin not allowed" })
    expect(alert.message).toMatchInlineSnapshot(`
      "Invalid App Configuration

      Docs: https://github.com/airlock-wallet/airlock/blob/main/docs/errors/APKT002.md
      Details: Unauthorized: origin not allowed"
    `)
    assert.strictEqual(alert.shortMessage, "Invalid App Configuration")
    assert.strictEqual(alert.description, "The page's origin is not in the project's allowed origins.")
  })

  it("a catalogue error's message links the catalogue and keeps the API's reason as details", () => {
    const error = new NameError({
      reason: "RegisterFailed",
      params: { name: "ada.airlock.eth" },
      details: "Name is already registered"
    })
    expect(error.message).toMatchInlineSnapshot(`
      "Error registering name ada.airlock.eth

      Docs: https://github.com/airlock-wallet/airlock/blob/main/docs/errors/README.md
      Details: Name is already registered"
    `)
  })

  it("an error without details has no Details line", () => {
    expect(new EmailError({ reason: "Cooldown", params: { seconds: 30 } }).message).toMatchInlineSnapshot(`
      "Please try again after 30 seconds

      Docs: https://github.com/airlock-wallet/airlock/blob/main/docs/errors/README.md"
    `)
  })

  it("shortMessage, code, docsPath and details are readable fields", () => {
    const alert = new AlertError({ code: "APKT010" })
    assert.strictEqual(alert.shortMessage, "Rate Limited")
    assert.strictEqual(alert.code, "APKT010")
    assert.strictEqual(alert.docsPath, "/errors/APKT010.md")
    assert.strictEqual(alert.details, "Too many requests: try again later.")
    const error = new ConnectionError({ reason: "ModalClosed" })
    assert.strictEqual(error.code, undefined)
    assert.strictEqual(error.details, undefined)
  })
})

describe("AirlockError in logs", () => {
  it("a failure's pretty cause names the error by its tag, not as a plain Error", () => {
    const exit = Effect.runSyncExit(Effect.fail(new ConnectionError({ reason: "ModalClosed" })))
    assert.isTrue(Exit.isFailure(exit))
    if (Exit.isFailure(exit)) assert.match(Cause.pretty(exit.cause), /^ConnectionError: Modal closed/)
    assert.strictEqual(new AlertError({ code: "APKT001" }).name, "AlertError")
  })
})

describe("AirlockError.walk", () => {
  const root = new TypeError("Failed to fetch")
  const alert = new AlertError({ code: "APKT003", cause: root })
  const error = new ConnectionError({ reason: "FailedToConnect", cause: alert })

  it("finds a cause by predicate", () => {
    assert.strictEqual(
      error.walk((e) => e instanceof AlertError),
      alert
    )
    assert.strictEqual(
      error.walk((e) => e instanceof TypeError),
      root
    )
  })

  it("matches the error itself first", () => {
    assert.strictEqual(
      error.walk((e) => e instanceof AirlockError),
      error
    )
  })

  it("returns undefined when no cause matches", () => {
    assert.strictEqual(
      error.walk((e) => e instanceof RangeError),
      undefined
    )
  })

  it("without a predicate returns the innermost cause", () => {
    assert.strictEqual(error.walk(), root)
    assert.strictEqual(new ChainError({ reason: "NetworkNotFound" }).walk()?.constructor, ChainError)
  })

  it("keeps the cause on the error", () => {
    assert.strictEqual(error.cause, alert)
  })
})

// Module level: Biome mistakes PascalCase handler keys inside a function for React components.
const handlers = {
  ChainError: (e: ChainError) => Effect.succeed(e.shortMessage),
  ConnectionError: (e: ConnectionError) => Effect.succeed(e.shortMessage),
  AlertError: (e: AlertError) => Effect.succeed(`${e.code} ${e.shortMessage}`)
}

describe("errors in Effect", () => {
  const fails = (which: "chain" | "connection" | "alert") =>
    Effect.gen(function* () {
      if (which === "chain") return yield* new ChainError({ reason: "UnsupportedChain" })
      if (which === "connection") return yield* new ConnectionError({ reason: "ConnectionRejected" })
      return yield* new AlertError({ code: "APKT004" })
    })

  it.effect("errors are yieldable and caught by _tag with Effect.catchTag", () =>
    Effect.gen(function* () {
      const caught = yield* fails("connection").pipe(
        Effect.catchTag("ConnectionError", (e) => Effect.succeed(`${e.reason}: ${e.shortMessage}`))
      )
      assert.strictEqual(caught, "ConnectionRejected: Connection rejected")
    })
  )

  it.effect("catchTag leaves other tags to fail", () =>
    Effect.gen(function* () {
      const exit = yield* fails("chain").pipe(
        Effect.catchTag("ConnectionError", () => Effect.succeed("wrong")),
        Effect.exit
      )
      assert.isTrue(Exit.isFailure(exit))
    })
  )

  it.effect("catchTags handles each domain separately", () =>
    Effect.gen(function* () {
      const handle = (which: "chain" | "connection" | "alert") => fails(which).pipe(Effect.catchTags(handlers))
      assert.strictEqual(yield* handle("chain"), "Unsupported chain")
      assert.strictEqual(yield* handle("connection"), "Connection rejected")
      assert.strictEqual(yield* handle("alert"), "APKT004 Wallet Request Timeout")
    })
  )
})
