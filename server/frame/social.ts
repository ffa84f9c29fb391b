/**
 * The social logins' stand-in: a consent page per provider, a code the callback hands the frame, and a session.
 *
 * DEVELOPMENT STAND-IN: the consent page takes the username typed on it as the identity, with no password and no
 * provider behind it. Anyone can sign in as any social user. Never deploy it.
 */
import {
  type AuthContext,
  checkDevice,
  checkUsername,
  type FrameBinding,
  type LoginResult,
  sameBinding
} from "./accounts.ts"
import { codeLifetimeMs, FrameHttpError, makePendingTable, randomId } from "./codes.ts"

/** The social providers the stand-in serves (SPEC §5); Farcaster has its own flow. */
export const frameSocialProviders = ["google", "github", "apple", "facebook", "x", "discord"] as const
/** One of {@link frameSocialProviders}. */
export type FrameSocialProvider = (typeof frameSocialProviders)[number]

/** A pending social login, kept under its OAuth `state` until the callback comes back. */
export interface SocialState {
  readonly provider: FrameSocialProvider
  readonly projectId: string
  readonly appOrigin: string
  readonly appName: string
  readonly expiresAt: number
  /** The stand-in's authorization code once the user allowed, with the username they chose. */
  readonly grant?: { readonly code: string; readonly username: string } | undefined
}

/**
 * The social stand-in's steps.
 * @example
 * ```ts
 * import type { AuthContext, FrameBinding } from "./accounts.ts"
 * declare const context: AuthContext
 * declare const binding: FrameBinding
 * declare const client: string // the caller's IP
 * const { uri } = await makeSocial(context).socialStart({ provider: "github", binding, appName: "Demo", client })
 * ```
 */
export const makeSocial = ({ store, kv, now, origin, limiters, accounts }: AuthContext) => {
  const socials = makePendingTable<SocialState>(kv, "frame:socials", now)
  return {
    /**
     * Starts a social login: the stand-in consent page's URL, bound to the frame's project and app origin.
     * DEVELOPMENT STAND-IN: the consent page takes any username as the identity.
     */
    socialStart: async (input: {
      provider: FrameSocialProvider
      binding: FrameBinding
      appName: string
      client: string
    }) => {
      await limiters.perClient.take(input.client)
      const state = randomId()
      await socials.set(state, {
        provider: input.provider,
        projectId: input.binding.projectId,
        appOrigin: input.binding.appOrigin,
        appName: input.appName,
        expiresAt: now() + codeLifetimeMs
      })
      return { uri: `${origin()}/oauth/${input.provider}/authorize?state=${state}`, state }
    },

    /** A pending social login's details (the consent page and the callback read them). */
    socialState: async (state: string) => {
      const entry = await socials.get(state)
      if (entry === undefined) throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      return entry
    },

    /**
     * The consent page's answer: where to send the popup next (the secure site's callback).
     * DEVELOPMENT STAND-IN: `username` becomes the identity as typed; nothing proves the person owns it.
     */
    socialDecide: async (input: {
      provider: string
      state: string
      username: string
      allow: boolean
    }): Promise<string> => {
      const entry = await socials.get(input.state)
      if (entry === undefined || entry.provider !== input.provider)
        throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      const callback = new URL("/social/callback", origin())
      callback.searchParams.set("state", input.state)
      if (!input.allow) {
        // The state stays until it expires: the callback page still needs the app's origin to report the refusal.
        callback.searchParams.set("error", "access_denied")
        return callback.href
      }
      const grant = { code: randomId(), username: checkUsername(input.username) }
      const granted = await socials.update(input.state, (current) =>
        current === undefined || current.provider !== input.provider
          ? { result: false }
          : { result: true, change: { value: { ...current, grant } } }
      )
      if (!granted) throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      callback.searchParams.set("code", grant.code)
      return callback.href
    },

    /** Exchanges the stand-in's code (once, by a frame of the binding it was started for) for a session. */
    socialConnect: async (input: {
      code: string
      state: string
      deviceId: string
      binding: FrameBinding
    }): Promise<LoginResult> => {
      const deviceId = checkDevice(input.deviceId)
      // Spent in the same step it is checked: of two exchanges racing on two instances, one gets the session.
      const entry = await socials.update<SocialState | undefined>(input.state, (current) =>
        current?.grant === undefined || current.grant.code !== input.code || !sameBinding(current, input.binding)
          ? { result: undefined }
          : { result: current, change: "delete" }
      )
      if (entry?.grant === undefined) throw new FrameHttpError(400, "This sign-in has expired or was already used")
      const { username } = entry.grant
      const user = await accounts.findOrCreate(() => store.users.byIdentity(entry.provider, username), {
        email: null,
        provider: entry.provider,
        username
      })
      return accounts.startSession(user, deviceId, input.binding)
    }
  }
}
