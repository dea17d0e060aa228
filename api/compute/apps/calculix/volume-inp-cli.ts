import fs from "node:fs";
import { volumeOnlyInp } from "./volume-inp.ts";

// Run by the job script after gmsh: `node --import tsx volume-inp-cli.ts mesh.inp` rewrites the file in place.
const file = process.argv[2];
if (!file) {
  console.error("usage: volume-inp-cli.ts <mesh.inp>");
  process.exit(2);
}
fs.writeFileSync(file, volumeOnlyInp(fs.readFileSync(file, "utf8")));
console.log(`${file}: volume elements kept for CalculiX`);
