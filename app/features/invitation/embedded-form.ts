import type { HubSpotEmbedKind, HubSpotRegion } from "#shared/site-config.ts";
import {
  FORM_READY_POLL_MS,
  FORM_READY_TIMEOUT_MS,
  HUBSPOT_FORM_EVENTS,
  HUBSPOT_FORM_FRAME_CLASS,
  type HubSpotEmbed,
  type HubSpotFormEventDetail,
  type HubSpotFormOptions,
} from "./hubspot";

export interface EmbeddedFormEvents {
  onReady(): void;
  onSubmitted(): void;
  onFailed(error: unknown): void;
}

export interface EmbeddedFormRequest {
  container: HTMLElement;
  /** `legacy`: the v2 script and `hbspt.forms.create`; `current`: a `div.hs-form-frame` and the portal's script. */
  embed: HubSpotEmbedKind;
  region: HubSpotRegion;
  portalId: string;
  formId: string;
  /** HTML HubSpot shows in place of a legacy form once sent (instead of any redirect the form is set to). */
  inlineMessage: string;
  /** Puts the embed script on the page; resolves once it has run. */
  loadEmbed: () => Promise<void>;
}

let creations = 0;

/** The form id of a HubSpot form event: HubSpot's documented helper first, the event's detail otherwise. */
function formIdOf(event: Event): string | undefined {
  try {
    const id = window.HubSpotFormsV4?.getFormFromEvent?.(event)?.getFormId();
    if (typeof id === "string") return id;
  } catch {
    // An event the helper does not know (another embed's, or a page's own): read the detail.
  }
  const detail = (event as CustomEvent<HubSpotFormEventDetail | null>).detail;
  return typeof detail?.formId === "string" ? detail.formId : undefined;
}

/**
 * Creates one embedded form in `container` and reports what happens to it. The
 * returned function stops this creation for good: timers cleared, listeners removed,
 * the container emptied, and every later callback or event of this form ignored, so
 * a form created for an earlier mode, an earlier mount or an earlier attempt can never
 * act on the page. A failure (script error, exception from `create`, no readiness in
 * time) is logged, stops the creation the same way and is reported once.
 *
 * Both embeds report through HubSpot's window events of this form (its form id, from
 * inside this container): the current embed only through them, the legacy one also
 * through its callbacks, since HubSpot renders forms of its current editor with the
 * current renderer even when they are created through `hbspt.forms.create`.
 */
export function startEmbeddedForm(request: EmbeddedFormRequest, events: EmbeddedFormEvents): () => void {
  const { container, embed, region, portalId, formId, inlineMessage, loadEmbed } = request;
  let active = true;
  let ready = false;
  let submitted = false;
  let pollTimer: number | undefined;

  const isThisForm = (event: Event) => {
    // An event dispatched from an element names where the form is; one elsewhere is another form's.
    if (event.target instanceof Element && !container.contains(event.target)) return false;
    return formIdOf(event)?.toLowerCase() === formId.toLowerCase();
  };

  const markReady = () => {
    if (!active || ready) return;
    ready = true;
    window.clearTimeout(readyTimer);
    events.onReady();
  };

  const markSubmitted = () => {
    if (!active || submitted) return;
    submitted = true;
    window.clearTimeout(readyTimer);
    events.onSubmitted();
  };

  const listeners: [string, (event: Event) => void][] = [
    [HUBSPOT_FORM_EVENTS.ready, markReady],
    [HUBSPOT_FORM_EVENTS.submissionSucceeded, markSubmitted],
    [
      HUBSPOT_FORM_EVENTS.submissionFailed,
      // HubSpot keeps the form, with its own error, for the visitor to correct and send again.
      () => console.warn("[request-invitation] HubSpot did not accept a submission; the form stays for another try."),
    ],
  ];
  const onFormEvent = (event: Event) => {
    if (!active || !isThisForm(event)) return;
    listeners.find(([name]) => name === event.type)?.[1](event);
  };

  const stop = () => {
    active = false;
    window.clearTimeout(readyTimer);
    window.clearTimeout(pollTimer);
    for (const [name] of listeners) window.removeEventListener(name, onFormEvent);
    container.replaceChildren();
  };

  const fail = (error: unknown) => {
    if (!active) return;
    stop();
    console.error("[request-invitation] The contact form failed to load:", error);
    events.onFailed(error);
  };

  const readyTimer = window.setTimeout(
    () => fail(new Error(`The contact form was not ready within ${FORM_READY_TIMEOUT_MS} ms`)),
    FORM_READY_TIMEOUT_MS,
  );

  // Listening starts before the script can run: HubSpot announces a form's readiness once.
  for (const [name] of listeners) window.addEventListener(name, onFormEvent);

  if (embed === "current") {
    // HubSpot's embed code: the portal's script renders this element's form.
    const frame = document.createElement("div");
    frame.className = HUBSPOT_FORM_FRAME_CLASS;
    frame.dataset.region = region;
    frame.dataset.portalId = portalId;
    frame.dataset.formId = formId;
    container.replaceChildren(frame);
    loadEmbed().catch(fail);
    return stop;
  }

  const create = (forms: HubSpotEmbed["forms"]) => {
    // A fresh target per creation with an id of its own: HubSpot's documented `target`
    // is a selector, and a late render of an old creation cannot find this one.
    const target = document.createElement("div");
    target.id = `invitation-form-${++creations}`;
    container.replaceChildren(target);
    const options: HubSpotFormOptions = {
      region,
      portalId,
      formId,
      target: `#${target.id}`,
      inlineMessage,
      onFormReady: markReady,
      onFormSubmitted: markSubmitted,
    };
    try {
      forms.create(options);
    } catch (error) {
      fail(error);
    }
  };

  // The embed script may define `hbspt.forms.create` a little after it runs.
  const waitForCreate = () => {
    if (!active) return;
    const forms = window.hbspt?.forms;
    if (typeof forms?.create === "function") create(forms as HubSpotEmbed["forms"]);
    else pollTimer = window.setTimeout(waitForCreate, FORM_READY_POLL_MS);
  };

  loadEmbed().then(waitForCreate, fail);
  return stop;
}
