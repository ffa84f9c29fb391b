import * as Effect from "effect/Effect"
import type { SocialProvider } from "../../schema/login.ts"
import { trimDiscordUsername } from "../../schema/loginName.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { updateAuthConnection } from "../connection/auth.ts"
import { connect } from "../connection/connect.ts"
import { authConnector, namespace } from "./frame.ts"

/** After the frame logged in: the login remembered (SPEC §9 keys), then core connects the AUTH connector. */
export const finishLogin = (login: {
  readonly email?: string
  readonly social?: SocialProvider
  readonly username?: string
}) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const connector = yield* authConnector
    if (login.email !== undefined) {
      yield* storage.set(StorageKeys.email, login.email)
      yield* storage.set(StorageKeys.emailLoginUsed, true)
    }
    if (login.social !== undefined) yield* storage.set(StorageKeys.socialProvider, login.social)
    if (login.username !== undefined) yield* storage.set(StorageKeys.socialUsername, login.username)
    yield* connect(connector.id)
    if (login.social !== undefined) {
      const name =
        login.social === "discord" && login.username !== undefined
          ? trimDiscordUsername(login.username)
          : login.username
      yield* updateAuthConnection(namespace, connector.id, {
        auth: { socialProvider: login.social, ...(name === undefined ? {} : { name }) }
      })
    }
  })
