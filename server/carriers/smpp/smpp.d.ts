/**
 * Minimal types for the `smpp` npm package (0.5.1, no types of its own): only what
 * server/carriers/smpp uses. PDU fields are read loosely (`unknown`) and narrowed where used.
 */
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer, Socket } from "node:net";
  import type { ConnectionOptions } from "node:tls";

  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
  }

  export type ResponseCallback = (pdu: PDU) => void;

  export interface Session extends EventEmitter {
    socket: Socket;
    server?: Server;
    /** false (and nothing sent) when the socket is not writable. */
    send(pdu: PDU, responseCallback?: ResponseCallback, sendCallback?: ResponseCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
    submit_sm(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
    deliver_sm(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
    enquire_link(options?: Record<string, unknown> | ResponseCallback, responseCallback?: ResponseCallback): boolean;
    unbind(options?: Record<string, unknown> | ResponseCallback, responseCallback?: ResponseCallback): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export interface ConnectOptions extends ConnectionOptions {
    /** smpp://host:port or ssmpp://host:port (TLS). */
    url?: string;
    host?: string;
    port?: number;
    tls?: boolean;
    auto_enquire_link_period?: number;
  }

  export interface ServerOptions {
    /** With both key and cert the server speaks TLS. */
    key?: string | Buffer;
    cert?: string | Buffer;
  }

  interface GsmCoder {
    encode(text: string, table?: number): Buffer;
    decode(bytes: Buffer | Uint8Array, table?: number): string;
  }

  interface Smpp {
    connect(options: ConnectOptions, listener?: () => void): Session;
    createServer(options: ServerOptions, listener?: (session: Session) => void): Server;
    PDU: new (command: string, options?: Record<string, unknown>) => PDU;
    errors: Record<string, number>;
    gsmCoder: GsmCoder;
  }

  const smpp: Smpp;
  export default smpp;
}
