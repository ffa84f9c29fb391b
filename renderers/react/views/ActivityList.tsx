"use client"
import { memo } from "react"
import type { ActivityRow as Row } from "../../../core/resources/activityFormat.ts"
import { useAirlockActivity } from "../hooks/useAirlockActivity.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import { LoadMore } from "../internal/LoadMore.tsx"

const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit"
})

/**
 * One transaction: image (the token's icon or the NFT's preview, else the title's first letter), title, status when
 * not confirmed, what moved with its sign, and when; the whole row links to the explorer when there is one. Memoised
 * on the row object, which structural sharing keeps across refetches.
 */
const ActivityItem = memo(({ row }: { readonly row: Row }) => {
  const { t } = useAirlockTranslation()
  const image = safeImageSrc(row.image)
  const failed = row.status === "failed"
  const content = (
    <>
      {image === undefined ? (
        <span className="airlock-network-icon" aria-hidden="true" data-size={32}>
          {row.title.slice(0, 1)}
        </span>
      ) : (
        <img className="airlock-network-icon" src={image} alt="" width={32} height={32} data-size={32} />
      )}
      <span className="airlock-activity-text">
        <span className="airlock-activity-title">
          {row.title}
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
        <span className="airlock-activity-description" data-sign={row.description.slice(0, 1)}>
          {row.description}
        </span>
      </span>
      <time className="airlock-activity-time" dateTime={new Date(row.minedAt).toISOString()}>
        {timeFormat.format(row.minedAt)}
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
  const { t } = useAirlockTranslation()
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
        <section key={group.label} aria-labelledby={`airlock-activity-group-${index}`}>
          <h3 className="airlock-activity-group" id={`airlock-activity-group-${index}`}>
            {group.label}
          </h3>
          <ul className="airlock-list" aria-label={t("activity.group", { group: group.label })}>
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
