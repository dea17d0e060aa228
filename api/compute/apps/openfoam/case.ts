import type { Texts } from "../../../http/messages.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { lastEntry, topLevelEntries, unsafeLines, type UnsafeLine } from "./foam-dict.ts";
import { CAVITY_SIDE, FOAM_SOLVERS, LID_SPEED, type CavityParams, type FoamSolver, type OpenFoamParams } from "./params.ts";

/** The file instruction mode must supply; the rest of the case sits beside it in folders. */
export const CONTROL_DICT = "system/controlDict";

const header = (cls: string, object: string, location?: string) =>
  [
    "FoamFile",
    "{",
    "    version     2.0;",
    "    format      ascii;",
    `    class       ${cls};`,
    ...(location ? [`    location    "${location}";`] : []),
    `    object      ${object};`,
    "}",
    "",
  ].join("\n");

const num = (v: number) => String(v);

/**
 * The lid-driven cavity as OpenFOAM v1912's icoFoam tutorial sets it up (incompressible/icoFoam/cavity/cavity),
 * with the Reynolds number, mesh and time stepping from the form. v1912 reads ν from
 * constant/transportProperties (constant/physicalProperties is the Foundation's later name, not read here).
 */
export function renderCavityCase(p: CavityParams): Record<string, string> {
  const nu = (LID_SPEED * CAVITY_SIDE) / p.reynolds;
  const n = p.cellsPerSide;
  return {
    [CONTROL_DICT]: `${header("dictionary", "controlDict", "system")}
// Lid-driven cavity, Re = ${num(p.reynolds)} (U = ${LID_SPEED} m/s, L = ${CAVITY_SIDE} m, nu = U*L/Re)
application     icoFoam;
startFrom       startTime;
startTime       0;
stopAt          endTime;
endTime         ${num(p.endTime)};
deltaT          ${num(p.deltaT)};
writeControl    timeStep;
writeInterval   ${p.writeInterval};
purgeWrite      0;
writeFormat     ascii;
writePrecision  6;
writeCompression off;
timeFormat      general;
timePrecision   6;
runTimeModifiable false;
`,
    "system/fvSchemes": `${header("dictionary", "fvSchemes", "system")}
ddtSchemes { default Euler; }
gradSchemes { default Gauss linear; grad(p) Gauss linear; }
divSchemes { default none; div(phi,U) Gauss linear; }
laplacianSchemes { default Gauss linear orthogonal; }
interpolationSchemes { default linear; }
snGradSchemes { default orthogonal; }
`,
    "system/fvSolution": `${header("dictionary", "fvSolution", "system")}
solvers
{
    p { solver PCG; preconditioner DIC; tolerance 1e-06; relTol 0.05; }
    pFinal { $p; relTol 0; }
    U { solver smoothSolver; smoother symGaussSeidel; tolerance 1e-05; relTol 0; }
}
PISO
{
    nCorrectors     2;
    nNonOrthogonalCorrectors 0;
    pRefCell        0;
    pRefValue       0;
}
`,
    "system/blockMeshDict": `${header("dictionary", "blockMeshDict")}
scale   ${num(CAVITY_SIDE)};
vertices
(
    (0 0 0) (1 0 0) (1 1 0) (0 1 0)
    (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1)
);
blocks ( hex (0 1 2 3 4 5 6 7) (${n} ${n} 1) simpleGrading (1 1 1) );
edges ( );
boundary
(
    movingWall { type wall; faces ( (3 7 6 2) ); }
    fixedWalls { type wall; faces ( (0 4 7 3) (2 6 5 1) (1 5 4 0) ); }
    frontAndBack { type empty; faces ( (0 3 2 1) (4 5 6 7) ); }
);
mergePatchPairs ( );
`,
    "constant/transportProperties": `${header("dictionary", "transportProperties", "constant")}
nu              ${num(nu)};
`,
    "0/U": `${header("volVectorField", "U")}
dimensions      [0 1 -1 0 0 0 0];
internalField   uniform (0 0 0);
boundaryField
{
    movingWall { type fixedValue; value uniform (${LID_SPEED} 0 0); }
    fixedWalls { type noSlip; }
    frontAndBack { type empty; }
}
`,
    "0/p": `${header("volScalarField", "p")}
dimensions      [0 2 -2 0 0 0 0];
internalField   uniform 0;
boundaryField
{
    movingWall { type zeroGradient; }
    fixedWalls { type zeroGradient; }
    frontAndBack { type empty; }
}
`,
  };
}

const runsCodeText = (what: string): Texts => ({
  zh: `不允许 ${what}：它会在服务器上编译或执行代码`,
  en: `${what} is not allowed: it compiles or runs code on the server`,
  es: `${what} no está permitido: compila o ejecuta código en el servidor`,
  ja: `${what} は使用できません。サーバー上でコードをコンパイル・実行します`,
});

const outsidePathText = (what: string): Texts => ({
  zh: `不允许 ${what}：路径指向算例目录之外（绝对路径、~、.. 或环境变量），请改用算例内的相对路径`,
  en: `${what} is not allowed: the path leads outside the case (absolute, ~, .. or an environment variable); use a path inside the case`,
  es: `${what} no está permitido: la ruta sale del caso (absoluta, ~, .. o una variable de entorno); use una ruta dentro del caso`,
  ja: `${what} は使用できません。パスがケースの外を指しています（絶対パス、~、..、環境変数）。ケース内の相対パスを使ってください`,
});

/** What a refused line means, in every language. */
export const unsafeText = (u: UnsafeLine): Texts => (u.kind === "runsCode" ? runsCodeText(u.what) : outsidePathText(u.what));

/** Every refused line of one case file as input issues of that file. */
export function caseFileIssues(fileName: string, text: string): InputIssue[] {
  return unsafeLines(text).map((u) => ({ field: "", line: u.line, text: unsafeText(u) }));
}

const solverUnknown = (name: string): Texts => ({
  zh: `application ${name} 不是可用的求解器；可用：${FOAM_SOLVERS.join("、")}`,
  en: `application ${name} is not a solver offered here; offered: ${FOAM_SOLVERS.join(", ")}`,
  es: `application ${name} no es un solver disponible aquí; disponibles: ${FOAM_SOLVERS.join(", ")}`,
  ja: `application ${name} は利用できるソルバーではありません。利用可能：${FOAM_SOLVERS.join("、")}`,
});

const entryMissing = (key: string): Texts => ({
  zh: `controlDict 缺少 ${key} 项`,
  en: `controlDict has no ${key} entry`,
  es: `controlDict no tiene la entrada ${key}`,
  ja: `controlDict に ${key} の項目がありません`,
});

const notPositive = (key: string, value: string): Texts => ({
  zh: `${key} 应为正数，而不是“${value}”`,
  en: `${key} must be a positive number, not "${value}"`,
  es: `${key} debe ser un número positivo, no «${value}»`,
  ja: `${key} は正の数でなければなりません（「${value}」ではなく）`,
});

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * An uploaded case's system/controlDict → the task's params: the solver from `application` (one of
 * FOAM_SOLVERS), endTime and deltaT (positive numbers), writeInterval when written in time steps. Refuses code
 * and outside paths, naming lines. The other case files are checked by the job (check-case.ts), since
 * parseDeck only sees this one.
 */
export function parseControlDict(text: string): OpenFoamParams {
  const issues: InputIssue[] = caseFileIssues(CONTROL_DICT, text);
  const entries = topLevelEntries(text);

  const app = lastEntry(entries, "application");
  let solver: FoamSolver | undefined;
  if (!app) issues.push({ field: "solver", text: entryMissing("application") });
  else if (!(FOAM_SOLVERS as readonly string[]).includes(app.value)) issues.push({ field: "solver", line: app.line, text: solverUnknown(app.value) });
  else solver = app.value as FoamSolver;

  const positive = (key: string): number | undefined => {
    const e = lastEntry(entries, key);
    if (!e) {
      issues.push({ field: key, text: entryMissing(key) });
      return undefined;
    }
    const v = Number(e.value);
    if (!NUMBER.test(e.value) || !(v > 0)) {
      issues.push({ field: key, line: e.line, text: notPositive(key, e.value) });
      return undefined;
    }
    return v;
  };
  const endTime = positive("endTime");
  const deltaT = positive("deltaT");

  if (issues.length) throw new AppInputError(issues);
  const params: OpenFoamParams = { solver: solver!, endTime: endTime!, deltaT: deltaT! };
  const writeInterval = lastEntry(entries, "writeInterval");
  if (lastEntry(entries, "writeControl")?.value === "timeStep" && writeInterval && /^\d+$/.test(writeInterval.value)) {
    params.writeInterval = Number(writeInterval.value);
  }
  return params;
}

const meshMissing: Texts = {
  zh: "算例没有网格：需要 system/blockMeshDict，或 constant/polyMesh 中的 points、faces、owner、neighbour、boundary",
  en: "the case has no mesh: it needs system/blockMeshDict or a mesh in constant/polyMesh (points, faces, owner, neighbour, boundary)",
  es: "el caso no tiene malla: necesita system/blockMeshDict o una malla en constant/polyMesh (points, faces, owner, neighbour, boundary)",
  ja: "ケースにメッシュがありません。system/blockMeshDict か、constant/polyMesh の points・faces・owner・neighbour・boundary が必要です",
};

const POLY_MESH_FILES = ["points", "faces", "owner", "neighbour", "boundary"];

/**
 * At submission: every other file of an uploaded case gets controlDict's check (no code, no outside paths),
 * and the case must bring its mesh. Issues name the file (field) and line, in the user's language; the job's
 * check-case.ts repeats this before any OpenFOAM program runs.
 */
export function checkCaseFiles(files: Readonly<Record<string, string>>): void {
  const issues: InputIssue[] = [];
  for (const [rel, text] of Object.entries(files)) {
    if (rel === CONTROL_DICT) continue;
    for (const i of caseFileIssues(rel, text)) issues.push({ ...i, field: rel });
  }
  const hasMesh = files["system/blockMeshDict"] !== undefined || POLY_MESH_FILES.every((f) => files[`constant/polyMesh/${f}`] !== undefined);
  if (!hasMesh) issues.push({ field: "system/blockMeshDict", text: meshMissing });
  if (issues.length) throw new AppInputError(issues);
}
