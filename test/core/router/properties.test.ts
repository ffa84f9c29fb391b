import { describe, it } from "@effect/vitest"
import fc from "fast-check"
import { close, goBack, open, type RouterContext } from "../../../core/router/navigation.ts"
import { initial, push, type RouterState, replace, reset } from "../../../core/router/state.ts"
import { VIEWS } from "../../../core/router/views.ts"

const view = fc.constantFrom(...VIEWS)
const context: fc.Arbitrary<RouterContext> = fc.record({
  isConnected: fc.boolean(),
  hasAdapters: fc.boolean(),
  manualControl: fc.boolean(),
  isMobile: fc.boolean(),
  embedded: fc.boolean(),
  activeNamespace: fc.constantFrom("eip155", "solana", undefined)
})

type Step = (state: RouterState, ctx: RouterContext) => RouterState
const step: fc.Arbitrary<Step> = fc.oneof(
  view.map(
    (v): Step =>
      (s) =>
        push(s, v)
  ),
  view.map(
    (v): Step =>
      (s) =>
        replace(s, v)
  ),
  view.map(
    (v): Step =>
      (s) =>
        reset(s, v)
  ),
  fc.option(view, { nil: undefined }).map(
    (v): Step =>
      (s, ctx) =>
        open(s, ctx, v === undefined ? {} : { view: v }).state
  ),
  fc.constant<Step>((s, ctx) => close(s, ctx).state),
  fc.constant<Step>((s, ctx) => goBack(s, ctx).state)
)

const run = (steps: ReadonlyArray<Step>, ctx: RouterContext) => steps.reduce((state, f) => f(state, ctx), initial)

describe("router properties", () => {
  it("the stack is never empty and its top is always the view shown", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), context, (steps, ctx) => {
        const state = run(steps, ctx)
        return state.history.length > 0 && state.history.at(-1) === state.view
      })
    )
  })

  it("open always lands on a view with the modal shown and a one-view stack", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), context, fc.option(view, { nil: undefined }), (steps, ctx, v) => {
        const { state } = open(run(steps, ctx), ctx, v === undefined ? {} : { view: v })
        return state.open && state.history.length === 1 && VIEWS.includes(state.view)
      })
    )
  })

  it("back never leaves an open modal with an empty stack, and only closes from the last view", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), context, (steps, ctx) => {
        const before = run(steps, ctx)
        const { state } = goBack(before, ctx)
        if (state.history.length === 0) return false
        if (before.history.length > 1)
          return state.history.length === before.history.length - 1 && state.open === before.open
        return state.open === ctx.embedded
      })
    )
  })

  it("closing outside embedded mode always hides the modal on Connect", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), context, (steps, ctx) => {
        const { state } = close(run(steps, ctx), { ...ctx, embedded: false })
        return !state.open && state.view === "Connect" && state.history.length === 1
      })
    )
  })
})
