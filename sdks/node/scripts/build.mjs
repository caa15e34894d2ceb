// Builds the library twice with tsc: ES modules into dist/esm and CommonJS into dist/cjs, each with its
// type declarations, and marks each folder with its module type so Node loads either one correctly.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

rmSync(join(root, "dist"), { recursive: true, force: true });
for (const [config, folder, type] of [
  ["tsconfig.esm.json", "esm", "module"],
  ["tsconfig.cjs.json", "cjs", "commonjs"],
]) {
  execFileSync(process.execPath, [tsc, "-p", config], { cwd: root, stdio: "inherit" });
  mkdirSync(join(root, "dist", folder), { recursive: true });
  writeFileSync(join(root, "dist", folder, "package.json"), JSON.stringify({ type }) + "\n");
}
