/**
 * The sandbox ramp's buy page: what the buyer sees in the popup the modal opens. A form (amount, currency, payment
 * method) with the live quote, "Pay" and "Cancel", then the order's status. Every value it shows is escaped (server
 * side) or set as text (script side); its script and style are files of the ramp's own origin (CSP `'self'`).
 */
import type { RampOrder } from "./orders.ts"
import { rampFiatCurrencies, rampLimits } from "./pricing.ts"

/** HTML-escapes a value for text and quoted attributes. */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"'`]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" })[c] ?? c
  )

const methodNames: Readonly<Record<string, string>> = { card: "Card", ach_bank_account: "Bank account" }

/** The page's Content-Security-Policy: its own script, style and calls only. */
export const pageCsp =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
  "form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

/** The buy page of `order`. */
export const buyPage = (order: RampOrder): string => {
  const e = escapeHtml
  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${e(value)}"${selected ? " selected" : ""}>${e(label)}</option>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Ramp: buy ${e(order.asset)}</title>
<link rel="stylesheet" href="/buy.css">
<script src="/buy.js" defer></script>
</head>
<body>
<main data-order="${e(order.id)}" data-status="${e(order.status)}">
<h1>Buy ${e(order.asset)}</h1>
<p class="muted">Sandbox Ramp${order.provider === "sandbox" ? "" : ` (standing in for ${e(order.provider)})`} · ${e(order.networkName)}</p>
<p class="muted">To <code>${e(order.address)}</code></p>
<form id="buy">
<label for="amount">Amount</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${e(order.amount === undefined ? "" : String(order.amount))}">
<label for="fiat">Currency</label>
<select id="fiat" name="fiat">${rampFiatCurrencies.map((c) => option(c, c, c === order.fiat)).join("")}</select>
<label for="method">Payment method</label>
<select id="method" name="method">${rampLimits
    .map((l) => option(l.id, `${methodNames[l.id] ?? l.id} (${l.min} to ${l.max})`, l.id === order.method))
    .join("")}</select>
<p id="quote" aria-live="polite"></p>
<p id="error" role="alert"></p>
<button type="submit" id="pay">Pay</button>
<button type="button" id="cancel">Cancel</button>
</form>
<p id="status" role="status"></p>
</main>
</body>
</html>`
}

/** The page's stylesheet. */
export const buyCss = `body{font:15px system-ui,sans-serif;margin:0;background:#f4f5f7;color:#141414}
main{max-width:420px;margin:24px auto;background:#fff;padding:24px;border-radius:12px}
label{display:block;margin-top:12px;font-weight:600}input,select{width:100%;padding:8px;font:inherit;box-sizing:border-box}
button{margin-top:16px;padding:10px 16px;font:inherit;border-radius:8px;border:1px solid #444}
#pay{background:#1f5eff;color:#fff;border-color:#1f5eff}.muted{color:#555}#error{color:#b00020}
code{word-break:break-all}`

/** The page's script (plain JavaScript, run in the buyer's browser). */
export const buyJs = `(() => {
  const main = document.querySelector("main")
  const id = main.dataset.order
  const $ = (s) => document.getElementById(s)
  const post = (path, body) =>
    fetch("/orders/" + encodeURIComponent(id) + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body || {}),
      signal: AbortSignal.timeout(30000)
    }).then((r) => r.json())
  const form = () => ({ amount: Number($("amount").value.replace(",", ".")), fiat: $("fiat").value, method: $("method").value })
  const show = (order) => {
    main.dataset.status = order.status
    const text = {
      created: "",
      processing: "Payment received: sending your crypto…",
      success: "Done: " + (order.purchaseAmount ? order.purchaseAmount.amount + " " + order.purchaseAmount.currency : "") + " sent. You can close this window.",
      failed: "The purchase failed" + (order.reason ? ": " + order.reason : "."),
      cancelled: "Purchase cancelled."
    }[order.status] || ""
    $("status").textContent = text
    $("buy").hidden = order.status !== "created"
  }
  let seq = 0
  const quote = () => {
    const mine = ++seq
    post("/quote", form()).then((answer) => {
      if (mine !== seq) return
      $("error").textContent = answer.message || ""
      $("quote").textContent = answer.quote
        ? "You get " + answer.quote.purchaseAmount.amount + " " + answer.quote.purchaseAmount.currency +
          " (fees " + (Number(answer.quote.paymentTotal.amount) - Number(answer.quote.paymentSubtotal.amount)).toFixed(2) +
          " " + answer.quote.paymentTotal.currency + ")"
        : ""
    }).catch(() => {})
  }
  for (const field of ["amount", "fiat", "method"]) $(field).addEventListener("input", quote)
  $("buy").addEventListener("submit", (event) => {
    event.preventDefault()
    $("pay").disabled = true
    show({ status: "processing" })
    post("/pay", form()).then((answer) => {
      $("pay").disabled = false
      if (answer.status) return show(answer)
      show({ status: "created" })
      $("error").textContent = answer.message || "The payment was refused."
    }).catch(() => { $("pay").disabled = false; show({ status: "created" }); $("error").textContent = "No answer." })
  })
  $("cancel").addEventListener("click", () => {
    post("/cancel").then((answer) => { show(answer); window.close() }).catch(() => {})
  })
  show({ status: main.dataset.status })
  quote()
})()
`
