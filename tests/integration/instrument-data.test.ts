import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, it } from "vitest";
import { spectrometerCsv, tensileCsv } from "../../api/modules/instrumentData/sample-files.ts";
import { detectionCalls } from "./detection-helpers.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const sha256 = (b: string | Buffer) => createHash("sha256").update(b).digest("hex");

describeEachBackend(
  "instrument data: files streamed and checked against their SHA-256, assigned to samples, parsed; instruments sending with revocable tokens",
  (t) => {
    const lab = detectionCalls(t);
    const db = () => t().api.app.db;
    const filesOnDisk = () => fs.readdirSync(path.join(t().dataDir, "instrument-files")).sort();
    /** A multipart upload as an instrument's transfer client sends it. */
    const upload = async (p: string, headers: Record<string, string>, content: string | Buffer, fields: Record<string, string> = {}, name = "data.csv") => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set("file", new Blob([typeof content === "string" ? content : new Uint8Array(content)]), name);
      const res = await fetch(`${t().base}/api/TrialDetection/${p}`, { method: "POST", body: form, headers: { xteam: "xteam", "accept-language": "zh-CN", ...headers } });
      return { http: res.status, ...((await res.json()) as { status: number; msg: string; returnData: any }) };
    };

    it("FileTransferAdmin sends a spectrometer file for a sample: kept by its checksum, parsed, listed, downloaded as it came, logged", async () => {
      const [transfer, admin, guest] = await Promise.all(["transfer", "admin", "guest"].map((u) => sessionFor(t(), u)));
      const order = await lab.orderInTest(admin.token);
      const plate = order.samples[2];
      const csv = spectrometerCsv(plate.Code);
      const r = await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token }, csv, { Sha256: sha256(csv) }, "ARL_0042.csv");
      expect(r.status, r.msg).toBe(200);
      expect(r.returnData).toMatchObject({
        FileName: "ARL_0042.csv",
        Size: Buffer.byteLength(csv),
        Sha256: sha256(csv),
        SampleId: plate.Id,
        SampleCode: plate.Code,
        OrderId: order.Id,
        Parser: "spectrometer",
        ParseState: "parsed",
        ViaToken: false,
        UploadedBy: "文件传输管理员",
      });
      expect(r.returnData.Parsed.Values).toMatchObject({ C: 0.42, Mn: 0.7, Cr: 1.02 });
      const id = r.returnData.Id;
      const listed = await t().call("TrialDetection/GetInstrumentFiles", { method: "POST", token: transfer.token, json: { keyword: plate.Code } });
      expect(listed.returnData.rows.map((f: { Id: string }) => f.Id)).toEqual([id]);
      const res = await fetch(`${t().base}/api/TrialDetection/DownloadInstrumentFile?id=${id}`, { headers: { xteam: "xteam", AuthorizationToken: transfer.token } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([sha256(bytes), res.headers.get("x-checksum-sha256")]).toEqual([sha256(csv), sha256(csv)]);
      expect(res.headers.get("content-disposition")).toContain("ARL_0042.csv");
      const [log] = await db().query<{ action: string; user_name: string }>(`select action, user_name from operation_log where target_id = $1`, [id]);
      expect(log).toEqual({ action: "instrumentFile.upload", user_name: "transfer" });
      // myInstrumentData is FileTransferAdmin's alone: a SystemAdmin and a guest are refused every call.
      for (const who of [admin, guest]) {
        expect((await upload("UploadInstrumentFile", { AuthorizationToken: who.token }, csv)).status).toBe(403);
        expect((await t().call("TrialDetection/GetInstrumentFiles", { method: "POST", token: who.token, json: {} })).status).toBe(403);
        expect((await t().call("TrialDetection/GetInstrumentFile", { token: who.token, query: { id } })).status).toBe(403);
      }
    });

    it("keeps nothing when the checksum differs, the file is over the limit or the upload is cut short; says why in the sender's language", async () => {
      const transfer = await sessionFor(t(), "transfer");
      const before = (await db().query<{ n: number }>(`select count(*)::int as n from instrument_files`))[0].n;
      const onDisk = filesOnDisk();
      const csv = tensileCsv("NO-SUCH-SAMPLE");
      const wrong = await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token }, csv, { Sha256: sha256(csv + "x") });
      expect(wrong.status).toBe(400);
      expect(wrong.msg).toContain(`收到的文件 SHA-256 为 ${sha256(csv)}`);
      const malformed = await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token, "accept-language": "en" }, csv, { Sha256: "abc" });
      expect(malformed.msg).toBe("The checksum must be a SHA-256 in 64 hexadecimal digits");
      // The limit of this API is 1 MiB (set below): a 2 MiB file is refused with the limit, and its part removed.
      const big = await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token, "accept-language": "en" }, Buffer.alloc(2 * 1024 * 1024, 65));
      expect([big.status, big.msg]).toEqual([413, "An instrument file can be at most 1 MB"]);
      const none = await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token }, "", {}, "");
      expect(none.status).toBe(400);
      // Cut short: half a multipart body, then the connection drops.
      await new Promise<void>((resolve) => {
        const req = http.request(`${t().base}/api/TrialDetection/UploadInstrumentFile`, {
          method: "POST",
          headers: { xteam: "xteam", AuthorizationToken: transfer.token, "content-type": "multipart/form-data; boundary=XX", "content-length": "100000" },
        });
        req.on("error", () => resolve());
        req.write(`--XX\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n\r\n${"1,2,3\r\n".repeat(2000)}`, () => setImmediate(() => (req.destroy(), resolve())));
      });
      // The API removes the part when it sees the connection end (no fixed wait: until it is gone, or the test's timeout).
      while (filesOnDisk().some((n) => n.startsWith(".part-"))) await new Promise((r) => setImmediate(r));
      expect(filesOnDisk()).toEqual(onDisk);
      expect((await db().query<{ n: number }>(`select count(*)::int as n from instrument_files`))[0].n).toBe(before);
      // Kept: a file that matches no sample yet (unassigned), and one no parser reads, with why.
      const kept = await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token, "accept-language": "en" }, csv, { Sha256: sha256(csv) }, "tensile.csv");
      expect(kept.returnData).toMatchObject({ SampleCode: "NO-SUCH-SAMPLE", SampleId: null, Parser: "tensile", ParseState: "parsed" });
      expect(kept.returnData.Parsed.Values.Rm).toBeCloseTo(620, 0);
      const image = await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token, "accept-language": "en" }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), {}, "micrograph.png");
      expect(image.returnData).toMatchObject({ ParseState: "none", ParseError: "Not a text (CSV) file: kept, not parsed" });
      const unassigned = await t().call("TrialDetection/GetInstrumentFiles", { method: "POST", token: transfer.token, json: { state: "unassigned", pageSize: 100 } });
      expect(unassigned.returnData.rows.map((f: { Id: string }) => f.Id)).toEqual(expect.arrayContaining([kept.returnData.Id, image.returnData.Id]));
    });

    it("assigns a file to a sample by its ID, refuses one that does not exist, deletes a file with its bytes; each logged", async () => {
      const [transfer, admin] = await Promise.all(["transfer", "admin"].map((u) => sessionFor(t(), u)));
      const order = await lab.orderInTest(admin.token);
      const csv = tensileCsv("");
      const f = (await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token }, csv)).returnData;
      expect(f.SampleId).toBeNull();
      const assign = (SampleId: string) => t().call("TrialDetection/AssignInstrumentFile", { method: "POST", token: transfer.token, json: { Id: f.Id, SampleId } });
      const unknown = await assign("S999999-9999");
      expect([unknown.status, unknown.msg]).toEqual([400, "样品编号不存在"]);
      const ok = await assign(order.samples[0].Code.toLowerCase());
      expect(ok.returnData).toMatchObject({ SampleId: order.samples[0].Id, OrderId: order.Id });
      const stored = filesOnDisk().filter((n) => !n.startsWith("."));
      const del = await t().call("TrialDetection/DeleteInstrumentFile", { method: "POST", token: transfer.token, json: { Id: f.Id } });
      expect(del.status, del.msg).toBe(200);
      expect(filesOnDisk().filter((n) => !n.startsWith(".")).length).toBe(stored.length - 1);
      const log = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 order by id`, [f.Id]);
      expect(log.map((l) => l.action)).toEqual(["instrumentFile.upload", "instrumentFile.assign", "instrumentFile.delete"]);
    });

    it("an instrument sends with its token (issued once, stored hashed) until the token is revoked; only the token writers in reach issue one", async () => {
      const [equip, uploader, xadmin, transfer] = await Promise.all(["equip", "uploader", "xadmin", "transfer"].map((u) => sessionFor(t(), u)));
      const [wdw] = await db().query<{ id: string }>(`select id from equipment where model = 'WDW-300'`);
      const create = (token: string, json: unknown) => t().call("TrialDetection/CreateEquipmentToken", { method: "POST", token, json });
      const issued = await create(equip.token, { EquipmentId: wdw.id, Label: "传输 PC 2" });
      expect(issued.status, issued.msg).toBe(200);
      const token: string = issued.returnData.Token;
      expect(token).toMatch(/^fe_eq_[A-Za-z0-9_-]{43}$/);
      const [stored] = await db().query<{ token_hash: string }>(`select token_hash from equipment_tokens where id = $1`, [issued.returnData.Item.Id]);
      expect(stored.token_hash).toBe(sha256(token));
      // Out of an uploader's reach (the demo's instruments are not theirs), refused like a missing one; XSystemAdmin only reads.
      expect((await create(uploader.token, { EquipmentId: wdw.id })).msg).toBe("设备不存在或不在您的管理范围内");
      expect((await create(xadmin.token, { EquipmentId: wdw.id })).status).toBe(403);
      const cloud = await t().call("TrialDetection/GetCloudEquipment", { token: xadmin.token });
      const listed = cloud.returnData.Instruments.find((i: { Id: string }) => i.Id === wdw.id);
      expect(listed.CanManage).toBe(false);
      expect(listed.Tokens.find((x: { Id: string }) => x.Id === issued.returnData.Item.Id)).toMatchObject({ Label: "传输 PC 2", Hint: token.slice(0, 10), RevokedAt: null, CreatedBy: "设备管理员" });
      expect(JSON.stringify(cloud.returnData)).not.toContain(token);

      const filesBefore = (await t().call("TrialDetection/GetCloudEquipment", { token: transfer.token })).returnData.Instruments.find((i: { Id: string }) => i.Id === wdw.id).Files;
      const order = await lab.orderInTest((await sessionFor(t(), "admin")).token);
      const csv = tensileCsv(order.samples[1].Code);
      const sent = await upload("UploadEquipmentData", { Authorization: `Bearer ${token}` }, csv, { Sha256: sha256(csv) }, "WDW_0001.csv");
      expect(sent.status, sent.msg).toBe(200);
      expect(sent.returnData).toMatchObject({ ViaToken: true, EquipmentId: wdw.id, SampleId: order.samples[1].Id, Parser: "tensile" });
      expect(sent.returnData.UploadedBy).toContain("WDW-300");
      const seen = (await t().call("TrialDetection/GetCloudEquipment", { token: transfer.token })).returnData.Instruments.find((i: { Id: string }) => i.Id === wdw.id);
      expect(seen).toMatchObject({ CanManage: true, Files: filesBefore + 1 });
      expect(seen.Tokens.find((x: { Id: string }) => x.Id === issued.returnData.Item.Id)).toMatchObject({ Files: 1, RevokedAt: null });

      for (const bad of ["", "Bearer nope", `Bearer ${token}x`]) {
        const r = await upload("UploadEquipmentData", bad ? { Authorization: bad } : {}, csv);
        expect([r.status, r.msg]).toEqual([206, "设备令牌无效或已吊销"]);
      }
      const revoked = await t().call("TrialDetection/RevokeEquipmentToken", { method: "POST", token: transfer.token, json: { Id: issued.returnData.Item.Id } });
      expect(revoked.status, revoked.msg).toBe(200);
      expect((await upload("UploadEquipmentData", { Authorization: `Bearer ${token}` }, csv)).status).toBe(206);
      const log = await db().query<{ action: string; after: unknown; before: unknown }>(
        `select action, after, before from operation_log where target_id = $1 and action like 'equipmentToken.%' order by id`,
        [wdw.id],
      );
      expect(log.map((l) => l.action)).toEqual(["equipmentToken.create", "equipmentToken.revoke"]);
      expect(JSON.stringify(log)).not.toContain(token);
      // At most five live tokens per instrument (the demo's is one of them).
      const [{ live }] = await db().query<{ live: number }>(`select count(*)::int as live from equipment_tokens where equipment_id = $1 and revoked_at is null`, [wdw.id]);
      for (let i = live; i < 5; i++) expect((await create(equip.token, { EquipmentId: wdw.id, Label: `#${i}` })).status).toBe(200);
      expect((await create(equip.token, { EquipmentId: wdw.id })).msg).toBe("每台设备最多 5 个有效令牌，请先吊销不用的令牌");
    });

    it("the documents behind the test data list a sample's instrument file and report for the staff, and the document viewer opens the file for the order's readers only", async () => {
      const [transfer, admin, inside, guest, outside, sg] = await Promise.all(["transfer", "admin", "inside", "guest", "outside", "sg"].map((u) => sessionFor(t(), u)));
      const order = await lab.orderInTest(admin.token);
      const csv = spectrometerCsv(order.samples[2].Code);
      const f = (await upload("UploadInstrumentFile", { AuthorizationToken: transfer.token }, csv, {}, "docs_ARL.csv")).returnData;
      const docs = await t().call("TrialDetection/GetTestDocuments", { token: inside.token, query: { keyword: order.samples[2].Code } });
      expect((await t().call("TrialDetection/GetTestDocuments", { token: inside.token, query: { kind: "instrument", keyword: order.samples[2].Code } })).returnData.rows).toEqual(docs.returnData.rows);
      expect(docs.returnData.rows).toEqual([expect.objectContaining({ Kind: "instrument", Id: f.Id, Title: "docs_ARL.csv", Detail: "spectrometer", OrderCode: order.Code, SampleCode: order.samples[2].Code })]);
      expect((await t().call("TrialDetection/GetTestDocuments", { token: inside.token, query: { kind: "report" } })).returnData.rows.every((d: { Kind: string }) => d.Kind === "report")).toBe(true);
      for (const who of [guest, outside]) expect((await t().call("TrialDetection/GetTestDocuments", { token: who.token })).status).toBe(403);
      const view = (token: string) => t().call("Document/GetDocument", { token, query: { src: "instrument", id: f.Id } });
      const seen = await view(inside.token);
      expect(seen.status, seen.msg).toBe(200);
      expect(seen.returnData.Name).toBe("docs_ARL.csv");
      // The order is for the outside users' enterprise: they read its sample's file in the viewer; an SG user gets its one 404.
      for (const who of [outside, guest]) expect((await view(who.token)).status).toBe(200);
      expect((await view(sg.token)).status).toBe(404);
    });
  },
  { INSTRUMENT_FILE_MAX_BYTES: String(1024 * 1024) },
);
