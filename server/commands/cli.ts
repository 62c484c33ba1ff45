/**
 * The team's command line (docs/product.md#nothing-lost, #notifications-and-privacy and
 * #the-48-hour-promise) as a table: each command's name, its flags and values (read by
 * node:util's parseArgs), its usage line and the
 * function that runs it against a store. `runCommand` reads the arguments, opens the store
 * the configuration names and returns the exit code, so every command runs in a test's
 * process; releases/requests-cli.ts is the `npm run requests` entry point around it.
 *
 * A summary goes to stderr, so stdout is only the export, the JSON of show, or the status.
 * `answer` is the same use case as the team's email's answer links (server/requests/answer.ts).
 * Erase and purge also write one line in the server's log format to stderr, with counts and
 * never the address (docs/deployment/personal-data.md).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { AppConfig } from "../config";
import { acknowledgementSender, acknowledgesRequesters, notificationChannels } from "../notifications/channels";
import { exportCsv, exportJson } from "../requests/export";
import { ANSWERS, isAnswer } from "../requests/answer-links";
import { answerRequests } from "../requests/answer";
import { LINK_LIFETIME_MS, mayEdit, newSignInLink } from "../editor/sessions";
import type { RequestStore, StoreLifecycle, TeamCommandsStore } from "../requests/store";
import { formatSearchPushStatus } from "../search/push-status";
import { plural } from "#shared/text.ts";
import { eraseByEmail, purgeNow, showByEmail } from "./privacy";
import { formatChannelHealth, formatStatus } from "./status";
import { countKept } from "../requests/spool";
import { readChannelHealth } from "../notifications/channel-health";

/** What a command writes to: stdout for data, stderr for what the person running it reads. */
export interface CommandOutput {
  stdout(text: string): void;
  stderr(line: string): void;
}

export interface CommandContext {
  store: TeamCommandsStore &
    Pick<StoreLifecycle, "description"> &
    Pick<RequestStore, "searchPushes" | "editorSessions">;
  config: AppConfig;
  values: Record<string, string | undefined>;
  out: CommandOutput;
  now: () => number;
  /**
   * What `status` says first: the live release and the server running it, as lines, from the
   * entry point (releases/status.ts: server/ knows nothing of releases); absent where there are none.
   */
  releases?: (now: number) => Promise<string>;
}

interface Command {
  /** The usage line after `npm run requests -- `; `--silent` before it when stdout is data. */
  usage: string;
  /** stdout is data (an export, JSON): the usage says to run npm with --silent. */
  data?: boolean;
  options?: ParseArgsConfig["options"];
  /** The names of the values it takes in order, without a flag (`answer <id> <answer>`): all of them are required. */
  positionals?: readonly string[];
  /** A flag's value, checked before the store is opened; a message when it is wrong. */
  check?(values: Record<string, string | undefined>): string | null;
  /** The exit code. */
  run(context: CommandContext): Promise<number>;
}

const FORMATS = { json: exportJson, csv: exportCsv } as const;
const HOUR_MS = 60 * 60 * 1000;

const checkEmail = ({ email }: Record<string, string | undefined>) =>
  email?.trim().includes("@") ? null : "--email <address> is required.";

export const COMMANDS = {
  export: {
    usage: "export [--format json|csv]",
    data: true,
    options: { format: { type: "string", default: "json" } },
    check: ({ format }) =>
      format === "json" || format === "csv" ? null : `--format must be json or csv, got "${format ?? ""}".`,
    async run({ store, values, out }) {
      const requests = await store.list();
      out.stdout(FORMATS[values.format as keyof typeof FORMATS](requests));
      out.stderr(`${plural(requests.length, "request")} from the ${store.description}.`);
      return 0;
    },
  },
  retry: {
    usage: "retry",
    async run({ store, config, out, now }) {
      const queued = await store.requeueFailed(now());
      out.stderr(`Queued ${plural(queued, "failed request")} for the relay again (${store.description}).`);
      const reopened = await store.reopenChannels();
      if (reopened > 0) out.stderr(`Reopened ${plural(reopened, "stopped notification channel")}.`);
      if (queued > 0 && !config.site.hubspot) {
        out.stderr("HubSpot is not configured here: a server started with the HubSpot ids will send them.");
      }
      return 0;
    },
  },
  show: {
    usage: "show --email <address>",
    data: true,
    options: { email: { type: "string" } },
    check: checkEmail,
    async run({ store, values, out }) {
      const shown = await showByEmail(store, values.email!.trim());
      out.stdout(`${JSON.stringify(shown, null, 2)}\n`);
      out.stderr(`${plural(shown.length, "request")} from that address (${store.description}).`);
      return 0;
    },
  },
  erase: {
    usage: "erase --email <address>",
    options: { email: { type: "string" } },
    check: checkEmail,
    async run({ store, config, values, out }) {
      const outcome = await eraseByEmail(store, values.email!.trim(), { timeoutMs: config.server.delivery.timeoutMs });
      out.stdout(`${outcome.summary}\n`);
      out.stderr(outcome.logLine);
      return 0;
    },
  },
  purge: {
    usage: "purge",
    async run({ store, config, out, now }) {
      const outcome = await purgeNow(store, config.site.requestRetentionDays, now());
      out.stdout(`${outcome.summary}\n`);
      out.stderr(outcome.logLine);
      return 0;
    },
  },
  admit: {
    usage: "admit --id <id>",
    options: { id: { type: "string" } },
    check: ({ id }) => (id?.trim() ? null : "--id <id> is required (the export lists each request's id)."),
    async run({ store, config, values, out, now }) {
      const id = values.id!.trim();
      const { notifications } = config.server;
      const outcome = await store.admitHeld(
        id,
        now(),
        notificationChannels(notifications),
        acknowledgesRequesters(notifications),
        // The promise's clock starts now (docs/product.md#the-48-hour-promise).
        now() + config.site.replyWithinHours * HOUR_MS,
      );
      if (outcome === "not-found") {
        out.stderr(`No request with id ${id} is stored.`);
        return 1;
      }
      const sender = acknowledgementSender(notifications, config.site.hubspot);
      out.stderr(
        outcome === "not-held"
          ? `Request ${id} is not held: nothing to admit.`
          : `Admitted ${id}: the server relays it and tells the team${sender === "site" ? " (and the requester)" : ""} ` +
              `as if it had just arrived (${store.description})` +
              (sender === "hubspot" ? "; HubSpot's form tells the requester once it is relayed." : "."),
      );
      return 0;
    },
  },
  answer: {
    usage: `answer <id> ${ANSWERS.join("|")}`,
    positionals: ["id", "answer"],
    check: ({ id, answer }) =>
      !id?.trim()
        ? "<id> is required (the team's email and the export give each request's id)."
        : isAnswer(answer)
          ? null
          : `The answer must be ${ANSWERS.join(", ")}, got "${answer ?? ""}".`,
    async run({ store, config, values, out, now }) {
      const id = values.id!.trim();
      const given = values.answer as (typeof ANSWERS)[number];
      const answer = answerRequests({
        store,
        tellsRequesters: acknowledgesRequesters(config.server.notifications),
        now,
      });
      const outcome = await answer(id, given);
      switch (outcome.outcome) {
        case "not-found":
          out.stderr(`No request with id ${id} is stored: it was erased, or never was. Nothing was recorded.`);
          return 1;
        case "held":
          out.stderr(
            `Request ${id} is held as likely automated: send it on first (npm run requests -- admit --id ${id}), ` +
              "then answer it. Nothing was recorded.",
          );
          return 1;
        case "already-answered": {
          const { answer: first, answeredAt } = outcome.request;
          out.stderr(
            `Request ${id} was already answered (${first}) at ${new Date(answeredAt!).toISOString()}: ` +
              "that answer stands. Nothing was recorded.",
          );
          return 1;
        }
        case "recorded":
          out.stderr(
            `Recorded: ${id} answered ${given} (${store.description}). ` +
              (outcome.emailed
                ? "The server emails the requester the site's words for it within seconds."
                : given === "other"
                  ? "Nothing is sent: it was answered another way."
                  : "The site does not email requesters here (ACKNOWLEDGEMENT_SENDER): tell them yourself."),
          );
          return 0;
      }
    },
  },
  "editor-link": {
    usage: "editor-link <email>",
    positionals: ["email"],
    check: ({ email }) => (email?.trim().includes("@") ? null : "<email> is required: an address EDITORS lists."),
    async run({ store, config, values, out, now }) {
      const email = values.email!.trim().toLowerCase();
      if (!config.site.editorOrigin) {
        out.stderr("EDITOR_ORIGIN is unset: there is no editor to sign in to (docs/deployment/editor.md).");
        return 1;
      }
      if (!mayEdit(config.server.editors, email)) {
        out.stderr(`${email} may not edit: EDITORS does not list it, nor its domain. No link was made.`);
        return 1;
      }
      const link = await newSignInLink(store.editorSessions, config.site.editorOrigin, email, now());
      out.stdout(`A sign-in link for ${email}, valid once within ${LINK_LIFETIME_MS / 60_000} minutes:\n${link}`);
      return 0;
    },
  },
  status: {
    usage: "status",
    async run({ store, config, out, now, releases }) {
      if (releases) out.stdout(await releases(now()));
      const promise = { hours: config.site.replyWithinHours, reminders: config.server.answers.reminders };
      out.stdout(formatStatus(await store.status(now()), now(), promise));
      out.stdout(formatChannelHealth(readChannelHealth(config.server.dataDir), now()));
      const kept = countKept(config.server.dataDir);
      if (kept > 0) {
        out.stdout(
          `Requests kept on this server while the store was away (DATA_DIR/spool): ${kept}; the server stores them once the store answers\n`,
        );
      }
      out.stdout(formatSearchPushStatus(await store.searchPushes.searchPushStatus(now()), config.server.search, now()));
      return 0;
    },
  },
} satisfies Record<string, Command>;

export type CommandName = keyof typeof COMMANDS;

/**
 * Older names that still work: `release` was `admit`'s until "release" came to mean a deployed
 * build only (releases/), and the product's docs and people's notes name it.
 */
const ALIASES: Readonly<Record<string, CommandName>> = { release: "admit" };

/** The usage, from the table: one line per command. */
export const USAGE = `Usage:\n${Object.values(COMMANDS as Record<string, Command>)
  .map((command) => `  npm run ${command.data ? "--silent " : ""}requests -- ${command.usage}`)
  .join("\n")}`;

/** The command to run and its flags' values, or the message and exit code 2 for a wrong command line. */
export function parseCommandLine(
  argv: readonly string[],
): { name: CommandName; values: Record<string, string | undefined> } | { error: string } {
  const [given, ...args] = argv;
  if (!given) return { error: "No command given." };
  const name = Object.hasOwn(ALIASES, given) ? ALIASES[given]! : given;
  if (!Object.hasOwn(COMMANDS, name)) return { error: `Unknown command "${name}".` };
  const command: Command = COMMANDS[name as CommandName];
  let values: Record<string, string | undefined>;
  try {
    const names = command.positionals ?? [];
    const parsed = parseArgs({
      args,
      options: command.options ?? {},
      strict: true,
      allowPositionals: names.length > 0,
    });
    if (parsed.positionals.length > names.length) {
      return { error: `Unexpected "${parsed.positionals[names.length]}": ${name} takes ${names.length} values.` };
    }
    values = {
      ...(parsed.values as typeof values),
      ...Object.fromEntries(names.map((value, index) => [value, parsed.positionals[index]])),
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
  const problem = command.check?.(values);
  return problem ? { error: problem } : { name: name as CommandName, values };
}

/**
 * Runs one command line: a wrong one prints what is wrong and the usage (exit 2) before any
 * store is opened; otherwise the command runs on the store `openStore` gives, which is closed after.
 */
export async function runCommand(
  argv: readonly string[],
  {
    config,
    openStore,
    out,
    now = Date.now,
    releases,
  }: {
    config: AppConfig;
    openStore: () => Promise<
      TeamCommandsStore & StoreLifecycle & Pick<RequestStore, "searchPushes" | "editorSessions">
    >;
    out: CommandOutput;
    now?: () => number;
    releases?: (now: number) => Promise<string>;
  },
): Promise<number> {
  const parsed = parseCommandLine(argv);
  if ("error" in parsed) {
    out.stderr(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const store = await openStore();
  try {
    return await COMMANDS[parsed.name].run({ store, config, values: parsed.values, out, now, releases });
  } finally {
    await store.close();
  }
}
