import zlib from "node:zlib";

/**
 * Small but real files of every kind the upload accepts, built here so the tests need no fixtures: each
 * carries the signature and structure a content sniffer looks for.
 */

/** A zip archive with stored (uncompressed) entries. */
export function zip(entries: Array<[string, string | Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const n = Buffer.from(name);
    const d = Buffer.from(content);
    const crc = zlib.crc32(d);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(d.length, 18);
    local.writeUInt32LE(d.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(d.length, 20);
    central.writeUInt32LE(d.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, d);
    centrals.push(central, n);
    offset += 30 + n.length + d.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 1×1 red PNG. */
export function png(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const pixels = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), pngChunk("IHDR", ihdr), pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))]);
}

const officeTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}+xml"/></Types>`;

const cfb = () => Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(1024)]);

/** One real file per allowed extension. */
export const SAMPLES: Record<string, Buffer> = {
  png: png(),
  jpg: Buffer.concat([Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"), Buffer.alloc(32), Buffer.from("ffd9", "hex")]),
  jpeg: Buffer.concat([Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"), Buffer.alloc(16), Buffer.from("ffd9", "hex")]),
  gif: Buffer.concat([Buffer.from("GIF89a"), Buffer.from("010001008000000000ffffff21f90401000000002c00000000010001000002024401003b", "hex")]),
  bmp: Buffer.concat([Buffer.from("BM"), Buffer.alloc(64)]),
  webp: Buffer.concat([Buffer.from("RIFF"), Buffer.from([26, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(18)]),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
  doc: cfb(),
  xls: cfb(),
  ppt: cfb(),
  docx: zip([["[Content_Types].xml", officeTypes("word/document.xml", "wordprocessingml.document.main")], ["word/document.xml", "<w:document/>"]]),
  xlsx: zip([["[Content_Types].xml", officeTypes("xl/workbook.xml", "spreadsheetml.sheet.main")], ["xl/workbook.xml", "<workbook/>"]]),
  pptx: zip([["[Content_Types].xml", officeTypes("ppt/presentation.xml", "presentationml.presentation.main")], ["ppt/presentation.xml", "<p/>"]]),
  zip: zip([["readme.txt", "hello"]]),
  txt: Buffer.from("钢材试验记录\nline 2\n"),
  csv: Buffer.from("\uFEFF牌号,屈服强度\nQ345,345\n"),
};

/** A Windows executable's start: MZ header. */
export const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126), Buffer.from("PE\0\0")]);

/** A multipart/form-data body with a `file` part (and any extra fields), as a browser would send it. */
export async function multipart(file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string> = {}, partName = "file") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(partName, new Blob([new Uint8Array(file.data)], { type: file.type ?? "application/octet-stream" }), file.name);
  const req = new Request("http://multipart.local/", { method: "POST", body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get("content-type")! };
}
