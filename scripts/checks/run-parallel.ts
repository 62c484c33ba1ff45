// Runs npm scripts side by side and prints each one's output whole once it ends, in the
// order given; exits non-zero when any of them failed. `npm test` starts with the static checks
// (typecheck, lint, format) and the unit tests this way: the checks are one process each, and
// the unit tests wait more than they compute (14 s of CPU in 22 s), so two cores finish the four
// in about the time of the longest, 45 s instead of 58 s one stage after the other
// (docs/checks.md).
//
//   tsx scripts/checks/run-parallel.ts typecheck lint format:check test:unit
import { spawn } from "node:child_process";

interface Outcome {
  script: string;
  code: number;
  output: string;
  seconds: number;
}

function run(script: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolveRun) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) =>
      resolveRun({ script, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("Usage: tsx scripts/checks/run-parallel.ts <npm script> [<npm script>...]");
  process.exit(2);
}
const outcomes = await Promise.all(scripts.map(run));
for (const { script, code, output, seconds } of outcomes) {
  console.log(`\n> ${script}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`);
  if (output.trim()) console.log(output.trimEnd());
}
const failed = outcomes.filter((outcome) => outcome.code !== 0).map((outcome) => outcome.script);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
