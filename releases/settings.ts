/**
 * One source of settings for every command of a deployment (issue 59): each release records the
 * public settings it was built with (the site's variables, SITE_VARIABLES: what reaches its pages),
 * and `npm start`, `npm run update`, `rollback` and `requests`, run without some of them (a shell
 * without the settings file), take them from the live release's record, naming each. An update or
 * a rollback that would put other public settings live than the live release's refuses, naming
 * each variable, unless it is told the change is meant (`--settings-changed`).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SITE_VARIABLES } from "#shared/site-config.ts";
import { gitHead } from "./git";
import { CHECKOUT_ID, liveRelease, readState, type ReleasePlaces } from "./on-disk";

/** The record in a release's folder of the public settings its build read. */
export const SETTINGS_RECORD = "public-settings.json";
/** The flag that says a change of the public settings is meant. */
export const SETTINGS_CHANGED_FLAG = "--settings-changed";

export type PublicSettings = Record<string, string>;

/** The site's variables set in `env`, as the build reads them. */
export function publicSettings(env: NodeJS.ProcessEnv): PublicSettings {
  return Object.fromEntries(
    SITE_VARIABLES.filter((name) => env[name] !== undefined).map((name) => [name, env[name]!] as const),
  );
}

export function recordSettings(releaseDir: string, env: NodeJS.ProcessEnv): void {
  writeFileSync(join(releaseDir, SETTINGS_RECORD), `${JSON.stringify(publicSettings(env), null, 2)}\n`);
}

/** What a release was built with; null for the checkout and a release built before the record was kept. */
export function recordedSettings(releaseDir: string): PublicSettings | null {
  const path = join(releaseDir, SETTINGS_RECORD);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as PublicSettings) : null;
}

/** Each variable whose value differs between two records, in SITE_VARIABLES' order. */
export function settingsChanges(from: PublicSettings, to: PublicSettings): string[] {
  return SITE_VARIABLES.filter((name) => from[name] !== to[name]);
}

/** A change, in words an operator acts on: each variable with its two values (public: they are on the pages). */
export function describeChanges(from: PublicSettings, to: PublicSettings, [was, now]: [string, string]): string {
  const value = (text: string | undefined) => (text === undefined ? "unset" : JSON.stringify(text));
  return settingsChanges(from, to)
    .map((name) => `${name} (${was} ${value(from[name])}, ${now} ${value(to[name])})`)
    .join(", ");
}

/**
 * Fills `env` with the live release's recorded settings that it lacks, and says which; with
 * `--settings-changed` (`asGiven`), the settings are taken as given. Returns the live record.
 */
export function takeLiveSettings(
  places: ReleasePlaces,
  env: NodeJS.ProcessEnv,
  { asGiven = false, log }: { asGiven?: boolean; log: (line: string) => void },
): { id: string; settings: PublicSettings } | null {
  const live = liveRelease(places, readState(places), gitHead(places.checkout));
  const settings = live.id === CHECKOUT_ID ? null : recordedSettings(live.dir);
  if (!settings) return null;
  const missing = Object.keys(settings).filter((name) => env[name] === undefined);
  if (missing.length > 0 && !asGiven) {
    for (const name of missing) env[name] = settings[name];
    log(`not given, so as release ${live.id} was built with: ${missing.join(", ")}`);
  }
  return { id: live.id, settings };
}
