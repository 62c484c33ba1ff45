// `.env.example`, the commented settings file a deployment starts from, made from the
// complete settings list (docs/configuration.md): one block per variable, its meaning, its
// default, and the line to uncomment. `npm run env-example` writes it;
// scripts/checks/env-example.test.ts fails when the file and the list disagree.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const SETTINGS_LIST_PATH = join(root, "docs/configuration.md");
export const ENV_EXAMPLE_PATH = join(root, ".env.example");

export interface Setting {
  name: string;
  meaning: string;
  /** The default as the list writes it, markdown removed. */
  defaultText: string;
  /** The default as a value to write after `NAME=`, when it is one literal; else null. */
  defaultValue: string | null;
}

export interface SettingsSection {
  title: string;
  settings: Setting[];
}

/** Markdown to plain text: links keep their words, code spans and escapes lose their marks. */
function plain(cell: string): string {
  return cell
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replaceAll("`", "")
    .replaceAll("\\|", "|")
    .trim();
}

/** The list's sections, each with the rows of its table. */
export function parseSettingsList(markdown: string): SettingsSection[] {
  const sections: SettingsSection[] = [];
  for (const line of markdown.split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      sections.push({ title: heading[1]!, settings: [] });
      continue;
    }
    const cells = line.startsWith("| `") ? line.slice(1, -1).split(/(?<!\\)\|/) : null;
    if (!cells || cells.length !== 3 || sections.length === 0) continue;
    const [nameCell, meaningCell, defaultCell] = cells.map((cell) => cell.trim()) as [string, string, string];
    const literal = /^`([^`]*)`$/.exec(defaultCell);
    sections.at(-1)!.settings.push({
      name: plain(nameCell),
      meaning: plain(meaningCell),
      defaultText: plain(defaultCell),
      // A default that names another setting (`CONTACT_EMAIL`, `127.0.0.1:$PORT`) is no value to copy.
      defaultValue: literal && !/^[A-Z_]+$|\$/.test(literal[1]!) ? literal[1]! : null,
    });
  }
  return sections.filter((section) => section.settings.length > 0);
}

/** Wraps `text` into `# ` comment lines of at most `width` characters. */
function comment(text: string, width = 88): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** A value as the shell and systemd both read it: in single quotes when it has anything but plain characters. */
function shellValue(value: string): string {
  return /^[\w@%+=:,./-]*$/.test(value) ? value : `'${value}'`;
}

export function envExample(markdown: string): string {
  const out = [
    ...comment(
      "The settings of a deployment, made from docs/configuration.md by `npm run env-example` (do not edit here). " +
        "Copy it to /etc/ta-network/env (the systemd unit's EnvironmentFile) or .env, uncomment what differs from the default, " +
        "and have Node read it for a command run by hand, as systemd does for the units (sh would cut a URL at its & " +
        'or expand a $): node --env-file=/etc/ta-network/env "$(command -v npm)" run build (docs/deployment.md). ' +
        "Quote a value with spaces in single quotes (systemd and Node read the quotes the same way).",
    ),
    ...comment(
      "A public SITE_URL needs the deployment's own CONTACT_EMAIL, PRIVACY_POLICY_URL, SUPPORTER_NAME and SUPPORTER_URL: " +
        "the build and the server stop on their examples.",
    ),
  ];
  for (const section of parseSettingsList(markdown)) {
    out.push("", `## ${section.title}`);
    for (const setting of section.settings) {
      out.push("", ...comment(`${setting.meaning}. Default: ${setting.defaultText}.`));
      out.push(`#${setting.name}=${shellValue(setting.defaultValue ?? "")}`);
    }
  }
  return `${out.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(ENV_EXAMPLE_PATH, envExample(readFileSync(SETTINGS_LIST_PATH, "utf8")));
  console.log(`wrote ${ENV_EXAMPLE_PATH}`);
}
