/**
 * The analytics sink (SPEC §7 `POST /e`): events of projects with analytics on are stored, one payload or a batch (an
 * array of payloads, as core sends them; a `text/plain` body too, which is what `navigator.sendBeacon` sends). Tests
 * read them back with `GET /sandbox/events?projectId=` (JSON); a browser gets the funnel page (HTML) there, as does
 * `?format=html`.
 */
import { Schema } from "effect"
import type { ApiRoute } from "../app.ts"
import { decodeBody, decodeQuery, HttpError, json } from "../router.ts"

/** The body of `POST /e`: what core's Analytics service sends. */
export const AnalyticsEventBody = Schema.Struct({
  eventId: Schema.String,
  url: Schema.String,
  domain: Schema.String,
  timestamp: Schema.Number,
  props: Schema.Record(Schema.String, Schema.Unknown)
})
/** The body of `POST /e`. */
export type AnalyticsEventBody = typeof AnalyticsEventBody.Type

/** The body of `POST /e`: one payload, or a batch of them. */
export const AnalyticsBatchBody = Schema.Union([AnalyticsEventBody, Schema.Array(AnalyticsEventBody)])

/** Most payloads one batch may carry. */
export const maxBatchEvents = 100

/** The answer of `POST /e`: whether the events were kept (false when the project has analytics off), and how many. */
export const AnalyticsAccepted = Schema.Struct({ accepted: Schema.Boolean, count: Schema.Number })

/** One stored event as `GET /sandbox/events` lists it. */
export const StoredEvent = Schema.Struct({
  id: Schema.Number,
  projectId: Schema.String,
  receivedAt: Schema.Number,
  body: AnalyticsEventBody
})

/** The answer of `GET /sandbox/events`. */
export const StoredEvents = Schema.Struct({ events: Schema.Array(StoredEvent) })
/** The answer of `GET /sandbox/events`. */
export type StoredEvents = typeof StoredEvents.Type

const EventsQuery = Schema.Struct({
  projectId: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  format: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(16)))
})

const decodeStored = Schema.decodeUnknownOption(AnalyticsEventBody)

/** The analytics routes. */
export const analyticsRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "POST",
    path: "/e",
    textBody: true,
    handle: async ({ body, project, app }) => {
      const decoded = decodeBody(AnalyticsBatchBody, body)
      const events = Array.isArray(decoded) ? decoded : [decoded]
      if (events.length > maxBatchEvents) throw new HttpError(413, `Too many events: at most ${maxBatchEvents}`)
      if (project.analytics) {
        const now = app.now()
        for (const event of events) await app.db.analytics.add(project.id, event, now)
      }
      return json(AnalyticsAccepted, { accepted: project.analytics, count: project.analytics ? events.length : 0 }, 202)
    }
  },
  {
    method: "GET",
    path: "/sandbox/events",
    public: true,
    loopbackOnly: true,
    handle: async ({ query, headers, app }) => {
      const { format, projectId } = decodeQuery(EventsQuery, query)
      const html = format === "html" || wantsHtml(headers.accept)
      if (projectId === undefined || projectId === "") {
        if (html) return { kind: "html", status: 200, body: funnelPage(undefined, []) }
        throw new HttpError(400, "Missing query parameter 'projectId'")
      }
      const events = (await app.db.analytics.byProject(projectId)).flatMap((row) => {
        const decoded = decodeStored(row.body)
        return decoded._tag === "Some" ? [{ ...row, body: decoded.value }] : []
      })
      if (html) return { kind: "html", status: 200, body: funnelPage(projectId, events) }
      return json(StoredEvents, { events })
    }
  }
]

/** A browser's navigation asks for `text/html` first; `fetch` sends `*\/*`. */
const wantsHtml = (accept: string | undefined): boolean =>
  accept?.split(",")[0]?.split(";")[0]?.trim().toLowerCase() === "text/html"

/** Text for HTML: every value a page sent is shown as text, never as markup. */
export const escapeHtml = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** How many of the latest events the page lists. */
export const latestShown = 100

const eventNameOf = (body: AnalyticsEventBody): string =>
  typeof body.props.event === "string" ? body.props.event : "(no event name)"

/**
 * The funnel page of `projectId`: how many times each event name arrived (in the order each first arrived) and the
 * latest {@link latestShown} events, newest first, with their properties as JSON text. No script, no outside assets.
 */
export const funnelPage = (projectId: string | undefined, events: ReadonlyArray<typeof StoredEvent.Type>): string => {
  const counts = new Map<string, number>()
  for (const { body } of events) counts.set(eventNameOf(body), (counts.get(eventNameOf(body)) ?? 0) + 1)
  const form = `<form method="get"><input type="hidden" name="format" value="html"><label>Project id <input name="projectId" value="${escapeHtml(projectId ?? "")}"></label> <button>Show</button></form>`
  const countRows = [...counts].map(([name, count]) => `<tr><td>${escapeHtml(name)}</td><td>${count}</td></tr>`)
  const latest = events.slice(-latestShown).reverse()
  const eventRows = latest.map(({ body, receivedAt }) => {
    const { type, event: _event, address, caipNetworkId, properties, ...rest } = body.props
    const details = { ...(properties === undefined ? {} : { properties }), ...rest }
    return (
      `<tr><td>${escapeHtml(new Date(body.timestamp).toISOString())}</td><td>${escapeHtml(new Date(receivedAt).toISOString())}</td>` +
      `<td>${escapeHtml(eventNameOf(body))}</td><td>${escapeHtml(type ?? "")}</td><td>${escapeHtml(address ?? "")}</td>` +
      `<td>${escapeHtml(caipNetworkId ?? "")}</td><td><code>${escapeHtml(JSON.stringify(details))}</code></td></tr>`
    )
  })
  const title = projectId === undefined ? "Analytics events" : `Analytics events of ${projectId}`
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(title)}</title>`,
    "<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin:1rem 0}" +
      "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}code{white-space:pre-wrap;word-break:break-all}</style>",
    `</head><body><h1>${escapeHtml(title)}</h1>`,
    form,
    projectId === undefined
      ? ""
      : `<p>${events.length} events received.</p>` +
        `<h2>Funnel</h2><table aria-label="Funnel"><thead><tr><th>Event</th><th>Count</th></tr></thead><tbody>${countRows.join("")}</tbody></table>` +
        `<h2>Latest events</h2><table aria-label="Latest events"><thead><tr><th>Sent at</th><th>Received at</th><th>Event</th><th>Type</th><th>Address</th><th>Network</th><th>Details</th></tr></thead><tbody>${eventRows.join("")}</tbody></table>`,
    "</body></html>"
  ].join("\n")
}
