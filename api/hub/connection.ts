import type { WebSocket } from "ws";
import {
  closeFrame,
  completionErrorFrame,
  HANDSHAKE_OK,
  handshakeErrorFrame,
  MessageType,
  parseHandshake,
  parseMessage,
  PING_FRAME,
  RecordReader,
} from "./protocol.ts";

/** A client that has not finished the handshake by then is dropped (ASP.NET Core's default too). */
const HANDSHAKE_TIMEOUT_MS = 15_000;
/** A client this far behind on reading is not keeping up; it is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** One hub connection: the handshake, then records in both directions. The hub has no client-callable methods. */
export class HubConnection {
  private reader = new RecordReader();
  private ready = false;
  private closed = false;
  lastReceived = Date.now();
  lastSent = Date.now();
  private handshakeTimer: NodeJS.Timeout;

  constructor(
    readonly id: string,
    readonly userId: string,
    private ws: WebSocket,
    private onGone: (c: HubConnection) => void,
  ) {
    this.handshakeTimer = setTimeout(() => this.abort(), HANDSHAKE_TIMEOUT_MS);
    ws.on("message", (data, isBinary) => this.receive(isBinary ? null : data.toString()));
    ws.on("close", () => this.gone());
    ws.on("error", () => this.gone());
  }

  get isReady(): boolean {
    return this.ready && !this.closed;
  }

  /** Sends one or more complete records; dropped silently before the handshake or after close. */
  send(frames: string): void {
    if (!this.isReady) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) return this.abort();
    this.ws.send(frames);
    this.lastSent = Date.now();
  }

  ping(): void {
    this.send(PING_FRAME);
  }

  /** Ends the connection with a Close message; `allowReconnect` tells the client to come back (server restarts). */
  close(allowReconnect: boolean, error?: string): void {
    if (this.closed) return;
    if (this.ready) this.ws.send(closeFrame(allowReconnect, error));
    this.closed = true;
    this.ws.close(1000);
    this.gone();
  }

  /** Drops the connection without a word (timeouts, misbehaving peers). */
  abort(): void {
    this.closed = true;
    this.ws.terminate();
    this.gone();
  }

  private receive(text: string | null): void {
    if (this.closed) return;
    if (text === null) return this.close(false, "Binary messages are not supported by the json protocol.");
    this.lastReceived = Date.now();
    for (const record of this.reader.push(text)) {
      if (this.closed) return;
      if (!this.ready) this.handshake(record);
      else this.dispatch(record);
    }
  }

  private handshake(record: string): void {
    clearTimeout(this.handshakeTimer);
    const h = parseHandshake(record);
    if (!h.ok) {
      this.ws.send(handshakeErrorFrame(h.error));
      this.closed = true;
      this.ws.close(1000);
      return this.gone();
    }
    this.ws.send(HANDSHAKE_OK);
    this.ready = true;
  }

  private dispatch(record: string): void {
    const msg = parseMessage(record);
    if (!msg) return this.close(false, "Invalid message: not a JSON object with a numeric type.");
    switch (msg.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // Non-blocking invocations (no id) expect no answer; ASP.NET Core just logs them.
        if (typeof msg.invocationId === "string") {
          this.send(completionErrorFrame(msg.invocationId, `Unknown hub method '${String(msg.target)}'`));
        }
        return;
      case MessageType.Close:
        this.closed = true;
        this.ws.close(1000);
        return this.gone();
      case MessageType.Ping:
      case MessageType.CancelInvocation:
      case MessageType.Completion:
      case MessageType.StreamItem:
        return;
      default:
        return this.close(false, `Unknown message type ${msg.type}.`);
    }
  }

  private gone(): void {
    clearTimeout(this.handshakeTimer);
    this.closed = true;
    this.onGone(this);
  }
}
