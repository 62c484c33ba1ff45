/**
 * The editor on EDITOR_ORIGIN, put together for the API (server/api/routes.ts): the sign-in by
 * email (./sign-in.ts), Decap's proxy API (./api.ts), the history with undo (./history.ts), and the
 * publisher (./publisher.ts) on the server's checkout: the supervisor names it (CHECKOUT_DIR,
 * releases/supervisor.ts); a server started in a checkout (`npm run serve`, the tests) uses its own folder.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AppConfig } from "../config";
import type { Endpoint } from "../api/routes";
import { createEmailSender } from "../notifications/email";
import type { EditorSessionStore } from "./session-store";

/** The record a release folder holds (releases/on-disk.ts, RELEASE_FILE; server/ does not import releases/). */
const RELEASE_FILE = "release.json";
import { editorApiRoutes } from "./api";
import { ContentRepo } from "./content-repo";
import { historyRoutes } from "./history";
import { npmUpdate, Publisher, type GoLive } from "./publisher";
import { sessionReader, signInRoutes } from "./sign-in";

export interface RunningEditor {
  endpoints: Endpoint[];
  publisher: Publisher | null;
  close(): void;
}

/** What the server says about the editor as it starts: where it is, who may sign in and how, or what is missing. */
export interface EditorStartupLine {
  warning: boolean;
  line: string;
}

/** The checkout the editor publishes from. */
export const checkoutDir = () => process.env.CHECKOUT_DIR ?? process.cwd();

export function editorStartupLines(
  { site, server }: Pick<AppConfig, "site" | "server">,
  builtWithEditor: boolean,
  publishing: string | null,
): EditorStartupLine[] {
  const warn = (line: string) => ({ warning: true, line: `[editor] ${line}` });
  const say = (line: string) => ({ warning: false, line: `[editor] ${line}` });
  if (!site.editorOrigin) {
    return server.editors ? [warn("EDITORS is set, but EDITOR_ORIGIN is not: no editor is served")] : [];
  }
  const at = `${site.editorOrigin}/admin`;
  const lines: EditorStartupLine[] = [];
  if (!builtWithEditor)
    lines.push(warn(`EDITOR_ORIGIN is set, but this build has no editor: build it again for ${at}`));
  if (!site.requestApi) lines.push(warn(`INVITATION_API is off, so no API runs here: ${at} cannot sign anyone in`));
  else if (!server.editors)
    lines.push(warn(`EDITORS is unset: no one can sign in to ${at} (docs/deployment/editor.md)`));
  else if (publishing) lines.push(warn(`${at} cannot publish: ${publishing}`));
  else {
    const who = [...server.editors.addresses, ...server.editors.domains.map((domain) => `anyone @${domain}`)].join(
      ", ",
    );
    const how = server.notifications.email
      ? "with a link sent by email"
      : "with a link printed by `npm run requests -- editor-link <email>` (no SMTP_URL, so none is emailed)";
    lines.push(say(`the editor at ${at}: ${who} sign in ${how}; each save publishes to the site`));
  }
  return lines;
}

export async function startEditor(
  config: AppConfig,
  store: EditorSessionStore,
  {
    goLive,
    now = Date.now,
    servedRoot,
  }: {
    goLive?: GoLive;
    now?: () => number;
    /** The build served (BUILD_DIR/client): its release's commit is the live one. */ servedRoot?: string;
  } = {},
): Promise<{ editor: RunningEditor | null; problem: string | null }> {
  const origin = config.site.editorOrigin;
  if (!origin || !config.server.editors) return { editor: null, problem: null };
  let repo: ContentRepo;
  const checkout = checkoutDir();
  try {
    repo = await ContentRepo.open(checkout);
  } catch (error) {
    return {
      editor: null,
      problem: `${checkout} is not a git checkout of a branch that tracks a remote (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const email = config.server.notifications.email;
  const sender = email ? createEmailSender(email, config.server.delivery.timeoutMs) : null;
  const siteName = config.site.siteName;
  const sendLink = sender
    ? (to: string, link: string) =>
        sender.send(
          {
            to,
            subject: `Sign in to edit the ${siteName}`,
            text: `Sign in to edit the ${siteName}'s words:\n\n${link}\n\nThe link works once, within 15 minutes. If you did not ask for it, ignore this email.\n`,
            html: `<p>Sign in to edit the ${siteName}'s words:</p><p><a href="${link}">Sign in</a></p><p>The link works once, within 15 minutes. If you did not ask for it, ignore this email.</p>`,
            automatic: true,
          },
          AbortSignal.timeout(config.server.delivery.timeoutMs),
        )
    : null;
  // A release's folder holds release.json beside its build (releases/on-disk.ts): <release>/build/client is served.
  const liveCommit = () => {
    if (!servedRoot) return null;
    try {
      const release = JSON.parse(readFileSync(join(resolve(servedRoot), "..", "..", RELEASE_FILE), "utf8")) as {
        commit?: unknown;
      };
      return typeof release.commit === "string" ? release.commit : null;
    } catch {
      return null;
    }
  };
  const publisher = new Publisher(
    repo,
    goLive ?? npmUpdate(checkout, join(config.server.dataDir, "editor-update.log")),
    {
      now,
      liveCommit,
    },
  );
  void publisher.resume().catch(() => {});
  const sessionOf = sessionReader(store, origin, now);
  const endpoints: Endpoint[] = [
    signInRoutes({
      origin,
      editors: config.server.editors,
      store,
      sendLink,
      siteName,
      rateLimit: config.server.rateLimit,
      now,
    }),
    editorApiRoutes({ repo, publisher, sessionOf }),
    historyRoutes({ repo, publisher, sessionOf, siteName, origin }),
  ];
  return {
    editor: {
      endpoints,
      publisher,
      close() {
        publisher.close();
        sender?.close();
      },
    },
    problem: null,
  };
}
