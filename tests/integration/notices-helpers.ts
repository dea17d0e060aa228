import crypto from "node:crypto";
import type { TestApi } from "./harness.ts";

export interface Pushed {
  to: "all" | string;
  method: string;
  arg: any;
}

/** Swaps the API's hub for one that records what the modules push; returns the record and a restore. */
export function recordHub(t: TestApi): { pushed: Pushed[]; restore: () => void } {
  const app = t.api.app;
  const real = app.hub;
  const pushed: Pushed[] = [];
  app.hub = {
    ...real,
    async toAll(method, arg) {
      pushed.push({ to: "all", method, arg });
    },
    async toUser(userId, method, arg) {
      pushed.push({ to: userId, method, arg });
    },
  };
  return { pushed, restore: () => void (app.hub = real) };
}

/** An attachment row as the upload call would leave it (the file itself is not needed here). */
export async function insertAttachment(t: TestApi, ownerId: string, name = "report.pdf", mime = "application/pdf", size = 1234): Promise<string> {
  const stored = `${crypto.randomBytes(12).toString("hex")}.${name.split(".").pop()}`;
  await t.api.app.db.query(`insert into attachments(stored_name, original_name, mime, size, owner_id) values ($1, $2, $3, $4, $5)`, [
    stored,
    name,
    mime,
    size,
    ownerId,
  ]);
  return stored;
}

/** Dangerous markup of every kind the sanitiser must remove, around formatting it must keep. */
export const HOSTILE_HTML =
  `<p style="text-align: center">居中<strong>加粗</strong><em>斜体</em></p>` +
  `<script>alert(1)</script>` +
  `<img src="x" onerror="alert(2)">` +
  `<p onclick="alert(3)"><a href="javascript:alert(4)">坏链接</a> <a href="https://steel.example/doc">好链接</a></p>` +
  `<p style="width: expression(alert(5)); color: red">样式</p>` +
  `<iframe src="https://evil.example"></iframe>` +
  `<ul><li>一</li><li>二</li></ul>`;

/** Asserts nothing of HOSTILE_HTML's attacks is left while its formatting is. */
export function expectClean(html: string, expect: (v: unknown) => any): void {
  for (const bad of ["<script", "alert(", "onerror", "onclick", "javascript:", "expression", "<iframe", "evil.example", "color: red"]) {
    expect(html.includes(bad) ? bad : null).toBeNull();
  }
  for (const good of ['<p style="text-align:center">', "<strong>加粗</strong>", "<em>斜体</em>", 'href="https://steel.example/doc"', "<ul><li>一</li><li>二</li></ul>", "样式"]) {
    expect(html.includes(good) ? null : good).toBeNull();
  }
}
