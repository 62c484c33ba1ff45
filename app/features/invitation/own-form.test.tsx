import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { ownFormFields } from "#shared/invitation/own-form-fields.ts";
import { clearDraft } from "./form-draft";
import { OwnForm } from "./own-form";
import {
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  INVITATION_API_PATH,
  MODE_FIELD,
} from "#shared/invitation/request-schema.ts";
import { RETRY_DELAYS_MS } from "./send-request";
import { CANDIDATE_FIELDS } from "../../../tests/support/request-fixture";
import { ROUTES } from "#shared/routes.ts";
import { testRequestWords as requestInvitationContent, WithRequestWords } from "./with-request-words";

const copy = requestInvitationContent.ownForm;
const fieldsOf = (mode: InvitationMode) => ownFormFields(mode, copy.forms);
const label = (mode: InvitationMode, name: string) => fieldsOf(mode).find((field) => field.name === name)!.label;

const leader = CANDIDATE_FIELDS;

function renderForm(mode: InvitationMode = "candidate") {
  const onSent = vi.fn();
  const view = render(<OwnForm mode={mode} contactEmail="team@example.com" onSent={onSent} />, {
    wrapper: WithRequestWords,
  });
  return { ...view, onSent, form: screen.getByRole("form", { name: copy.forms[mode].name }) };
}

async function fillLeader(user: ReturnType<typeof userEvent.setup>) {
  for (const [name, value] of Object.entries(leader))
    await user.type(screen.getByLabelText(label("candidate", name)), value);
}

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status, headers }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearDraft();
});

/** The idempotency key of each send so far. */
const sentKeys = (fetchMock: ReturnType<typeof answer>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init!.body))[IDEMPOTENCY_KEY_FIELD] as string);

describe("OwnForm", () => {
  it("is a real form that posts to the API without JavaScript: method, action, mode, honeypot", () => {
    const { form } = renderForm("employer");
    expect(form.getAttribute("method")).toBe("post");
    // The employer's action names its mode, so a refusal page answered before the body is read leads back here.
    expect(form.getAttribute("action")).toBe(`${INVITATION_API_PATH}?type=employer`);
    expect(renderForm("candidate").form.getAttribute("action")).toBe(INVITATION_API_PATH);
    expect(form.querySelector<HTMLInputElement>(`input[type=hidden][name=${MODE_FIELD}]`)?.value).toBe("employer");
    const honeypot = form.querySelector<HTMLInputElement>(`input[name=${HONEYPOT_FIELD}]`)!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest("[aria-hidden=true]")).not.toBeNull();
    // The page's inline script fills it at first paint: the HTML never carries a key.
    expect(form.querySelector<HTMLInputElement>(`input[type=hidden][name=${IDEMPOTENCY_KEY_FIELD}]`)?.value).toBe("");
  });

  it.each(["candidate", "employer"] as const)(
    "says beside the %s submit button what happens to the data and what sending agrees to: the Terms and the privacy policy",
    (mode) => {
      renderForm(mode);
      const submit = screen.getByRole("button", { name: copy.forms[mode].submit });
      const notice = submit.nextElementSibling as HTMLElement;
      expect(notice.textContent).toContain(copy.privacyNotice.stored);
      expect(notice.textContent).toContain("365 days");
      expect(within(notice).getByRole("link", { name: "team@example.com" }).getAttribute("href")).toBe(
        "mailto:team@example.com",
      );
      const policy = within(notice).getByRole("link", { name: new RegExp(`^${copy.privacyNotice.policyLink}`) });
      expect(policy.getAttribute("href")).toBe("https://example.com/privacy");
      expect(policy.getAttribute("target")).toBe("_blank");
      // The Terms say that requesting an invitation or submitting a talent brief means agreeing to them.
      expect(notice.textContent).toContain(copy.privacyNotice.agreement.split("{terms}")[0]);
      const terms = within(notice).getByRole("link", { name: new RegExp(`^${copy.privacyNotice.termsLink}`) });
      expect(terms.getAttribute("href")).toBe(ROUTES.terms.path);
    },
  );

  it("labels every field of the mode and marks the optional ones", () => {
    renderForm("candidate");
    for (const field of fieldsOf("candidate"))
      expect(screen.getByLabelText(field.label, { exact: false })).toBeTruthy();
    expect((screen.getByLabelText(label("candidate", "email")) as HTMLInputElement).type).toBe("email");
    expect((screen.getByLabelText(label("candidate", "firstname")) as HTMLInputElement).required).toBe(true);
    const linkedin = screen.getByLabelText(label("candidate", "linkedin_url"), { exact: false }) as HTMLInputElement;
    expect(linkedin.required).toBe(false);
    expect(linkedin.closest("div")!.textContent).toContain(copy.optional);
  });

  it("sends the typed fields with the mode, the honeypot and the fill time, reports success only on 201, and forgets them", async () => {
    const fetchMock = answer(201, { id: "r-1" });
    const user = userEvent.setup();
    const { onSent, ...view } = renderForm("candidate");
    await fillLeader(user);
    await user.click(screen.getByRole("button", { name: copy.forms.candidate.submit }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({
      mode: "candidate",
      fields: { ...leader, linkedin_url: "", message: "" },
      website: "",
    });
    expect(body.fill_ms).toBeGreaterThan(0);
    view.unmount();
    renderForm("candidate");
    expect((screen.getByLabelText(label("candidate", "email")) as HTMLInputElement).value).toBe("");
  });

  it.each(["candidate", "employer"] as const)(
    "%s: an empty send shows the site's own message at every required field, not the browser's, and sends nothing",
    async (mode) => {
      const fetchMock = vi.spyOn(globalThis, "fetch");
      const user = userEvent.setup();
      const { form, onSent } = renderForm(mode);
      // Hydrated, the form leaves checking to the site (before, the browser's own checks stand).
      await vi.waitFor(() => expect((form as HTMLFormElement).noValidate).toBe(true));
      await user.click(screen.getByRole("button", { name: copy.forms[mode].submit }));

      expect(screen.getByRole("alert").textContent).toContain(copy.problems.invalid);
      const fields = fieldsOf(mode);
      for (const field of fields) {
        const control = screen.getByLabelText(field.label, { exact: false });
        if (!field.required) {
          expect(control.getAttribute("aria-invalid")).toBeNull();
          continue;
        }
        expect(control.getAttribute("aria-invalid")).toBe("true");
        const described = control.getAttribute("aria-describedby")!.split(" ");
        expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
          requestInvitationContent.validation.required,
        );
      }
      expect(document.activeElement).toBe(screen.getByLabelText(fields[0]!.label));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(onSent).not.toHaveBeenCalled();
    },
  );

  it.each([
    ["ada@", "example.com", "email"],
    // No reply could reach a domain without a dot: the words ask for the domain's end.
    ["dana@gmail", ".com", "emailDomain"],
  ] as const)(
    "checks an address as the server does (%s), and clears a field's message once what is typed there is fine",
    async (typed, completed, code) => {
      const fetchMock = vi.spyOn(globalThis, "fetch");
      const user = userEvent.setup();
      const { form } = renderForm("candidate");
      await vi.waitFor(() => expect((form as HTMLFormElement).noValidate).toBe(true));
      await fillLeader(user);
      const email = screen.getByLabelText(label("candidate", "email")) as HTMLInputElement;
      await user.clear(email);
      await user.type(email, typed);
      await user.click(screen.getByRole("button", { name: copy.forms.candidate.submit }));
      expect(email.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe(
        requestInvitationContent.validation[code],
      );
      expect(document.activeElement).toBe(email);
      expect(fetchMock).not.toHaveBeenCalled();

      await user.type(email, completed);
      expect(email.getAttribute("aria-invalid")).toBeNull();
      expect(screen.queryByRole("alert")).toBeNull();
    },
  );

  it("shows the server's messages at the fields they concern, keeps what was typed and focuses the first", async () => {
    answer(400, {
      errors: { email: "Enter an email address such as name@company.com.", company: "Please fill in this field." },
    });
    const user = userEvent.setup();
    const { onSent } = renderForm("candidate");
    await fillLeader(user);
    await user.click(screen.getByRole("button", { name: copy.forms.candidate.submit }));

    const email = (await screen.findByLabelText(label("candidate", "email"))) as HTMLInputElement;
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByRole("alert").textContent).toContain(copy.problems.invalid);
    const describedBy = email.getAttribute("aria-describedby")!.split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      "Enter an email address such as name@company.com.",
    );
    expect(document.activeElement).toBe(email);
    expect(email.value).toBe(leader.email);
    expect(onSent).not.toHaveBeenCalled();
  });

  it.each([
    [
      "offline",
      () => vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch")),
      copy.problems.offline,
    ],
    ["a server error", () => answer(503, { error: "down" }), copy.problems.server],
    [
      "rate limited",
      () => answer(429, { error: "slow down" }, { "Retry-After": "290" }),
      copy.problems.rateLimited.replace("{wait}", "5 minutes"),
    ],
  ])("says what to do when %s, with the email fallback, and keeps every value", async (_case, mock, message) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, "error").mockImplementation(() => {});
    mock();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onSent } = renderForm("candidate");
    await fillLeader(user);
    await user.click(screen.getByRole("button", { name: copy.forms.candidate.submit }));
    // An offline send and a 503 are tried again for a while first.
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((total, ms) => total + ms, 0));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(message);
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(within(alert).getByRole("link", { name: "team@example.com" }).getAttribute("href")).toBe(
      "mailto:team@example.com",
    );
    for (const [name, value] of Object.entries(leader)) {
      expect((screen.getByLabelText(label("candidate", name)) as HTMLInputElement).value).toBe(value);
    }
    expect(screen.getByRole("button", { name: copy.forms.candidate.submit })).toHaveProperty("disabled", false);
    expect(onSent).not.toHaveBeenCalled();
  });

  it("makes the request's idempotency key when Send is first pressed, and sends it again with every try and every Send", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchMock = answer(400, { errors: { company: "Please fill in this field." } });
    const user = userEvent.setup();
    renderForm("candidate");
    await fillLeader(user);
    const submit = screen.getByRole("button", { name: copy.forms.candidate.submit });
    await user.click(submit);
    await screen.findByRole("alert");
    await user.click(submit);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [first, second] = sentKeys(fetchMock);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);

    // Another form on the page (the other mode, or the next visit) makes its own.
    fetchMock.mockClear();
    renderForm("employer");
    for (const [name, value] of Object.entries({ ...leader, role_to_fill: "Head of TA" })) {
      const field = screen.getAllByLabelText(label("employer", name)).at(-1)!;
      await user.clear(field);
      await user.type(field, value);
    }
    await user.click(screen.getByRole("button", { name: copy.forms.employer.submit }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentKeys(fetchMock)[0]).not.toBe(first);
  });

  it("keeps the name, email and company across a mode change, but not the mode's own message", async () => {
    const user = userEvent.setup();
    const view = renderForm("candidate");
    await fillLeader(user);
    await user.type(screen.getByLabelText(label("candidate", "message"), { exact: false }), "A CHRO seat");
    view.unmount();

    renderForm("employer");
    expect((screen.getByLabelText(label("employer", "email")) as HTMLInputElement).value).toBe(leader.email);
    expect((screen.getByLabelText(label("employer", "company")) as HTMLInputElement).value).toBe(leader.company);
    expect((screen.getByLabelText(label("employer", "message"), { exact: false }) as HTMLTextAreaElement).value).toBe(
      "",
    );
  });
});
