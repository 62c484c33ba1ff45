import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readContent } from "#shared/content/read.ts";
import { ConfirmationNotice } from "./confirmation-notice";

const words = readContent("requestInvitation");
const props = {
  title: words.confirmation.title,
  body: words.modes.candidate.confirmationBody,
  nextSteps: { heading: words.confirmation.nextStepsHeading, steps: words.modes.candidate.sent.nextSteps },
  homeLink: words.confirmation.homeLink,
};

describe("the confirmation once a request is sent", () => {
  it("keeps the specification's words and names the address the reply will go to, with a way to correct it", () => {
    render(
      <ConfirmationNotice
        {...props}
        replyTo={{ address: "dana@example.com", words: words.confirmation, contactEmail: "team@example.org" }}
      />,
    );
    const notice = screen.getByRole("status", { name: words.confirmation.title });
    expect(notice.textContent).toContain(words.modes.candidate.confirmationBody);
    expect(notice.querySelector("[data-reply-to]")!.textContent).toBe(
      words.confirmation.replyTo.replace("{email}", "dana@example.com"),
    );
    expect(screen.getByText("dana@example.com").tagName).toBe("STRONG");
    const correct = screen.getByRole("link", { name: "team@example.org" });
    expect(correct.getAttribute("href")).toBe(
      `mailto:team@example.org?subject=${encodeURIComponent(words.confirmation.correctionSubject)}`,
    );
  });

  it("names no address when the form that sent it did not say one (HubSpot's)", () => {
    const { container } = render(<ConfirmationNotice {...props} />);
    expect(container.querySelector("[data-reply-to]")).toBeNull();
  });
});
