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
import { parseAst } from "rolldown/parseAst"
import { describe, expect, it } from "vitest"
import { root, sourceFiles } from "../../fixtures/imports.ts"

/**
 * Files other engineers are rewriting now, not scanned until their texts move to the catalogue (its ids are ready:
 * common.back and common.close for the dialog's buttons, title.<View> through `viewTitle(modal, messages)` for the
 * header). Empty this list as each lands.
 */
const pendingRewrite: ReadonlyArray<string> = [
  "renderers/react/views/Send.tsx",
  "renderers/react/modal/Modal.tsx",
  "renderers/react/modal/Header.tsx",
  "renderers/react/modal/useDialog.ts",
  "core/anatomy/dialog.ts"
]

/** Literals a user sees that are not words to translate, each with why. */
const allowed: ReadonlyArray<{ readonly file: string; readonly text: string; readonly why: string }> = [
  { file: "core/anatomy/ids.ts", text: "…-title", why: "getModalIds' `title`: the title element's id, not its text" }
]

/** Attributes and props whose value a user reads (or hears). */
const shownName =
  /^(aria-label|aria-description|aria-valuetext|aria-roledescription|aria-placeholder|title|placeholder|alt|label|text|tag|message|[a-z]+(Label|Text|Title|Message))$/

const hasLetters = (text: string) => /\p{L}/u.test(text)

interface Finding {
  readonly file: string
  readonly offset: number
  readonly line: number
  readonly text: string
}

type Node = { readonly type: string; readonly start: number; readonly [key: string]: unknown }
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"

/** The literals an expression shows as its value: a string, a template's words, either branch of a choice. */
const shownLiterals = (expression: unknown): ReadonlyArray<Node> => {
  if (!isNode(expression)) return []
  switch (expression.type) {
    case "Literal":
      return typeof expression.value === "string" ? [expression] : []
    case "TemplateLiteral":
      return [expression]
    case "ConditionalExpression":
      return [...shownLiterals(expression.consequent), ...shownLiterals(expression.alternate)]
    case "LogicalExpression":
      return [...shownLiterals(expression.left), ...shownLiterals(expression.right)]
    case "ParenthesizedExpression":
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
      return shownLiterals(expression.expression)
    case "ArrayExpression":
      return (expression.elements as ReadonlyArray<unknown>).flatMap(shownLiterals)
    default:
      return []
  }
}

/** The words of a literal node: a string's value, or a template's fixed parts. */
const wordsOf = (node: Node): string =>
  node.type === "TemplateLiteral"
    ? (node.quasis as ReadonlyArray<{ value: { cooked: string } }>).map((quasi) => quasi.value.cooked).join("…")
    : String(node.value)

const nameOf = (key: unknown): string | undefined => {
  if (!isNode(key)) return undefined
  if (key.type === "JSXIdentifier" || key.type === "Identifier") return String(key.name)
  if (key.type === "Literal" && typeof key.value === "string") return key.value
  return undefined
}

/** Every literal with letters that `source` shows to a user. */
export const findLiterals = (file: string, source: string): ReadonlyArray<Finding> => {
  const ast = parseAst(source, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file)
  const findings: Array<Finding> = []
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length
  const report = (node: Node, text: string) => {
    if (hasLetters(text)) findings.push({ file, offset: node.start, line: lineOf(node.start), text: text.trim() })
  }
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!isNode(value)) return
    if (value.type === "JSXText") report(value, String(value.value))
    if ((value.type === "JSXElement" || value.type === "JSXFragment") && Array.isArray(value.children)) {
      for (const child of value.children as ReadonlyArray<unknown>) {
        if (isNode(child) && child.type === "JSXExpressionContainer") {
          for (const literal of shownLiterals(child.expression)) report(literal, wordsOf(literal))
        }
      }
    }
    if (value.type === "JSXAttribute" && shownName.test(nameOf(value.name) ?? "")) {
      const attribute =
        isNode(value.value) && value.value.type === "JSXExpressionContainer" ? value.value.expression : value.value
      for (const literal of shownLiterals(attribute)) report(literal, wordsOf(literal))
    }
    if (value.type === "Property" && shownName.test(nameOf(value.key) ?? "")) {
      for (const literal of shownLiterals(value.value)) report(literal, wordsOf(literal))
    }
    for (const [key, child] of Object.entries(value)) if (key !== "type") visit(child)
  }
  visit(ast)
  return findings.sort((a, b) => a.offset - b.offset)
}

const scannedFiles = [...sourceFiles("renderers/react"), ...sourceFiles("core/anatomy")]
const scan = (file: string) => findLiterals(file, readFileSync(join(root, file), "utf8"))
const isAllowed = (finding: Finding) =>
  allowed.some((entry) => entry.file === finding.file && entry.text === finding.text)

describe("texts in the React renderer", () => {
  it("no view, component or modal part shows a literal: every text comes from the catalogue", () => {
    const literals = scannedFiles
      .filter((file) => !pendingRewrite.includes(file))
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

  it("the files waiting for their rewrite exist (a renamed one would otherwise escape the scan)", () => {
    expect(pendingRewrite.filter((file) => !scannedFiles.includes(file))).toEqual([])
  })

  it("every allowed literal is still there, so the list never outlives its reason", () => {
    const stale = allowed.filter(({ file, text }) => !scan(file).some((finding) => finding.text === text))
    expect(stale).toEqual([])
  })
})
