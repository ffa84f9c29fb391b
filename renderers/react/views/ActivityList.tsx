"use client"
import type { ActivityRow as Row } from "airlock-kit"
import { memo } from "react"
import { useAirlockActivity } from "../hooks/useAirlockActivity.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import { LoadMore } from "../internal/LoadMore.tsx"

const timeFormats = new Map<string, Intl.DateTimeFormat>()
/** When a transaction was mined, as the locale writes a short date and time ("Nov 23, 10:00 AM"). */
const formatTime = (minedAt: number, locale: string): string => {
  let format = timeFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })
    timeFormats.set(locale, format)
  }
  return format.format(minedAt)
}

/**
 * One transaction: image (the token's icon or the NFT's preview, else the title's first letter), title, status when
 * not confirmed, what moved with its sign, and when; the whole row links to the explorer when there is one. Memoised
 * on the row object, which structural sharing keeps across refetches.
 */
const ActivityItem = memo(({ row }: { readonly row: Row }) => {
  const { t, text, locale } = useAirlockTranslation()
  const image = safeImageSrc(row.image)
  const failed = row.status === "failed"
  const title = text(row.title)
  const content = (
    <>
      {image === undefined ? (
        <span className="airlock-network-icon" aria-hidden="true" data-size={32}>
          {title.slice(0, 1)}
        </span>
      ) : (
        <img className="airlock-network-icon" src={image} alt="" width={32} height={32} data-size={32} />
      )}
      <span className="airlock-activity-text">
        <span className="airlock-activity-title">
          {title}
          {row.status === "confirmed" ? null : (
            <span className="airlock-activity-status" data-status={row.status}>
              {failed
                ? t("activity.statusFailed")
                : row.status === "pending"
                  ? t("activity.statusPending")
                  : row.status}
            </span>
          )}
        </span>
        <span className="airlock-activity-description" data-sign={row.sign}>
          {row.description === undefined ? null : text(row.description)}
        </span>
      </span>
      <time className="airlock-activity-time" dateTime={new Date(row.minedAt).toISOString()}>
        {formatTime(row.minedAt, locale)}
      </time>
    </>
  )
  return (
    <li className="airlock-activity-entry" data-part="activity-row">
      {row.explorerUrl === undefined ? (
        <div className="airlock-activity-row">{content}</div>
      ) : (
        <a
          className="airlock-activity-row"
          href={row.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          title={t("activity.viewOnExplorer")}
        >
          {content}
        </a>
      )}
    </li>
  )
})

/**
 * The Account view's Activity tab: the account's transactions on its network, grouped by date, newest first, with
 * "Load more" while the API has further pages. While the first page is on its way: a busy line; on a failure the
 * list is empty (SPEC §8; the 'Failed to fetch transactions' snack says why).
 */
export const ActivityList = () => {
  const { status, groups, hasMore, fetching, loadMore } = useAirlockActivity()
  const { t, text } = useAirlockTranslation()
  if (groups.length === 0) {
    if (status === "pending" || status === "idle" || fetching) {
      return (
        <p className="airlock-empty" aria-busy="true">
          {t("activity.loading")}
        </p>
      )
    }
    return <p className="airlock-empty">{t("activity.empty")}</p>
  }
  return (
    <div className="airlock-activity">
      {groups.map((group, index) => (
        <section key={group.key} aria-labelledby={`airlock-activity-group-${index}`}>
          <h3 className="airlock-activity-group" id={`airlock-activity-group-${index}`}>
            {text(group.label)}
          </h3>
          <ul className="airlock-list" aria-label={t("activity.group", { group: text(group.label) })}>
            {group.rows.map((row) => (
              <ActivityItem key={row.id} row={row} />
            ))}
          </ul>
        </section>
      ))}
      {hasMore ? <LoadMore fetching={fetching} onLoad={loadMore} /> : null}
    </div>
  )
}
