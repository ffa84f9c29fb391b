import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import {
  AccountDataError,
  AlertError,
  alertCodes,
  alerts,
  ChainError,
  ConnectionError,
  EmailError,
  FrameError,
  NameError,
  OptionsError,
  RpcError,
  SendError,
  SiwxError
} from "../../../core/errors/index.ts"
import { en } from "../../../core/i18n/en/index.ts"

const docsRoot = fileURLToPath(new URL("../../../docs", import.meta.url))
const read = (docsPath: string) => readFileSync(`${docsRoot}${docsPath}`, "utf8")

const classes = {
  ConnectionError,
  ChainError,
  AccountDataError,
  NameError,
  SendError,
  SiwxError,
  EmailError,
  RpcError,
  FrameError,
  OptionsError
}

describe("error docs", () => {
  for (const code of alertCodes) {
    it(`${code} has a docs page that names it and explains the fix`, () => {
      const docsPath = new AlertError({ code }).docsPath!
      assert.strictEqual(docsPath, `/errors/${code}.md`)
      assert.isTrue(existsSync(`${docsRoot}${docsPath}`), `docs${docsPath} is missing`)
      const page = read(docsPath)
      assert.match(page.split("\n")[0] ?? "", new RegExp(`^# ${code}: ${alerts[code].title}$`))
      for (const section of ["## What it means", "## When Airlock raises it", "## How to fix it"]) {
        assert.include(page, section, `${code}.md lacks "${section}"`)
      }
    })
  }

  it("every catalogue error's docs link points at an existing page", () => {
    const docsPath = new ChainError({ reason: "NetworkNotFound" }).docsPath!
    assert.isTrue(existsSync(`${docsRoot}${docsPath}`), `docs${docsPath} is missing`)
  })

  it("the catalogue page lists every error class, reason and exact text", () => {
    const readme = read("/errors/README.md")
    for (const [name, errorClass] of Object.entries(classes)) {
      assert.include(readme, `\`${name}\``, `README lacks ${name}`)
      for (const [reason, text] of Object.entries(errorClass.texts)) {
        assert.include(readme, `\`${reason}\``, `README lacks ${name}.${reason}`)
        assert.include(readme, text, `README lacks the text of ${name}.${reason}`)
      }
    }
    assert.include(readme, en["approve.actionNotAllowed"])
  })

  it("the catalogue page lists every alert code with its title and page", () => {
    const readme = read("/errors/README.md")
    for (const code of alertCodes) {
      assert.include(readme, `[${code}](./${code}.md)`)
      assert.include(readme, alerts[code].title)
    }
  })
})
