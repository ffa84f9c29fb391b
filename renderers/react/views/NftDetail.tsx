"use client"
import { type AirlockState, isSafeLinkUrl, selectNfts, truncateAddress } from "airlock-kit"
import { useCallback } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { copyText } from "../internal/copyText.ts"
import type { ViewProps } from "../modal/ViewProps.ts"
import { NftImage } from "./NftGrid.tsx"

/** The explorer page of a token: `/nft/<contract>/<id>` on EVM explorers, the mint's `/address/` page on Solana's. */
const explorerUrl = (base: string | undefined, contract: string, tokenId: string, namespace: string | undefined) => {
  if (base === undefined) return undefined
  try {
    const url = new URL(base)
    const path = namespace === "solana" ? `address/${contract}` : `nft/${contract}/${tokenId}`
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/${path}`
    return isSafeLinkUrl(url.href) ? url.href : undefined
  } catch {
    return undefined
  }
}

/** An NFT's detail: the large image, name, collection, token id, contract (copy) and its explorer page. */
export const NftDetail = (_props: ViewProps) => {
  const client = useAirlock()
  const { network } = useAirlockNetwork()
  const { t } = useAirlockTranslation()
  const nft = useAirlockSelector(
    useCallback((state: AirlockState) => {
      const id = state.modal.data.NftDetail?.id
      return selectNfts(state).nfts.find((n) => n.id === id)
    }, [])
  )
  if (nft === undefined) return <p className="airlock-empty">{t("nfts.gone")}</p>
  const contract = nft.contract.split(":").at(-1) ?? nft.contract
  const explorer = explorerUrl(network?.blockExplorers?.default.url, contract, nft.tokenId, network?.chainNamespace)
  const copy = () => copyText(client, contract, { id: "nfts.contractCopied" })
  const explorerName = network?.blockExplorers?.default.name

  return (
    <div className="airlock-nft-detail">
      <div className="airlock-nft-detail-image">
        <NftImage nft={nft} size={320} />
      </div>
      <h3 className="airlock-nft-detail-name">{nft.name}</h3>
      <p className="airlock-nft-collection">{nft.collection.name}</p>
      {nft.description === undefined ? null : <p className="airlock-nft-description">{nft.description}</p>}
      <dl className="airlock-send-summary">
        <div>
          <dt>{t("nfts.tokenId")}</dt>
          <dd>{nft.tokenId}</dd>
        </div>
        <div>
          <dt>{t("nfts.contract")}</dt>
          <dd title={contract}>
            {truncateAddress(contract)}{" "}
            <button type="button" className="airlock-link-button" onClick={() => void copy()}>
              {t("common.copy")}
            </button>
          </dd>
        </div>
        {nft.standard === undefined ? null : (
          <div>
            <dt>{t("nfts.standard")}</dt>
            <dd>{nft.standard.toUpperCase()}</dd>
          </div>
        )}
      </dl>
      {explorer === undefined ? null : (
        <a className="airlock-list-item" href={explorer} target="_blank" rel="noopener noreferrer">
          <span className="airlock-list-name">
            {explorerName === undefined ? t("nfts.viewOnExplorer") : t("nfts.viewOn", { explorer: explorerName })}
          </span>
        </a>
      )}
    </div>
  )
}
