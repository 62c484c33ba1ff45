import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { ExternalLink } from "#app/components/ui/external-link.tsx";
import { site } from "#app/config/site.ts";
import { fill, waitText } from "#shared/text.ts";
import { msSincePageShown } from "./early-mode-choice";
import { FORM_HELD_ATTRIBUTE, FORM_LIVE_ATTRIBUTE, PAGE_FILLS_ATTRIBUTE } from "./page-markers";
import { clearDraft, draftValue, rememberDraftValue } from "./form-draft";
import { loadAfterSend } from "./load-after-send";
import { useRequestWords, type RequestPageWords } from "./request-words";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { ownFormFields, type OwnFormField } from "#shared/invitation/own-form-fields.ts";
import { privacyNotice } from "#shared/invitation/privacy-notice.ts";
import {
  COMMUNICATIONS_CONSENT_FIELD,
  CONSENT_TO_PROCESS_FIELD,
  consentBoxes,
  type ConsentBox,
} from "#shared/invitation/consent.ts";
import { noteOfThisVisit, SOURCE_KEYS } from "#shared/invitation/request-source.ts";
import {
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  invitationActionFor,
  MODE_FIELD,
} from "#shared/invitation/request-schema.ts";
import { ROLE_PARAM } from "#shared/roles/page.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { SendOutcome } from "./send-request";

type Problem = Exclude<SendOutcome, { kind: "sent" }>;
type OwnFormWords = RequestPageWords["ownForm"];
/** Each refused field's message, keyed by its name. */
type FieldErrors = Record<string, string>;

const classes = {
  form: "grid gap-x-4 gap-y-5 sm:grid-cols-2",
  note: "text-sm text-muted sm:col-span-2",
  field: "grid content-start gap-1.5",
  label: "text-sm font-medium text-ink",
  optional: "font-normal text-muted",
  // scroll-mt: a field focused (a Tab, the first invalid one) scrolls clear of the fixed header with its label.
  control:
    "block w-full scroll-mt-14 rounded-button border border-line bg-white px-3.5 py-2.5 text-base text-ink shadow-[inset_0_1px_2px_rgb(15_23_42/0.04)] transition-colors placeholder:text-muted/70 hover:border-navy-100 focus-visible:border-navy-600 aria-invalid:border-red-700 user-invalid:border-red-700",
  hint: "text-sm text-muted",
  error: "text-sm font-medium text-red-700",
  problem: "rounded-button border border-red-700/30 bg-red-50 px-4 py-3 text-sm text-red-800 sm:col-span-2",
  // Off-screen rather than display:none, which simple bots recognise and skip.
  honeypot: "absolute -left-[10000px] size-px overflow-hidden",
  submit: buttonClass("primary", "lg", "mt-1 w-full disabled:cursor-progress disabled:opacity-80 sm:col-span-2"),
  notice: "text-xs leading-relaxed text-muted sm:col-span-2",
  consent: "grid gap-1 text-sm text-ink sm:col-span-2",
  consentLabel: "flex items-start gap-2.5",
  checkbox: "mt-0.5 size-4 shrink-0 accent-navy-600",
  noticeLink: "font-medium break-words text-ink underline underline-offset-4",
};

interface OwnFormProps {
  mode: InvitationMode;
  contactEmail: string;
  /** Called once the request is stored, with the address the reply will go to. */
  onSent: (sent: SentRequest) => void;
  /** The open role this request is about (its slug), sent with it: a hidden field, so without JavaScript too. */
  role?: string | null;
}

/**
 * The site's own invitation request form (docs/product.md#nothing-lost). It is a real form that posts
 * to the site's API, so it works before and without JavaScript (the server answers
 * with a confirmation page; the browser checks the fields until then, and the page's inline
 * script gives the post its idempotency key). Once hydrated it checks them itself with the
 * schema the server applies, so every field gets the site's own message (marked invalid,
 * described by it, the first one focused, a summary announced) rather than the browser's
 * bubble; it sends with `fetch` and reports success only when the server says the request
 * is stored; a send that got no answer or a 503 is tried again by itself with the key made
 * when Send was first pressed, so it is stored once; any failure keeps what was typed and
 * says what to do.
 */
/** What the page's confirmation says of a request once sent. */
export interface SentRequest {
  email: string;
}

export function OwnForm({ mode, contactEmail, onSent, role = null }: OwnFormProps) {
  const words = useRequestWords();
  const copy = words.ownForm;
  const formCopy = copy.forms[mode];
  const fields = ownFormFields(mode, copy.forms);
  const boxes = consentBoxes(copy.consent, { ...site, contactEmail });
  const idPrefix = useId();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** This form's request: its key, made at the first Send, kept for every send of the same mode until it is stored. */
  const request = useRef<{ mode: InvitationMode; key: string } | null>(null);
  /** Ends the tries of a send when the visitor leaves the form. */
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    // React handles this form's Send from now on; one pressed before was held for it (./hydrate-when-touched.ts), and
    // is sent now. What was typed before, with no island to note it, is kept for a mode change as what is typed after.
    const form = formRef.current;
    if (!form) return () => controller.abort();
    form.setAttribute(FORM_LIVE_ATTRIBUTE, "");
    for (const { name } of fields) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        if (field.value) rememberDraftValue(name, field.value);
      }
    }
    if (form.hasAttribute(FORM_HELD_ATTRIBUTE)) {
      form.removeAttribute(FORM_HELD_ATTRIBUTE);
      form.requestSubmit();
    }
    return () => controller.abort();
    // Once, as the form is mounted: its fields are its mode's, which never changes for this form (keyed by mode).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Bumped by each send that ends in a problem: focus moves then, never while the visitor types.
  const [attempt, setAttempt] = useState(0);

  const fieldErrors: FieldErrors = problem?.kind === "invalid" ? problem.errors : {};

  useEffect(() => {
    if (attempt === 0) return;
    // Send the visitor where the problem is: the first field refused, or the message.
    const firstInvalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (firstInvalid ?? problemRef.current)?.focus();
  }, [attempt]);

  const report = (found: Problem) => {
    setProblem(found);
    setAttempt((count) => count + 1);
  };

  // A field marked invalid is cleared as soon as what is typed in it is fine (a consent box: once checked).
  const clearError = (name: string) => {
    if (problem?.kind !== "invalid" || !problem.errors[name]) return;
    const rest = Object.fromEntries(Object.entries(problem.errors).filter(([fixed]) => fixed !== name));
    setProblem(Object.keys(rest).length > 0 ? { kind: "invalid", errors: rest } : null);
  };
  /** The checks and the send (./after-send.ts), once loaded: a field is marked only after a Send, so they are there. */
  const afterSend = useRef<Awaited<ReturnType<typeof loadAfterSend>> | null>(null);
  const onFieldInput = (name: string, value: string) => {
    rememberDraftValue(name, value);
    const field = fields.find((candidate) => candidate.name === name);
    if (field && afterSend.current && !afterSend.current.fieldProblem(field, value)) clearError(name);
  };
  // A visitor about to send starts loading what sending needs.
  const warmUp = () => void loadAfterSend().catch(() => undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    try {
      afterSend.current ??= await loadAfterSend();
    } catch (error) {
      // The page's code for sending could not be loaded (a blocked or vanished file): the form posts
      // natively instead, as it does without JavaScript, and the server answers with a page.
      console.error("[request-invitation] Sending by script is unavailable; posting the form:", error);
      form.submit();
      return;
    }
    const { newIdempotencyKey, problemTexts, sendInvitationRequest, validateInvitationRequest } = afterSend.current;
    const values = Object.fromEntries(fields.map((field) => [field.name, String(data.get(field.name) ?? "")]));
    const checked = validateInvitationRequest(
      { mode, fields: values, consentToProcess: data.get(CONSENT_TO_PROCESS_FIELD) },
      site.legalBasis?.basis ?? null,
    );
    if (!checked.ok) {
      report({ kind: "invalid", errors: problemTexts(words.validation, checked.errors) });
      return;
    }
    if (request.current?.mode !== mode) request.current = { mode, key: newIdempotencyKey() };
    setSending(true);
    setProblem(null);
    const outcome = await sendInvitationRequest(
      {
        mode,
        fields: values,
        website: String(data.get(HONEYPOT_FIELD) ?? ""),
        // From the page's first paint, whatever remounted this form since (docs/product.md#nothing-lost).
        fillMs: msSincePageShown(),
        idempotencyKey: request.current.key,
        source: noteOfThisVisit(),
        consentToProcess: data.get(CONSENT_TO_PROCESS_FIELD) !== null,
        communicationsConsent: data.get(COMMUNICATIONS_CONSENT_FIELD) !== null,
        role,
      },
      { signal: leaving.current.signal },
    );
    if (leaving.current.signal.aborted) return;
    setSending(false);
    if (outcome.kind === "sent") {
      request.current = null;
      clearDraft();
      onSent({ email: values.email ?? "" });
    } else {
      report(outcome);
    }
  };

  const problemId = `${idPrefix}-problem`;

  return (
    <form
      ref={formRef}
      method="post"
      action={invitationActionFor(mode)}
      aria-label={formCopy.name}
      aria-describedby={problem ? problemId : undefined}
      // Native checks until the island runs (no JavaScript, or not yet hydrated); then the site's own.
      noValidate={hydrated}
      className={classes.form}
      onSubmit={submit}
      onFocus={warmUp}
      onPointerDown={warmUp}
    >
      <input type="hidden" name={MODE_FIELD} value={mode} />
      {role && <input type="hidden" name={ROLE_PARAM} value={role} />}
      {/* The key (one per page view) and where the visit began: empty in the HTML, filled by the page's inline script. */}
      {[IDEMPOTENCY_KEY_FIELD, ...SOURCE_KEYS].map((name) => (
        <input key={name} type="hidden" name={name} defaultValue="" {...{ [PAGE_FILLS_ATTRIBUTE]: "" }} />
      ))}
      <p className={classes.note}>{copy.requiredNote}</p>

      {problem && (
        <div ref={problemRef} id={problemId} role="alert" tabIndex={-1} className={classes.problem}>
          <p>{problemMessage(problem, copy, words.waitWords)}</p>
          {problem.kind !== "invalid" && (
            <p className="mt-1.5">
              {copy.problems.emailLead}{" "}
              <a href={`mailto:${contactEmail}`} className="font-semibold break-words underline underline-offset-4">
                {contactEmail}
              </a>
            </p>
          )}
        </div>
      )}

      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          field={field}
          error={fieldErrors[field.name]}
          defaultValue={draftValue(field.name)}
          optionalLabel={copy.optional}
          onInput={onFieldInput}
        />
      ))}

      <div aria-hidden="true" className={classes.honeypot}>
        <label>
          {copy.honeypotLabel}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      {boxes.map((box) => (
        <ConsentCheckbox
          key={box.name}
          id={`${idPrefix}-${box.name}`}
          box={box}
          error={fieldErrors[box.name]}
          onChange={(checkedNow) => checkedNow && clearError(box.name)}
        />
      ))}

      <button type="submit" disabled={sending} className={classes.submit}>
        {sending ? copy.sending : formCopy.submit}
      </button>
      <PrivacyNotice contactEmail={contactEmail} words={copy.privacyNotice} />
    </form>
  );
}

/** What happens to what the visitor sends (docs/product.md#notifications-and-privacy), read before they send it; plain HTML, no script needed. */
function PrivacyNotice({ contactEmail, words }: { contactEmail: string; words: OwnFormWords["privacyNotice"] }) {
  const { newTabHint } = useRequestWords();
  const notice = privacyNotice(words, { ...site, contactEmail });
  return (
    <p className={classes.notice} data-testid="privacy-notice">
      {notice.sentences.join(" ")} {notice.rightsLead}{" "}
      <a href={`mailto:${notice.contactEmail}`} className={classes.noticeLink}>
        {notice.contactEmail}
      </a>
      .{" "}
      {notice.agreement.map((part) =>
        typeof part === "string" ? (
          part
        ) : (
          // A new tab, the Terms too: what the visitor typed stays in this one.
          <ExternalLink key={part.href} newTabHint={newTabHint} href={part.href} className={classes.noticeLink}>
            {part.label}
          </ExternalLink>
        ),
      )}
    </p>
  );
}

function problemMessage(problem: Problem, copy: OwnFormWords, wait: RequestPageWords["waitWords"]): string {
  switch (problem.kind) {
    case "invalid":
      return copy.problems.invalid;
    case "rate-limited":
      return fill(copy.problems.rateLimited, { wait: waitText(problem.retryAfterSeconds, wait) });
    case "failed":
      return problem.reason === "offline" ? copy.problems.offline : copy.problems.server;
  }
}

/** A box of the notice-and-consent block (HUBSPOT_LEGAL_BASIS=consent): unchecked until the visitor checks it. */
function ConsentCheckbox({
  id,
  box,
  error,
  onChange,
}: {
  id: string;
  box: ConsentBox;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={classes.consent}>
      <label htmlFor={id} className={classes.consentLabel}>
        <input
          id={id}
          type="checkbox"
          name={box.name}
          value="yes"
          required={box.required}
          defaultChecked={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={classes.checkbox}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>{box.label}</span>
      </label>
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function FormField({
  id,
  field,
  error,
  defaultValue,
  optionalLabel,
  onInput,
}: {
  id: string;
  /** The schema's rule (name, kind, required, limit) and the copy's words, together. */
  field: OwnFormField;
  error: string | undefined;
  defaultValue: string | undefined;
  /** Shown after the label of a field that may be left empty. */
  optionalLabel: string;
  onInput: (name: string, value: string) => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name: field.name,
    required: field.required,
    maxLength: field.maxLength,
    autoComplete: field.autoComplete,
    placeholder: field.placeholder,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: classes.control,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onInput(field.name, event.currentTarget.value),
  };
  return (
    <div className={field.half ? classes.field : `${classes.field} sm:col-span-2`}>
      <label htmlFor={id} className={classes.label}>
        {field.label}
        {!field.required && <span className={classes.optional}> ({optionalLabel})</span>}
      </label>
      {field.kind === "textarea" ? (
        <textarea {...shared} rows={4} />
      ) : (
        <input
          {...shared}
          type={field.kind === "email" ? "email" : "text"}
          // Not type="url": people paste "linkedin.com/in/name", which the server accepts.
          inputMode={field.kind === "url" ? "url" : undefined}
          // A type="email" field is never capitalised (and may not carry the attribute).
          autoCapitalize={field.kind === "url" ? "off" : undefined}
          spellCheck={field.kind === "text" ? undefined : false}
        />
      )}
      {field.hint && (
        <p id={hintId} className={classes.hint}>
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}
