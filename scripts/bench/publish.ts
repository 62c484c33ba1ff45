// Publish-to-live (DECISIONS §12): how long from a marketer's save in the editor to the public
// home page showing it, through the whole path: the commit, the push to the remote, then
// `npm run update`'s build, check and switch. A deployment of the project as it is now (a bare
// remote and a checkout served by `npm start`, tests/support/editor-rig.ts), five saves of the
// home headline one after the other through the editor's API; prints each and the median. A
// measurement, never pass/fail: it exits 1 only when a save is refused or never goes live.
//
//   npm run bench:publish
import { saveHeadline, signInByCli, startPublishingSite, untilLive } from "../../tests/support/editor-rig";

const RUNS = 5;
const EDITOR = "bench@network.example";

const site = await startPublishingSite(EDITOR);
const figures: number[] = [];
try {
  const cookie = await signInByCli(site, EDITOR);
  for (let run = 1; run <= RUNS; run += 1) {
    const headline = `Published by the benchmark, run ${run} at ${Date.now()}`;
    const started = performance.now();
    await saveHeadline(site, cookie, headline);
    await untilLive(site, headline, 600_000);
    const ms = Math.round(performance.now() - started);
    figures.push(ms);
    console.log(`run ${run}: live in ${(ms / 1000).toFixed(1)} s`);
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(`publish-to-live, median of ${RUNS}: ${(sorted[Math.floor(RUNS / 2)]! / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await site.stop();
}
