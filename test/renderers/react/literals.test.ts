/**
 * Every text a user can see comes from the catalogue: this test reads each source of the React renderer and of core's
 * prop getters (core/anatomy: the attributes renderers spread) with rolldown's parser, and fails on a literal with
 * letters where a user would see it: JSX text, a user-facing attribute or prop (aria-label,
 * title, placeholder, alt, a component's label / text / title), a value a JSX child or such an attribute shows
 * (`{failed ? "Failed" : …}`, `?? "your wallet"`, a template), and a snack's or label's `message:` / `label:` in an
 * object. Ids passed to `t()` are call arguments, never in a shown position, so they pass.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { root, sourceFiles } from "../../fixtures/imports.ts"
import { type Finding, findLiterals } from "../../fixtures/literals.ts"

/** Literals a user sees that are not words to translate, each with why. */
const allowed: ReadonlyArray<{ readonly file: string; readonly text: string; readonly why: string }> = [
  { file: "core/anatomy/ids.ts", text: "…-title", why: "getModalIds' `title`: the title element's id, not its text" }
]

const scannedFiles = [...sourceFiles("renderers/react"), ...sourceFiles("core/anatomy")]
const scan = (file: string) => findLiterals(file, readFileSync(join(root, file), "utf8"))
const isAllowed = (finding: Finding) =>
  allowed.some((entry) => entry.file === finding.file && entry.text === finding.text)

describe("texts in the React renderer", () => {
  it("no view, component or modal part shows a literal: every text comes from the catalogue", () => {
    const literals = scannedFiles
      .flatMap(scan)
      .filter((finding) => !isAllowed(finding))
      .map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)
    expect(literals).toEqual([])
  })

  it("finds a literal in every place it looks", () => {
    const source = `
      const View = ({ failed, name }) => (
        <div aria-label="Region" title={failed ? "Broken" : t("common.retry")}>
          Plain words
          <input placeholder="Search" />
          <img alt="A picture" src={url} />
          {failed ? "Failed" : t("common.tryAgain")}
          {name ?? "your wallet"}
          {\`Hello \${name}\`}
          <PendingRequest failedText="Try later" label={t("common.copy")} />
          <WalletItem tag="QR" />
        </div>
      )
      client.showSnack({ message: "Copied", variant: "success" })
    `
    const found = findLiterals("example.tsx", source).map((finding) => finding.text)
    expect(found).toEqual([
      "Region",
      "Broken",
      "Plain words",
      "Search",
      "A picture",
      "Failed",
      "your wallet",
      "Hello …",
      "Try later",
      "QR",
      "Copied"
    ])
  })

  it("leaves what a user does not read: ids given to t(), class names, data attributes, test ids, markup", () => {
    const source = `
      const View = () => (
        <p className="airlock-empty" data-part="token" data-testid="receive-address" aria-labelledby="x-heading">
          {t("activity.empty")}{" "}<span aria-hidden="true">×</span>
          <a href="https://example.com" rel="noopener noreferrer" target="_blank">{text(row.title)}</a>
        </p>
      )
    `
    expect(findLiterals("example.tsx", source)).toEqual([])
  })

  it("every allowed literal is still there, so the list never outlives its reason", () => {
    const stale = allowed.filter(({ file, text }) => !scan(file).some((finding) => finding.text === text))
    expect(stale).toEqual([])
  })
})
