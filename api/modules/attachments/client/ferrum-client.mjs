#!/usr/bin/env node
// Ferrum command-line client ("ferrum"): log in, run compute tasks (apps, submit, logs, status, cancel,
// download), and read notices or move attachments from a terminal or a script. Plain Node.js 20 or newer,
// no dependencies: save this one file and run it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const HELP = `Ferrum command-line client

Usage: node ferrum-client.mjs <command> [arguments]

Commands:
  login --sms <mobile>        log in with a code sent by SMS (you type it in); the token is kept in
                              ~/.config/ferrum/token (readable only by you)
  login --token <token>       keep a token copied from the web (password login needs a captcha there)
  logout                      forget the kept token
  apps                        compute categories and their apps
  submit <app> <deck|params.json> [options]
                              run an app: a .json file holds its parameters (graphical mode), any other
                              file is its input deck (instruction mode); prints the task id
      --cores <n>             cores (default: the app's)
      --walltime <min>        walltime in minutes (default: the app's)
      --follow                then print the log until the task ends (exit code 1 unless it succeeded)
  logs [-f] <task>            the task's log; -f follows it until the task ends
      --stderr                the error log instead
  status [task]               one task's state, or your recent tasks
      --page <n>, --size <n>  paging of the list
  cancel <task>               stop a queued or running task
  download <task> [file] [out]
                              save a task's file (default result.json) to <out> or under its own name
  unread                      number of unread notices and messages
  notices [options]           published system notices, newest first
      --page <n>              page number (default 1)
      --size <n>              notices per page, 1-50 (default 10)
      --unread | --read       only unread / only read notices
      --keyword <text>        titles containing the text
  upload <file>               upload a file as an attachment; prints its AttachmentPath
  download <path> [out]       save an attachment (by AttachmentPath) to <out>, or under its own
                              name in the current directory; never overwrites a file
  --help                      this text

Settings (environment variables):
  FERRUM_URL     the platform's address, e.g. https://ferrum.example.org (its /api is used)
  FERRUM_TOKEN   your login token (AuthorizationToken), instead of the kept one; tokens last 2 hours
  FERRUM_LANG    language of the platform's messages: zh, en, es or ja (default en)

--token <token> before the command overrides both. Add --json to unread, notices, upload, apps,
submit or status for the platform's answer as JSON.`;

class UsageError extends Error {}

/** Where `login` keeps the token: ~/.config/ferrum/token, mode 600. */
const tokenFile = () => path.join(os.homedir(), ".config", "ferrum", "token");

function storedToken() {
  try {
    return fs.readFileSync(tokenFile(), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function saveToken(token) {
  const file = tokenFile();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, token + "\n", { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

function settings(tokenOption, { needToken = true } = {}) {
  const url = process.env.FERRUM_URL?.trim();
  const token = tokenOption?.trim() || process.env.FERRUM_TOKEN?.trim() || storedToken();
  if (!url) throw new UsageError("FERRUM_URL is not set (the platform's address, e.g. https://ferrum.example.org).");
  if (!token && needToken) throw new UsageError("Not logged in: FERRUM_TOKEN is not set and no token is kept (run login).");
  let base;
  try {
    base = new URL(url.replace(/\/+$/, "").replace(/\/api$/i, "") + "/api/");
  } catch {
    throw new UsageError(`FERRUM_URL is not a valid address: ${url}`);
  }
  return { base, token, lang: process.env.FERRUM_LANG?.trim() || "en" };
}

async function request(cfg, apiPath, { query = {}, method = "GET", body } = {}) {
  const url = new URL(apiPath, cfg.base);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    body,
    headers: {
      xteam: "xteam",
      ...(cfg.token ? { AuthorizationToken: cfg.token } : {}),
      ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
      "accept-language": cfg.lang,
    },
    signal: AbortSignal.timeout(90_000),
  });
  return res;
}

/** The envelope's returnData, or an error carrying the platform's own message. */
async function call(cfg, apiPath, opts) {
  const res = await request(cfg, apiPath, opts);
  let env;
  try {
    env = await res.json();
  } catch {
    throw new Error(`Unexpected answer from ${apiPath} (HTTP ${res.status}).`);
  }
  if (env.status !== 200) throw new Error(`${env.msg || "Error"} (status ${env.status})`);
  return env.returnData;
}

function parseOptions(args, known) {
  const opts = { _: [] };
  for (let i = 0; i < args.length; i++) {
    let a = args[i];
    if (a === "-f" && "follow" in known) a = "--follow";
    if (!a.startsWith("--")) {
      opts._.push(a);
      continue;
    }
    const name = a.slice(2);
    if (!(name in known)) throw new UsageError(`Unknown option ${a}. See --help.`);
    if (known[name] === "flag") opts[name] = true;
    else {
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value.`);
      opts[name] = v;
    }
  }
  return opts;
}

async function unread(cfg, args) {
  const o = parseOptions(args, { json: "flag" });
  const n = await call(cfg, "SysMessage/GetNoReadMessageCount");
  console.log(o.json ? JSON.stringify(n) : String(n));
}

async function notices(cfg, args) {
  const o = parseOptions(args, { page: "value", size: "value", unread: "flag", read: "flag", keyword: "value", json: "flag" });
  if (o.unread && o.read) throw new UsageError("Choose --unread or --read, not both.");
  const data = await call(cfg, "SysMessage/GetSystemNoticeList", {
    query: { page: o.page ?? 1, size: o.size ?? 10, keyword: o.keyword, read: o.unread ? "unread" : o.read ? "read" : "all" },
  });
  if (o.json) return console.log(JSON.stringify(data, null, 2));
  if (!data.rows.length) return console.log("No notices.");
  for (const n of data.rows) {
    const day = String(n.time ?? "").slice(0, 10);
    console.log(`${n.read ? " " : "*"} ${day}  ${n.title}  (${n.author ?? ""}, id ${n.id})`);
  }
  const pages = Math.max(1, Math.ceil(data.total / data.size));
  console.log(`\nPage ${data.page} of ${pages}, ${data.total} notices. * = unread`);
}

async function upload(cfg, args) {
  const o = parseOptions(args, { json: "flag" });
  const [file] = o._;
  if (!file) throw new UsageError("upload needs a file. See --help.");
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new UsageError(`Not a file: ${file}`);
  const form = new FormData();
  form.append("file", await fs.openAsBlob(file), path.basename(file));
  const data = await call(cfg, "Attachment/UploadFile", { method: "POST", body: form });
  console.log(o.json ? JSON.stringify(data, null, 2) : data.AttachmentPath);
}

/** The file name a download offers (RFC 5987 filename* first), reduced to a bare name. */
function offeredName(disposition) {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  const plain = /filename="([^"]*)"/i.exec(disposition ?? "");
  let name = "";
  try {
    name = star ? decodeURIComponent(star[1]) : (plain?.[1] ?? "");
  } catch {
    name = plain?.[1] ?? "";
  }
  return path.basename(name.replace(/[\\/]/g, "_")).replace(/^\.+/, "");
}

const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** download <task> [file] [out] for a task's file (a task id), download <path> [out] for an attachment. */
async function download(cfg, args) {
  const o = parseOptions(args, {});
  if (TASK_ID.test(o._[0] ?? "")) {
    const [taskId, file = "result.json", out] = o._;
    return save(await request(cfg, "CalculateTask/GetTaskFile", { query: { id: taskId, path: file } }), out, path.basename(file));
  }
  const [attachmentPath, out] = o._;
  if (!attachmentPath) throw new UsageError("download needs a task id or an AttachmentPath. See --help.");
  return save(await request(cfg, "Attachment/Download", { query: { path: attachmentPath } }), out, attachmentPath);
}

async function save(res, out, fallback) {
  const disposition = res.headers.get("content-disposition");
  if (!disposition) {
    const env = await res.json().catch(() => null);
    throw new Error(env?.msg ? `${env.msg} (status ${env.status})` : `Download failed (HTTP ${res.status}).`);
  }
  const target = out ?? (offeredName(disposition) || fallback);
  // "wx": an existing file is never overwritten.
  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(target, { flags: "wx" }));
  console.log(target);
}

const FINISHED = ["succeeded", "failed", "cancelled"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const json = (v) => console.log(JSON.stringify(v, null, 2));

async function login(cfg, args) {
  const o = parseOptions(args, { sms: "value", token: "value", code: "value" });
  let token;
  if (o.token) {
    token = o.token.trim();
    // Checked before it is kept: a mistyped token is refused here, not on the next command.
    await call({ ...cfg, token }, "SysMessage/GetNoReadMessageCount");
  } else if (o.sms) {
    const verificationString = await call(cfg, "Login/GetLoginMobileValidateCode", { query: { mobile: o.sms, purpose: "login" } });
    const code = o.code ?? (await ask(`Code sent to ${o.sms}: `));
    const r = await call(cfg, "Login/MobileLoginMethod", {
      method: "POST",
      body: JSON.stringify({ mobile: o.sms, verificationCode: code.trim(), verificationString }),
    });
    token = r.token;
  } else {
    throw new UsageError("login needs --sms <mobile> or --token <token> (password login needs the web's captcha). See --help.");
  }
  console.log(`Logged in; token kept in ${saveToken(token)}`);
}

/** One line from the terminal (or from piped input). */
function ask(prompt) {
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: false });
    process.stderr.write(prompt);
    let answered = false;
    rl.once("line", (line) => {
      answered = true;
      rl.close();
      resolve(line);
    });
    rl.once("close", () => answered || reject(new UsageError("No code given.")));
  });
}

async function logout() {
  fs.rmSync(tokenFile(), { force: true });
  console.log("Logged out here (the kept token is removed).");
}

async function categories(cfg) {
  return (await call(cfg, "CalculateTask/GetSoftAlgorithmListBase")).data;
}

async function apps(cfg, args) {
  const o = parseOptions(args, { json: "flag" });
  const cats = await categories(cfg);
  if (o.json) return json(cats);
  for (const c of cats) {
    if (!c.apps?.length) continue;
    console.log(`${c.name ?? c.category} (${c.category})`);
    for (const a of c.apps) console.log(`  ${a.id.padEnd(20)} ${a.name}  v${a.version}  [${a.modes.join(", ")}]  input ${a.mainInput}`);
  }
}

async function submit(cfg, args) {
  const o = parseOptions(args, { cores: "value", walltime: "value", follow: "flag", json: "flag" });
  const [appId, file] = o._;
  if (!appId || !file) throw new UsageError("submit needs an app and a deck or params.json file. See --help.");
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new UsageError(`Not a file: ${file}`);
  const app = (await categories(cfg)).flatMap((c) => c.apps ?? []).find((a) => a.id === appId);
  if (!app) throw new UsageError(`No app "${appId}". See apps.`);
  const text = fs.readFileSync(file, "utf8");
  const resources = {};
  if (o.cores !== undefined) resources.cores = Number(o.cores);
  if (o.walltime !== undefined) resources.walltimeMin = Number(o.walltime);
  const body = { appId, resources };
  if (file.toLowerCase().endsWith(".json")) {
    try {
      Object.assign(body, { mode: "graphical", params: JSON.parse(text) });
    } catch (e) {
      throw new UsageError(`${file} is not valid JSON: ${e.message}`);
    }
  } else Object.assign(body, { mode: "instruction", deck: { [app.mainInput]: text } });
  const r = await call(cfg, "CalculateTask/CreateTask", { method: "POST", body: JSON.stringify(body) });
  if (o.json) json(r);
  else console.log(r.taskId);
  if (o.follow) return follow(cfg, r.taskId, "stdout", !o.json);
}

/** Prints the log from the start; with `untilEnd`, keeps asking until the task has ended and all is read. */
async function follow(cfg, id, stream, untilEnd, quiet = false) {
  let offset = 0;
  for (;;) {
    const task = untilEnd ? await call(cfg, "CalculateTask/GetTask", { query: { id } }) : null;
    for (;;) {
      const chunk = await call(cfg, "CalculateTask/GetTaskLog", { query: { id, offset, stream } });
      if (chunk.text) process.stdout.write(chunk.text);
      if (chunk.nextOffset === offset) break;
      offset = chunk.nextOffset;
    }
    if (!untilEnd) return 0;
    if (FINISHED.includes(task.status)) {
      if (!quiet) console.error(`Task ${id} ${task.status}${task.error ? `: ${task.error}` : ""}`);
      return task.status === "succeeded" ? 0 : 1;
    }
    await sleep(1000);
  }
}

async function logs(cfg, args) {
  const o = parseOptions(args, { follow: "flag", stderr: "flag" });
  const [id] = o._;
  if (!id) throw new UsageError("logs needs a task id. See --help.");
  return follow(cfg, id, o.stderr ? "stderr" : "stdout", !!o.follow);
}

const when = (iso) => (iso ? iso.replace("T", " ").slice(0, 19) : "-");

async function status(cfg, args) {
  const o = parseOptions(args, { json: "flag", page: "value", size: "value" });
  const [id] = o._;
  if (id) {
    const t = await call(cfg, "CalculateTask/GetTask", { query: { id } });
    if (o.json) return json(t);
    console.log(`${t.id}  ${t.appId}  ${t.status}`);
    console.log(`created ${when(t.createdAt)}  started ${when(t.startedAt)}  finished ${when(t.finishedAt)}`);
    if (t.exitCode !== null && t.exitCode !== undefined) console.log(`exit code ${t.exitCode}`);
    if (t.error) console.log(`error: ${t.error}`);
    for (const s of t.result?.scalars ?? []) console.log(`${s.label ?? s.key} = ${s.value}${s.unit ? ` ${s.unit}` : ""}`);
    return t.status === "failed" ? 1 : 0;
  }
  const list = await call(cfg, "CalculateTask/GetCalculateTaskOrderBase", { query: { page: o.page ?? 1, size: o.size ?? 20 } });
  if (o.json) return json(list);
  if (!list.rows.length) return console.log("No tasks.");
  for (const t of list.rows) console.log(`${t.id}  ${t.status.padEnd(9)}  ${when(t.createdAt)}  ${t.appName ?? t.appId}`);
  console.log(`\nPage ${list.page} of ${Math.max(1, Math.ceil(list.total / list.size))}, ${list.total} tasks.`);
}

async function cancel(cfg, args) {
  const o = parseOptions(args, {});
  const [id] = o._;
  if (!id) throw new UsageError("cancel needs a task id. See --help.");
  const t = await call(cfg, "CalculateTask/CancelTask", { method: "POST", body: JSON.stringify({ id }) });
  console.log(`${t.id}  ${t.status}`);
}

const COMMANDS = { login, logout, apps, submit, logs, status, cancel, unread, notices, upload, download };
/** Commands that work without a token. */
const OPEN = new Set(["login", "logout"]);

async function main(argv) {
  let tokenOption;
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    // --token before the command (or anywhere but after login, where it is login's own).
    if (argv[i] === "--token" && rest[0] !== "login") {
      tokenOption = argv[++i];
      if (tokenOption === undefined) throw new UsageError("--token needs a value.");
    } else rest.push(argv[i]);
  }
  const [command, ...args] = rest;
  if (!command || command === "--help" || command === "-h" || command === "help" || args.includes("--help")) {
    console.log(HELP);
    return 0;
  }
  const run = COMMANDS[command];
  if (!run) throw new UsageError(`Unknown command "${command}". See --help.`);
  if (command === "logout") return (await logout(), 0);
  return (await run(settings(tokenOption, { needToken: !OPEN.has(command) }), args)) ?? 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof UsageError ? err.message : `Error: ${err.message}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
