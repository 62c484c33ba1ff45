import { afterEach, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_FIELD } from "#shared/invitation/request-schema.ts";
import { SOURCE_NOTE_SCRIPT, SOURCE_STORAGE_KEY } from "#shared/invitation/request-source.ts";
import { ISLAND_FAILED_SCRIPT, PAGE_FILLS_ATTRIBUTE, PAGE_SHOWN_SCRIPT } from "./early-mode-choice";

/** A form as the request page's HTML has it: its key field and its source fields empty. */
function addForm(): HTMLInputElement {
  const form = document.createElement("form");
  form.innerHTML =
    `<input type="hidden" name="${IDEMPOTENCY_KEY_FIELD}" value="" ${PAGE_FILLS_ATTRIBUTE}>` +
    `<input type="hidden" name="utm_source" value="" ${PAGE_FILLS_ATTRIBUTE}>` +
    `<input type="hidden" name="landingPage" value="" ${PAGE_FILLS_ATTRIBUTE}>`;
  form.addEventListener("submit", (event) => event.preventDefault());
  document.body.append(form);
  return form.querySelector("input")!;
}

/** Runs the page's inline script as the browser does, once per page view. */
const viewPage = () => new Function(PAGE_SHOWN_SCRIPT)();
const firstPaint = () => new Promise((painted) => requestAnimationFrame(painted));

afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
});

describe("the request page's inline script", () => {
  it("gives the form a key of its own at first paint, a new one each page view", async () => {
    const field = addForm();
    viewPage();
    await firstPaint();
    expect(field.value).toMatch(/^[0-9a-f]{32}$/);

    document.body.replaceChildren();
    const next = addForm();
    viewPage();
    await firstPaint();
    expect(next.value).toMatch(/^[0-9a-f]{32}$/);
    expect(next.value).not.toBe(field.value);
  });

  it("gives it to a form that appears after the first paint as it is submitted, and keeps a key once given", async () => {
    viewPage();
    await firstPaint();
    const late = addForm();
    expect(late.value).toBe("");
    late.form!.requestSubmit();
    expect(late.value).toMatch(/^[0-9a-f]{32}$/);
    const given = late.value;
    late.form!.requestSubmit();
    expect(late.value).toBe(given);
  });

  it("gives the form where the visit began, as its first page noted it, and later pages keep that note", async () => {
    history.replaceState(null, "", "/mission?utm_source=linkedin&utm_medium=social&other=x");
    new Function(SOURCE_NOTE_SCRIPT)();
    history.replaceState(null, "", "/request-invitation");
    new Function(SOURCE_NOTE_SCRIPT)();
    expect(JSON.parse(sessionStorage.getItem(SOURCE_STORAGE_KEY)!)).toEqual({
      landingPage: "/mission?utm_source=linkedin&utm_medium=social&other=x",
      utm_source: "linkedin",
      utm_medium: "social",
    });
    const form = addForm().form!;
    viewPage();
    await firstPaint();
    const value = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value;
    expect(value("utm_source")).toBe("linkedin");
    expect(value("landingPage")).toBe("/mission?utm_source=linkedin&utm_medium=social&other=x");
  });
});

describe("when the island cannot load", () => {
  afterEach(() => document.documentElement.classList.remove("js"));

  it("the page goes back to what it shows without JavaScript (the own form, not a loader)", () => {
    document.documentElement.classList.add("js");
    new Function(ISLAND_FAILED_SCRIPT)();
    const island = document.body.appendChild(document.createElement("astro-island"));
    island.dispatchEvent(new CustomEvent("astro:hydration-error", { bubbles: true, cancelable: true }));
    expect(document.documentElement.classList.contains("js")).toBe(false);
  });
});
