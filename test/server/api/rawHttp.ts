/**
 * Raw HTTP/1.1 over one TCP socket, for what `fetch` hides: pipelined requests on a connection already open, and
 * whether a new connection is accepted at all.
 */
import { connect, type Socket } from "node:net"

/** A raw connection: send request text, and read everything the server sent until it closed the socket. */
export interface RawConnection {
  readonly socket: Socket
  send(text: string): void
  /** All bytes received, resolved once the server closes the connection. */
  readonly closed: Promise<string>
}

/** Opens a connection to 127.0.0.1:`port`; rejects when it is refused. */
export const openRaw = (port: number): Promise<RawConnection> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    let received = ""
    socket.setEncoding("utf8")
    socket.on("data", (chunk: string) => {
      received += chunk
    })
    const closed = new Promise<string>((done) => socket.once("close", () => done(received)))
    socket.once("error", reject)
    socket.once("connect", () => resolve({ socket, send: (text) => void socket.write(text), closed }))
  })

/** A GET request's text. */
export const rawGet = (path: string): string => `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`

/** The status codes of the responses in `text`, in order. */
export const statuses = (text: string): ReadonlyArray<number> =>
  [...text.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((match) => Number(match[1]))

/** Whether a new TCP connection to `port` is refused. */
export const refused = (port: number): Promise<boolean> =>
  openRaw(port).then(
    (connection) => {
      connection.socket.destroy()
      return false
    },
    (error: NodeJS.ErrnoException) => error.code === "ECONNREFUSED"
  )
