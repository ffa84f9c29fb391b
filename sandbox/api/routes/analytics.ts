/**
 * The analytics sink (SPEC §7 `POST /e`): events of projects with analytics on are stored; tests read them back with
 * `GET /sandbox/events?projectId=`.
 */
import { Schema } from "effect"
import type { ApiRoute } from "../app.ts"
import { decodeBody, HttpError, json } from "../router.ts"

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

/** The answer of `POST /e`: whether the event was kept (false when the project has analytics off). */
export const AnalyticsAccepted = Schema.Struct({ accepted: Schema.Boolean })

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

const decodeStored = Schema.decodeUnknownOption(AnalyticsEventBody)

/** The analytics routes. */
export const analyticsRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "POST",
    path: "/e",
    handle: ({ body, project, app }) => {
      const event = decodeBody(AnalyticsEventBody, body)
      if (project.analytics) app.db.analytics.add(project.id, event, app.now())
      return json(AnalyticsAccepted, { accepted: project.analytics }, 202)
    }
  },
  {
    method: "GET",
    path: "/sandbox/events",
    public: true,
    loopbackOnly: true,
    handle: ({ query, app }) => {
      const projectId = query.get("projectId")
      if (projectId === null || projectId === "") throw new HttpError(400, "Missing query parameter 'projectId'")
      const events = app.db.analytics.byProject(projectId).flatMap((row) => {
        const decoded = decodeStored(row.body)
        return decoded._tag === "Some" ? [{ ...row, body: decoded.value }] : []
      })
      return json(StoredEvents, { events })
    }
  }
]
