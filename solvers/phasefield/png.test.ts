import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, encodePng, upscale } from "./png.ts";

/** Splits a PNG into its chunks, checking each CRC (over type + data) as a decoder does. */
function readChunks(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Array<{ type: string; data: Buffer }> = [];
  let at = 8;
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len)).toBe(crc32(png.subarray(at + 4, at + 8 + len)));
    chunks.push({ type, data });
    at += 12 + len;
  }
  return chunks;
}

describe("PNG writer", () => {
  it("computes the standard CRC-32 check value", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("writes a decodable 8-bit RGB image: header, CRCs, and the pixels back through inflate", () => {
    const w = 5;
    const h = 3;
    const rgb = Uint8Array.from({ length: w * h * 3 }, (_, i) => (i * 37) % 256);
    const chunks = readChunks(encodePng(w, h, rgb));
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const ihdr = chunks[0].data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]]).toEqual([w, h, 8, 2, 0, 0, 0]);
    const raw = inflateSync(chunks[1].data);
    expect(raw.length).toBe(h * (1 + w * 3));
    for (let y = 0; y < h; y++) {
      expect(raw[y * (1 + w * 3)]).toBe(0); // filter type None
      expect([...raw.subarray(y * (1 + w * 3) + 1, (y + 1) * (1 + w * 3))]).toEqual([...rgb.subarray(y * w * 3, (y + 1) * w * 3)]);
    }
  });

  it("enlarges by whole factors without changing colours", () => {
    const rgb = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const big = upscale(2, rgb, 2);
    expect(big.length).toBe(48);
    expect([...big.subarray(0, 12)]).toEqual([1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6]);
    expect([...big.subarray(36, 48)]).toEqual([7, 8, 9, 7, 8, 9, 10, 11, 12, 10, 11, 12]);
  });
});
