import {
  FORM_READY_POLL_MS,
  FORM_READY_TIMEOUT_MS,
  HUBSPOT_REGION,
  type HubSpotEmbed,
  type HubSpotFormOptions,
} from "./hubspot";

export interface EmbeddedFormEvents {
  onReady(): void;
  onSubmitted(): void;
  onFailed(error: unknown): void;
}

export interface EmbeddedFormRequest {
  container: HTMLElement;
  portalId: string;
  formId: string;
  /** Puts the embed script on the page; resolves once it has run. */
  loadEmbed: () => Promise<void>;
}

let creations = 0;

/**
 * Creates one embedded form in `container` and reports what happens to it. The
 * returned function stops this creation for good: timers cleared, the container
 * emptied, and every later callback of this form ignored, so a form created for an
 * earlier mode, an earlier mount or an earlier attempt can never act on the page.
 * A failure (script error, exception from `create`, no readiness in time) is logged,
 * stops the creation the same way and is reported once.
 */
export function startEmbeddedForm(request: EmbeddedFormRequest, events: EmbeddedFormEvents): () => void {
  const { container, portalId, formId, loadEmbed } = request;
  let active = true;
  let pollTimer: number | undefined;

  const stop = () => {
    active = false;
    window.clearTimeout(readyTimer);
    window.clearTimeout(pollTimer);
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

  const create = (forms: HubSpotEmbed["forms"]) => {
    // A fresh target per creation with an id of its own: HubSpot's documented `target`
    // is a selector, and a late render of an old creation cannot find this one.
    const target = document.createElement("div");
    target.id = `invitation-form-${++creations}`;
    container.replaceChildren(target);
    const options: HubSpotFormOptions = {
      region: HUBSPOT_REGION,
      portalId,
      formId,
      target: `#${target.id}`,
      onFormReady: () => {
        if (!active) return;
        window.clearTimeout(readyTimer);
        events.onReady();
      },
      onFormSubmitted: () => {
        if (active) events.onSubmitted();
      },
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
