import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import type { PreviewTemplateComponentProps } from "decap-cms-core";
import { describe, expect, it } from "vitest";
import { readContent } from "#shared/content/read.ts";
import { decapConfig } from "./editor-config";
import { toFormShape } from "./form-shape";
import { registerPreviews } from "./previews";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { site } from "#app/config/site.ts";
import { PROOF_PEOPLE, PROOF_QUOTES, withProof } from "../../tests/support/proof-fixtures";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Preview = ComponentType<PreviewTemplateComponentProps>;

/** The previews as Decap is given them, by the name of their file or collection. */
function registered(): Map<string, Preview> {
  const previews = new Map<string, Preview>();
  const cms = { registerPreviewTemplate: (name: string, preview: Preview) => previews.set(name, preview) };
  registerPreviews(cms as never, {
    siteWords: readContent("site"),
    services: readContent("howWeHelp"),
    openRolesWords: readContent("openRoles"),
  });
  return previews;
}

/** What Decap hands a preview: the entry being edited, its data as the form holds it. */
const propsOf = (data: unknown) =>
  ({
    entry: { getIn: (path: string[]) => (path[0] === "data" ? { toJS: () => data } : undefined) },
    widgetFor: () => null,
  }) as unknown as PreviewTemplateComponentProps;

describe("the editor's previews", () => {
  it("draw every file of a group the editor previews, and the roles", () => {
    const config = decapConfig({ backend: "local", url: "http://127.0.0.1:8081/api/v1" }, "http://x");
    const previewed = config.collections
      .filter((collection) => collection.editor?.preview)
      .flatMap((collection) => ("files" in collection ? collection.files.map((file) => file.name) : [collection.name]));
    expect([...registered().keys()].sort()).toEqual(previewed.sort());
  });

  it("draw the list of open roles with the words being edited, as it shows while no role is open", () => {
    const Preview = registered().get("openRoles")!;
    const words = readContent("openRoles");
    render(
      <Preview {...propsOf(toFormShape({ ...words, list: { ...words.list, empty: "Nothing open this week." } }))} />,
    );
    // With no role open, the heading says so, not that roles are open now.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain(words.hero.emptyHeading);
    expect(screen.getByRole("heading", { level: 1 }).textContent).not.toContain(words.meta.heading);
    expect(screen.getByText("Nothing open this week.")).toBeTruthy();
    // The list's "not the right role?" line is for a list with roles in it; an empty one offers its own way on.
    expect(screen.getByText(words.list.emptyAction)).toBeTruthy();
    expect(screen.queryByText(words.list.noFit)).toBeNull();
  });

  it("show the employer's version of every email whose words differ for an employer, beside the TA leader's", () => {
    const Preview = registered().get("emails")!;
    const words = withSiteFacts(readContent("emails"), site);
    render(<Preview {...propsOf(words)} />);
    const subjects = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    for (const mode of ["candidate", "employer"] as const) {
      expect(subjects).toContain(words.requester.subject[mode]);
      expect(subjects).toContain(words.requester.invited.subject[mode]);
      expect(subjects).toContain(words.requester.declined.subject[mode]);
      expect(screen.getByText(words.requester.received[mode])).toBeTruthy();
      expect(screen.getByText(words.requester.invited.nextSteps[mode])).toBeTruthy();
      expect(screen.getAllByText(words.team.answers.links.invite[mode]).length).toBeGreaterThan(0);
      expect(screen.getAllByText(words.team.answerPages.buttons.invite[mode]).length).toBeGreaterThan(0);
    }
    expect(screen.getByText(new RegExp(escapeRegExp(words.team.newRequest.intro.employer)))).toBeTruthy();
  });
});

describe("the editor's preview of Who We Are and of the questions", () => {
  it("draws the people and the quotes once the team adds them, and neither while they are empty", () => {
    const Preview = registered().get("whoWeAre")!;
    const words = readContent("whoWeAre");
    const { unmount } = render(<Preview {...propsOf(toFormShape(words))} />);
    expect(screen.queryByText(words.people.intro.title)).toBeNull();
    expect(screen.queryByText(words.quotes.intro.title)).toBeNull();
    unmount();
    render(<Preview {...propsOf(toFormShape(withProof(words)))} />);
    expect(screen.getByText(words.people.intro.title)).toBeTruthy();
    expect(screen.getByText(PROOF_PEOPLE[0]!.title)).toBeTruthy();
    expect(screen.getByText(words.quotes.intro.title)).toBeTruthy();
    expect(screen.getByText(PROOF_QUOTES[0]!.name)).toBeTruthy();
  });

  it("draws the questions page with the answers being edited, its steps numbered in order", () => {
    const Preview = registered().get("questions")!;
    const words = withSiteFacts(readContent("questions"), site);
    render(<Preview {...propsOf(toFormShape(words))} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(words.meta.heading);
    const steps = screen.getByRole("heading", { name: words.process.title }).parentElement!.querySelectorAll("ol > li");
    expect([...steps].map((step) => step.querySelector("p")!.textContent)).toEqual(
      words.process.steps.map((step) => step.title),
    );
    for (const item of words.answers.items) expect(screen.getByRole("heading", { name: item.question })).toBeTruthy();
  });
});
