/**
 * The demo's custom connect page (`/custom-connect`): a connect UI of the app's own, built only on `airlock-kit/react`'s
 * public wallet list (`useAirlockWallets`) and wallet buttons (`WalletButton`), with no modal. The end-to-end tests
 * connect the Sandbox Wallet by its button and the Sandbox Mobile Wallet through WalletConnect from the list.
 */
import { truncateAddress } from "airlock-kit"
import { useAirlockAccount, useAirlockWallets, WalletButton } from "airlock-kit/react"
import { useState } from "react"

export const CustomConnect = () => {
  const { wallets, registry, status, hasMore, loadMore, search, connect, walletConnect } = useAirlockWallets()
  const { address, status: accountStatus } = useAirlockAccount()
  const [text, setText] = useState("")
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const choose = (row: (typeof wallets)[number]) => {
    setFailure(undefined)
    connect(row).catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)))
  }
  const rows =
    text.trim() === "" ? [...wallets, ...registry.filter((r) => !wallets.some((w) => w.id === r.id))] : registry
  return (
    <main className="custom-connect">
      <h1>Custom connect</h1>
      <p data-testid="custom-account" role="status">
        {address === undefined ? accountStatus : truncateAddress(address)}
      </p>
      <section aria-label="Wallet buttons">
        <WalletButton wallet="dev.airlock.sandbox" />
        <WalletButton wallet="walletConnect" />
        <WalletButton email />
        <WalletButton social="google" />
      </section>
      <section aria-label="Wallets">
        <input
          type="search"
          aria-label="Search wallets"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            void search(event.target.value)
          }}
        />
        <ul aria-label="Wallet list" aria-busy={status === "loading"}>
          {rows.map((row) => (
            <li key={`${row.kind}:${row.id}`}>
              <button type="button" data-kind={row.kind} onClick={() => choose(row)}>
                {row.imageUrl === undefined ? null : <img src={row.imageUrl} alt="" width={20} height={20} />}
                {row.name}
                {row.installed ? " (installed)" : ""}
              </button>
            </li>
          ))}
        </ul>
        {hasMore && text.trim() === "" ? (
          <button type="button" onClick={() => void loadMore()}>
            More wallets
          </button>
        ) : null}
      </section>
      {walletConnect.uri === undefined ? null : (
        <section aria-label="Pairing">
          <p>
            {walletConnect.wallet === undefined ? "Scan with your wallet" : `Pair with ${walletConnect.wallet.name}`}
          </p>
          <code data-testid="pairing-uri">{walletConnect.uri}</code>
          {walletConnect.links.map((link) => (
            <a key={link.kind} href={link.href}>
              {link.kind}
            </a>
          ))}
        </section>
      )}
      {failure === undefined ? null : <p role="alert">{failure}</p>}
    </main>
  )
}
