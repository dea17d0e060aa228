/**
 * The SignalR JSON hub protocol, version 1 (dotnet/aspnetcore src/SignalR/docs/specs/HubProtocol.md): text
 * frames, each message a JSON object followed by the ASCII record separator 0x1E.
 */

export const RS = "\x1e";

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** A message as it arrives: at least a numeric type; the rest is checked by whoever handles that type. */
export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  [k: string]: unknown;
}

export const frame = (message: object): string => JSON.stringify(message) + RS;

export const invocationFrame = (target: string, arg: unknown): string =>
  frame({ type: MessageType.Invocation, target, arguments: [arg] });
export const PING_FRAME = frame({ type: MessageType.Ping });
export const closeFrame = (allowReconnect: boolean, error?: string): string =>
  frame({ type: MessageType.Close, ...(error ? { error } : {}), allowReconnect });
export const completionErrorFrame = (invocationId: string, error: string): string =>
  frame({ type: MessageType.Completion, invocationId, error });

/**
 * Splits what has arrived into complete records. WebSocket frames need not line up with records: one frame
 * may carry several, and a record may span frames, so the unfinished tail is kept for the next call.
 */
export class RecordReader {
  private pending = "";

  push(chunk: string): string[] {
    const parts = (this.pending + chunk).split(RS);
    this.pending = parts.pop() ?? "";
    return parts;
  }

  get buffered(): number {
    return this.pending.length;
  }
}

export type Handshake = { ok: true } | { ok: false; error: string };

/** The client's first record: `{"protocol":"json","version":1}`. Only JSON version 1 is spoken here. */
export function parseHandshake(record: string): Handshake {
  let msg: unknown;
  try {
    msg = JSON.parse(record);
  } catch {
    return { ok: false, error: "Handshake request is not valid JSON." };
  }
  const { protocol, version } = (msg ?? {}) as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== "string" || typeof version !== "number") {
    return { ok: false, error: "Handshake request must name a protocol and a version." };
  }
  if (protocol !== "json") return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  if (version !== 1) return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  return { ok: true };
}

export const HANDSHAKE_OK = frame({});
export const handshakeErrorFrame = (error: string): string => frame({ error });

/** One record after the handshake; null when it is not a JSON object with a numeric type. */
export function parseMessage(record: string): HubMessage | null {
  try {
    const msg = JSON.parse(record);
    return msg && typeof msg === "object" && !Array.isArray(msg) && typeof msg.type === "number" ? (msg as HubMessage) : null;
  } catch {
    return null;
  }
}
