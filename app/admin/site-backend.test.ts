import { afterEach, describe, expect, it, vi } from "vitest";
import { EDITOR_NOT_RUNNING, signedIn } from "./site-backend";

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe("the editor's page as it opens", () => {
  afterEach(() => document.body.replaceChildren());

  it("opens the editor with a session", async () => {
    answer(200, { signedIn: true });
    expect(await signedIn()).toBe(true);
  });

  it("goes to the sign-in without one", async () => {
    answer(200, { signedIn: false });
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => {});
    expect(await signedIn()).toBe(false);
    expect(replace).toHaveBeenCalledWith("/api/editor/sign-in");
  });

  it("says the editor is not running where no editor answers, instead of opening one that cannot load a page", async () => {
    answer(404, { message: "Not Found" });
    expect(await signedIn()).toBe(false);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(EDITOR_NOT_RUNNING);
  });
});
