import { expect, it } from "vitest";
import { sweepUnusedAttachments } from "../../api/modules/attachments/sweep.ts";
import { describeEachBackend } from "./harness.ts";
import { detectionCalls } from "./detection-helpers.ts";
import { sessionFor } from "./session-helpers.ts";

/** A real 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describeEachBackend("test detection: photos of samples, taken at the bench", (t) => {
  const { db, post, orderInTest } = detectionCalls(t);

  async function addPhoto(token: string, fields: Record<string, string>, file: { bytes: Buffer; name: string } | null, lang = "zh-CN") {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (file) form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
    const res = await fetch(`${t().base}/api/TrialDetection/AddSamplePhoto`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: token, "accept-language": lang } });
    return (await res.json()) as { status: number; msg: string; returnData: any };
  }

  it("the lab adds a photo to a sample its readers see; bad photos are refused by field and nothing is kept; the author or a SystemAdmin removes it and the sweep may then take the file", async () => {
    const [admin, inside, guest, sg] = await Promise.all(["admin", "inside", "guest", "sg"].map((n) => sessionFor(t(), n)));
    const o = await orderInTest(admin.token);
    const sample = o.samples[0] as { Id: string; Code: string };
    const photos = async () => (await db().query<{ n: number }>(`select count(*)::int as n from detection_sample_photos where sample_id = $1`, [sample.Id]))[0].n;

    const added = await addPhoto(inside.token, { SampleCode: sample.Code.toLowerCase(), Caption: "拉伸断口" }, { bytes: PNG, name: "IMG_0001.png" });
    expect(added.status, added.msg).toBe(200);
    expect(added.returnData).toMatchObject({ SampleCode: sample.Code, Caption: "拉伸断口", AddedBy: "inside", Name: "IMG_0001.png", Url: expect.stringMatching(/^\/attachment\/[a-f0-9]{32}\.png$/) });
    // On the sample, for its readers (this order's client is guest's enterprise).
    for (const who of [admin, guest]) {
      const s = (await t().call("TrialDetection/GetSample", { token: who.token, query: { code: sample.Code } })).returnData;
      expect(s.Photos.map((p: { Caption: string }) => p.Caption)).toEqual(["拉伸断口"]);
    }
    // The document viewer opens it for the order's readers (documentData lists it), and for nobody else.
    const viewer = (token: string) => t().call("Document/GetDocument", { token, query: { src: "attachment", id: added.returnData.Url.slice("/attachment/".length) } });
    for (const who of [admin, guest]) expect((await viewer(who.token)).status).toBe(200);
    expect((await viewer(sg.token)).status).toBe(404);
    const docs = await t().call("TrialDetection/GetTestDocuments", { token: admin.token, query: { kind: "photo", keyword: sample.Code } });
    expect(docs.returnData.rows).toEqual([expect.objectContaining({ Kind: "photo", Title: "IMG_0001.png", Detail: "拉伸断口", SampleCode: sample.Code })]);
    const mine = await post("GetMyUploads", inside.token, {});
    expect(mine.returnData.rows[0]).toMatchObject({ Id: added.returnData.Id, SampleCode: sample.Code, OrderCode: o.Code });
    expect((await post("GetMyUploads", admin.token, {})).returnData.rows.some((p: { Id: string }) => p.Id === added.returnData.Id)).toBe(false);

    // Refusals, each at its field and in the caller's language; nothing is kept.
    const refusals: Array<[Record<string, string>, { bytes: Buffer; name: string } | null, number, string, string]> = [
      [{ SampleCode: "S000000-0000" }, { bytes: PNG, name: "a.png" }, 404, "SampleCode", "样品不存在"],
      [{ SampleCode: sample.Code }, null, 400, "file", "请选择或拍摄一张照片"],
      [{ SampleCode: sample.Code }, { bytes: Buffer.from("not a photo"), name: "a.txt" }, 400, "file", "照片须为 JPG、PNG 或 WebP 图片"],
      [{ SampleCode: sample.Code }, { bytes: Buffer.from("<svg onload=alert(1)>"), name: "a.png" }, 400, "file", "照片内容与其文件类型不符"],
      [{ SampleCode: sample.Code, Caption: "长".repeat(201) }, { bytes: PNG, name: "a.png" }, 400, "Caption", "说明长度不能超过200"],
      [{ SampleCode: sample.Code }, { bytes: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), name: "big.png" }, 413, "file", "照片不能超过 10 MB"],
    ];
    for (const [fields, file, status, field, msg] of refusals) {
      const r = await addPhoto(admin.token, fields, file);
      expect([r.status, r.msg, r.returnData?.fields?.[0]?.field], msg).toEqual([status, msg, field]);
    }
    expect((await addPhoto(admin.token, { SampleCode: sample.Code }, { bytes: Buffer.from("x"), name: "a.gif" }, "en")).msg).toBe("A photo must be a JPG, PNG or WebP image");
    // Outside and SG users add nothing.
    for (const who of [guest, sg]) expect((await addPhoto(who.token, { SampleCode: sample.Code }, { bytes: PNG, name: "a.png" })).status).toBe(403);
    expect(await photos()).toBe(1);

    // Only the author, or a SystemAdmin, removes it; logged; then nothing holds the upload.
    const other = await post("RemoveSamplePhoto", (await sessionFor(t(), "uploader")).token, { Id: added.returnData.Id });
    expect([other.status, other.msg]).toEqual([403, "只能删除自己上传的照片"]);
    expect((await post("RemoveSamplePhoto", inside.token, { Id: added.returnData.Id })).status).toBe(200);
    expect((await post("RemoveSamplePhoto", inside.token, { Id: added.returnData.Id })).status).toBe(404);
    expect(await photos()).toBe(0);
    const logged = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 and action like 'sample.photo.%' order by at`, [sample.Id]);
    expect(logged.map((l) => l.action)).toEqual(["sample.photo.add", "sample.photo.remove"]);
    const stored = added.returnData.Url.slice("/attachment/".length);
    await db().query(`update attachments set created_at = now() - interval '30 days' where stored_name = $1`, [stored]);
    expect(await sweepUnusedAttachments(t().api.app)).toContain(stored);
  });
});
