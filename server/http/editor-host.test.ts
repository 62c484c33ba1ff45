// @vitest-environment node
// Which host answers what, on the running servers: tests/server/editor-origin.test.ts; where
// a configuration places the editor, and its host written with a port or in capitals:
// ./site-server.test.ts.
import { describe, expect, it } from "vitest";
import { EditorHost } from "./editor-host";

const on = (host: string) => ({ headers: { host } });
const EDITOR = on("edit.network.example");
const SITE = on("network.example");
const SIGN_IN = "/api/editor/sign-in";
const HEALTH = "/api/health";
const FILES = new Set(["/index.html", "/admin/index.html", "/admin/editor.js", "/mission/index.html"]);

describe("EditorHost", () => {
  it("on its own host, answers the API's sign-in only; on the site's, all of the API but the sign-in", () => {
    const editor = new EditorHost({ host: "edit.network.example" });
    expect([editor.answersApiPath(EDITOR, SIGN_IN), editor.answersApiPath(EDITOR, HEALTH)]).toEqual([true, false]);
    expect([editor.answersApiPath(SITE, SIGN_IN), editor.answersApiPath(SITE, HEALTH)]).toEqual([false, true]);
  });

  it("beside the pages (a loopback SITE_URL), answers the sign-in on every host; nowhere, on none", () => {
    const beside = new EditorHost("every-host");
    expect([beside.answersApiPath(SITE, SIGN_IN), beside.answersApiPath(SITE, HEALTH)]).toEqual([true, true]);
    expect(beside.isFor(SITE)).toBe(false);
    const nowhere = new EditorHost(null);
    expect([nowhere.answersApiPath(SITE, SIGN_IN), nowhere.answersApiPath(SITE, HEALTH)]).toEqual([false, true]);
  });

  it("gives its host the editor's files alone, and the site's hosts the rest, the editor's too only beside the pages", () => {
    const site = ["/index.html", "/mission/index.html"];
    const editorFiles = ["/admin/index.html", "/admin/editor.js"];
    const split = (editor: EditorHost) => {
      const { editor: own, site: others } = editor.split(FILES);
      return { own: [...own], others: [...others] };
    };
    expect(split(new EditorHost({ host: "edit.network.example" }))).toEqual({ own: editorFiles, others: site });
    expect(split(new EditorHost("every-host"))).toEqual({ own: [], others: [...FILES] });
    expect(split(new EditorHost(null))).toEqual({ own: [], others: site });
  });
});
