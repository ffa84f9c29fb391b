/**
 * The social callback's script (`/social-callback.js`): posts the result URL to the app window that opened the popup,
 * addressed to the app's origin only (the server put it in the page after checking it against the project's allowed
 * origins), then closes the popup.
 */
const appOrigin = document.querySelector('meta[name="airlock-app-origin"]')?.getAttribute("content")
const opener = window.opener as Window | null
if (opener !== null && appOrigin !== null && appOrigin !== undefined) {
  opener.postMessage({ type: "@airlock-frame/SOCIAL_RESULT", payload: { uri: location.href } }, appOrigin)
  window.close()
}
