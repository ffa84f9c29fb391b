"use client"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/** "Load more" under a paged list (activity, NFTs): busy while the next page is on its way. */
export const LoadMore = ({
  fetching,
  onLoad
}: {
  readonly fetching: boolean
  readonly onLoad: () => Promise<void>
}) => {
  const { t } = useAirlockTranslation()
  return (
    <button
      type="button"
      className="airlock-button airlock-feature-button"
      disabled={fetching}
      aria-busy={fetching}
      onClick={() => void onLoad()}
    >
      {fetching ? t("common.loading") : t("common.loadMore")}
    </button>
  )
}
