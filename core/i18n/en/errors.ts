/**
 * The English texts of Airlock's errors and APKT alerts, derived from the tables the errors themselves use
 * (core/errors/texts.ts, core/errors/alerts.ts), so SPEC §8's wording is written once: `<Tag>.<Reason>` for an
 * error, `alert.<Code>.title` and `alert.<Code>.description` for an alert.
 * @module
 */
import { alerts } from "../../errors/alerts.ts"
import { errorTexts } from "../../errors/texts.ts"

type Tables = typeof errorTexts
type Tag = keyof Tables & string

/** The ids of every error text: `ConnectionError.ConnectionRejected`, … */
type ErrorId = { readonly [T in Tag]: `${T}.${keyof Tables[T] & string}` }[Tag]
type ErrorTextOf<Id> = Id extends `${infer T extends Tag}.${infer R}`
  ? R extends keyof Tables[T]
    ? Tables[T][R]
    : never
  : never
type AlertId = {
  readonly [C in keyof typeof alerts & string]: `alert.${C}.title` | `alert.${C}.description`
}[keyof typeof alerts & string]
type AlertTextOf<Id> =
  Id extends `alert.${infer C extends keyof typeof alerts & string}.${infer Part extends "title" | "description"}`
    ? (typeof alerts)[C][Part]
    : never

/** Every error text under its id. */
export const errorMessages = Object.fromEntries(
  Object.entries(errorTexts).flatMap(([tag, table]) =>
    Object.entries(table).map(([reason, text]) => [`${tag}.${reason}`, text])
  )
) as { readonly [Id in ErrorId]: ErrorTextOf<Id> }

/** Every alert's title and description under its id. */
export const alertMessages = Object.fromEntries(
  Object.entries(alerts).flatMap(([code, { title, description }]) => [
    [`alert.${code}.title`, title],
    [`alert.${code}.description`, description]
  ])
) as { readonly [Id in AlertId]: AlertTextOf<Id> }
