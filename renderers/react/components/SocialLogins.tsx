"use client"
import type { SocialLogin } from "airlock-kit"
import { type RefObject, useEffect, useRef, useState } from "react"
import { BrandIcon } from "../brands/index.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { openSocialPopup, socialNames } from "../internal/socialPopup.ts"

/** A social login's logo; its button is named by the login, so the logo is decorative. */
const SocialIcon = ({ provider }: { readonly provider: SocialLogin }) => (
  <span className="airlock-social-icon" aria-hidden="true">
    <BrandIcon brand={provider} size={20} />
  </span>
)

/** The row's squares' least width and the gap between them, as `.airlock-social-row` lays them out in styles.css. */
const SQUARE = 44
const GAP = 8

/**
 * How many squares fit across the row `ref` holds (as many as its grid makes columns); 6 (the modal's width) until a
 * narrower row is seen. Read by a ResizeObserver only, after the browser's own layout: measuring while the modal opens
 * would force a layout of the whole card before its first frame.
 */
const useColumns = (ref: RefObject<HTMLUListElement | null>, shown: boolean): number => {
  const [columns, setColumns] = useState(6)
  useEffect(() => {
    const row = ref.current
    if (!shown || row === null || typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0
      if (width > 0) setColumns(Math.max(2, Math.floor((width + GAP) / (SQUARE + GAP))))
    })
    observer.observe(row)
    return () => observer.disconnect()
  }, [ref, shown])
  return columns
}

/**
 * The social logins in the app's order: the first (both, when there are two) as a wide button with its name, the
 * rest as square icon buttons in one row. When the row has no room for all, its last square is a "more" button that
 * shows the others in place, the focus on the first of them.
 */
export const SocialLogins = ({ socials }: { readonly socials: ReadonlyArray<SocialLogin> }) => {
  const client = useAirlock()
  const { t } = useAirlockTranslation()
  const row = useRef<HTMLUListElement>(null)
  const [expanded, setExpanded] = useState(false)
  const focusAt = useRef<number | undefined>(undefined)
  const wide = socials.length <= 2 ? socials : socials.slice(0, 1)
  const rest = socials.slice(wide.length)
  const columns = useColumns(row, rest.length > 0)
  const squares = expanded || rest.length <= columns ? rest : rest.slice(0, columns - 1)
  useEffect(() => {
    const index = focusAt.current
    if (!expanded || index === undefined) return
    focusAt.current = undefined
    row.current?.querySelectorAll("button")[index]?.focus()
  }, [expanded])
  const select = (provider: SocialLogin) => {
    if (provider === "farcaster") return client.push("ConnectingFarcaster")
    // Opened here, in the click: a popup opened once the view has loaded would be blocked.
    openSocialPopup(client)
    client.push("ConnectingSocial", { provider })
  }
  const name = (provider: SocialLogin) => t("connect.social", { provider: socialNames[provider] })
  return (
    <fieldset className="airlock-socials" aria-label={t("connect.socials")}>
      {wide.map((provider) => (
        <button
          key={provider}
          type="button"
          className="airlock-list-item airlock-social-wide"
          onClick={() => select(provider)}
        >
          <SocialIcon provider={provider} />
          <span className="airlock-list-name">{name(provider)}</span>
        </button>
      ))}
      {rest.length === 0 ? null : (
        <ul ref={row} className="airlock-social-row">
          {squares.map((provider) => (
            <li key={provider}>
              <button
                type="button"
                className="airlock-social-square"
                aria-label={name(provider)}
                title={name(provider)}
                onClick={() => select(provider)}
              >
                <SocialIcon provider={provider} />
              </button>
            </li>
          ))}
          {squares.length === rest.length ? null : (
            <li>
              <button
                type="button"
                className="airlock-social-square"
                aria-label={t("connect.moreSocials")}
                title={t("connect.moreSocials")}
                aria-expanded={false}
                onClick={() => {
                  focusAt.current = squares.length
                  setExpanded(true)
                }}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <circle cx="5" cy="12" r="2" fill="currentColor" />
                  <circle cx="12" cy="12" r="2" fill="currentColor" />
                  <circle cx="19" cy="12" r="2" fill="currentColor" />
                </svg>
              </button>
            </li>
          )}
        </ul>
      )}
    </fieldset>
  )
}
