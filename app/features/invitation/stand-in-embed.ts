/**
 * The local stand-in for HubSpot's embed script (DECISIONS §1), used when the HubSpot
 * ids are unset. It installs `window.hbspt.forms.create` with HubSpot's options and
 * callbacks and renders a real, labelled form with native validation, so the page's
 * loader, confirmation and celebration run exactly as with HubSpot, offline and in
 * tests. Submissions go nowhere: there is no form backend without HubSpot.
 * It is loaded as its own chunk, and only when HubSpot is not configured.
 */
import { requestInvitationContent, type StandInField } from "~/content/request-invitation";
import { STAND_IN_FORM_IDS, type HubSpotEmbed, type HubSpotFormOptions } from "./hubspot";
import { INVITATION_MODES } from "./mode";

const copy = requestInvitationContent.standInForm;

const classes = {
  form: "grid gap-x-4 gap-y-5 sm:grid-cols-2",
  note: "text-sm text-muted sm:col-span-2",
  field: "grid gap-1.5",
  label: "text-sm font-medium text-ink",
  input:
    "block w-full rounded-button border border-line bg-white px-3.5 py-2.5 text-base text-ink shadow-[inset_0_1px_2px_rgb(15_23_42/0.04)] transition-colors placeholder:text-muted/70 hover:border-navy-100 focus-visible:border-navy-600 user-invalid:border-red-700",
  submit:
    "mt-1 inline-flex w-full items-center justify-center rounded-button bg-navy-900 px-5 py-3.5 font-semibold text-white shadow-card transition-colors hover:bg-navy-700 disabled:cursor-progress disabled:opacity-80 sm:col-span-2",
};

function resolveTarget(target: HubSpotFormOptions["target"]): HTMLElement {
  const element = typeof target === "string" ? document.querySelector<HTMLElement>(target) : target;
  if (!element) throw new Error(`Stand-in form: no element matches the target ${String(target)}`);
  return element;
}

function renderField(form: HTMLFormElement, formId: string, field: StandInField) {
  const wrapper = document.createElement("div");
  wrapper.className = field.half ? classes.field : `${classes.field} sm:col-span-2`;
  const input = document.createElement("input");
  input.id = `${formId}-${field.name}-${form.dataset.instance}`;
  input.name = field.name;
  input.type = field.type;
  input.required = true;
  input.autocomplete = field.autoComplete as AutoFill;
  input.className = classes.input;
  if (field.placeholder) input.placeholder = field.placeholder;
  const label = document.createElement("label");
  label.htmlFor = input.id;
  label.className = classes.label;
  label.textContent = field.label;
  wrapper.append(label, input);
  form.append(wrapper);
}

let instances = 0;

function createForm(options: HubSpotFormOptions): void {
  const mode = INVITATION_MODES.find((candidate) => STAND_IN_FORM_IDS[candidate] === options.formId);
  if (!mode) throw new Error(`Stand-in form: unknown form id ${options.formId}`);
  const target = resolveTarget(options.target);
  const content = copy.forms[mode];

  const form = document.createElement("form");
  form.dataset.instance = String(++instances);
  form.className = classes.form;
  form.setAttribute("aria-label", content.name);
  const note = document.createElement("p");
  note.className = classes.note;
  note.textContent = copy.requiredNote;
  form.append(note);
  for (const field of content.fields) renderField(form, options.formId, field);
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.className = classes.submit;
  submit.textContent = content.submit;
  form.append(submit);

  // Only a valid form gets here: the browser's own validation runs first.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    options.onFormSubmit?.(form);
    const submissionValues = Object.fromEntries(
      Array.from(new FormData(form), ([name, value]) => [name, String(value)] as const),
    );
    submit.disabled = true;
    submit.textContent = copy.sending;
    // HubSpot reports the submission once its request returns; the stand-in has none to wait for.
    queueMicrotask(() => options.onFormSubmitted?.(form, { submissionValues }));
  });

  target.append(form);
  // HubSpot reports readiness after rendering, never from inside `create`.
  queueMicrotask(() => options.onFormReady?.(form));
}

/** Provides `window.hbspt.forms.create` unless an embed (HubSpot's or this one) already does. */
export function installStandInEmbed(): void {
  if (typeof window.hbspt?.forms?.create === "function") return;
  const embed: HubSpotEmbed = { forms: { create: createForm } };
  window.hbspt = embed;
}
