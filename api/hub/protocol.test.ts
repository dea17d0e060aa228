import { describe, expect, it } from "vitest";
import {
  closeFrame,
  completionErrorFrame,
  HANDSHAKE_OK,
  handshakeErrorFrame,
  invocationFrame,
  parseHandshake,
  parseMessage,
  PING_FRAME,
  RecordReader,
  RS,
} from "./protocol.ts";

describe("hub protocol framing", () => {
  it("ends every message with the record separator 0x1E", () => {
    expect(RS).toBe(String.fromCharCode(0x1e));
    expect(HANDSHAKE_OK).toBe("{}\x1e");
    expect(PING_FRAME).toBe('{"type":6}\x1e');
    expect(invocationFrame("receiveMessageBroadcast", { type: "All", code: "SystemNotice", data: "n1" })).toBe(
      '{"type":1,"target":"receiveMessageBroadcast","arguments":[{"type":"All","code":"SystemNotice","data":"n1"}]}\x1e',
    );
    expect(closeFrame(true)).toBe('{"type":7,"allowReconnect":true}\x1e');
    expect(closeFrame(false, "bad")).toBe('{"type":7,"error":"bad","allowReconnect":false}\x1e');
    expect(completionErrorFrame("4", "Unknown hub method 'x'")).toBe('{"type":3,"invocationId":"4","error":"Unknown hub method \'x\'"}\x1e');
    expect(handshakeErrorFrame("no")).toBe('{"error":"no"}\x1e');
  });

  it("splits records that share a frame and joins records split across frames", () => {
    const r = new RecordReader();
    expect(r.push('{"protocol":"json","version":1}\x1e{"type":6}\x1e{"ty')).toEqual(['{"protocol":"json","version":1}', '{"type":6}']);
    expect(r.buffered).toBe(4);
    expect(r.push('pe":')).toEqual([]);
    expect(r.push('6}\x1e')).toEqual(['{"type":6}']);
    expect(r.buffered).toBe(0);
  });

  it("accepts only the json protocol, version 1, in the handshake", () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
    expect(parseHandshake('{"protocol":"messagepack","version":1}')).toMatchObject({ ok: false, error: expect.stringContaining("messagepack") });
    expect(parseHandshake('{"protocol":"json","version":2}')).toMatchObject({ ok: false });
    expect(parseHandshake('{"protocol":"json"}')).toMatchObject({ ok: false });
    expect(parseHandshake("not json")).toMatchObject({ ok: false });
    expect(parseHandshake("null")).toMatchObject({ ok: false });
  });

  it("reads messages only when they are objects with a numeric type", () => {
    expect(parseMessage('{"type":1,"invocationId":"1","target":"x","arguments":[]}')).toMatchObject({ type: 1, invocationId: "1" });
    expect(parseMessage('{"type":"1"}')).toBeNull();
    expect(parseMessage("[1]")).toBeNull();
    expect(parseMessage("{")).toBeNull();
  });
});
