// @vitest-environment node
// `.env.example` agrees with the settings list it is made from (docs/configuration.md):
// the file is exactly what `npm run env-example` writes, names every variable the
// configuration reads, and its defaults, uncommented as they stand, are the schema's own.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, OLD_VARIABLE_NAMES, parseConfig } from "../../server/config";
import { ENV_EXAMPLE_PATH, envExample, parseSettingsList, SETTINGS_LIST_PATH } from "./env-example";

const list = readFileSync(SETTINGS_LIST_PATH, "utf8");
const file = readFileSync(ENV_EXAMPLE_PATH, "utf8");

/** The `#NAME=value` lines, each value as systemd and the shell read it (single quotes removed). */
function commentedSettings(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const match of text.matchAll(/^#([A-Z][A-Z0-9_]*)=(.*)$/gm)) {
    settings.set(match[1]!, match[2]!.replace(/^'(.*)'$/, "$1"));
  }
  return settings;
}

describe(".env.example", () => {
  it("is what `npm run env-example` makes of docs/configuration.md (run it after changing the list)", () => {
    expect(file).toBe(envExample(list));
  });

  it("has a line for every variable the configuration reads (old names aside: a deployment starts on the new), and no other", () => {
    const named = [...commentedSettings(file).keys()];
    const listed = parseSettingsList(list).flatMap((section) => section.settings.map((setting) => setting.name));
    expect(named).toEqual(listed);
    const current = CONFIG_VARIABLES.filter((name) => !(name in OLD_VARIABLE_NAMES));
    expect(current.filter((name) => !named.includes(name))).toEqual([]);
  });

  it("gives the schema's own defaults: uncommented as they stand, they configure what no setting does", () => {
    const uncommented = Object.fromEntries([...commentedSettings(file)].filter(([, value]) => value !== ""));
    expect(Object.keys(uncommented).length).toBeGreaterThan(20);
    expect(parseConfig(uncommented)).toEqual(parseConfig({}));
  });
});
