/**
 * The small pages a form posted without JavaScript gets when its request was not
 * stored (invalid, rate limited, too long, or a failure on our side): what went wrong,
 * per field label, and how to get back to what was typed. Self-contained (./plain-page.ts),
 * and nothing in them comes from the request: the labels and messages are the site's own
 * words, escaped all the same.
 */
import type { FastifyReply } from "fastify";
import type { SiteConfig } from "#shared/site-config.ts";
import { readContent } from "#shared/content/read.ts";
import { requestPagePath } from "#shared/routes.ts";
import { escapeHtml, waitText, fill } from "#shared/text.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { ownFormFields } from "#shared/invitation/own-form-fields.ts";
import { CONSENT_TO_PROCESS_FIELD } from "#shared/invitation/consent.ts";
import { MODE_FIELD } from "#shared/invitation/request-schema.ts";
import { paragraph, plainPage } from "./plain-page";

const copy = readContent("requestRefused");
const requestWords = readContent("requestInvitation");

/** The label the site's form shows for a field, or null when the form has no such field. */
export function fieldLabel(mode: InvitationMode, name: string): string | null {
  return ownFormFields(mode, requestWords.ownForm.forms).find((field) => field.name === name)?.label ?? null;
}

interface PageInput {
  status: number;
  title: string;
  heading: string;
  /** Paragraphs and lists, already HTML (built from escaped text only). */
  body: string;
  mode: InvitationMode;
  site: SiteConfig;
  headers?: Record<string, string>;
}

function sendPage(reply: FastifyReply, { status, title, heading, body, mode, site, headers = {} }: PageInput) {
  const html = plainPage({
    title,
    siteName: site.siteName,
    heading,
    body: [
      body,
      paragraph(copy.back),
      `<p><a href="${escapeHtml(requestPagePath(mode))}">${escapeHtml(copy.formLink)}</a></p>`,
      `<p>${escapeHtml(copy.emailLead)} <a href="mailto:${escapeHtml(site.contactEmail)}">${escapeHtml(site.contactEmail)}</a>.</p>`,
    ].join("\n"),
  });
  return reply
    .code(status)
    .headers({ ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
    .send(html);
}

export function sendInvalidPage(
  reply: FastifyReply,
  site: SiteConfig,
  mode: InvitationMode,
  errors: Record<string, string>,
) {
  const items: string[] = [];
  let unknownField = false;
  for (const [name, message] of Object.entries(errors)) {
    // Messages that say what to do without a field's label: the mode, the consent box.
    if (name === MODE_FIELD || name === CONSENT_TO_PROCESS_FIELD) {
      items.push(`<li>${escapeHtml(message)}</li>`);
      continue;
    }
    const label = fieldLabel(mode, name);
    if (label === null) unknownField = true;
    else items.push(`<li><strong>${escapeHtml(label)}</strong>: ${escapeHtml(message)}</li>`);
  }
  if (unknownField) items.push(`<li>${escapeHtml(copy.invalid.unknownField)}</li>`);
  return sendPage(reply, {
    status: 400,
    title: copy.invalid.title,
    heading: copy.invalid.heading,
    body: `${paragraph(copy.invalid.lead)}\n<ul>\n${items.join("\n")}\n</ul>`,
    mode,
    site,
  });
}

export function sendRateLimitedPage(reply: FastifyReply, site: SiteConfig, mode: InvitationMode, retryAfter: number) {
  const wait = waitText(retryAfter, requestWords.waitWords);
  return sendPage(reply, {
    status: 429,
    title: copy.rateLimited.title,
    heading: copy.rateLimited.heading,
    body: paragraph(fill(copy.rateLimited.body, { wait })),
    mode,
    site,
    headers: { "Retry-After": String(retryAfter) },
  });
}

export function sendTooLargePage(reply: FastifyReply, site: SiteConfig, mode: InvitationMode) {
  return sendPage(reply, {
    status: 413,
    title: copy.tooLarge.title,
    heading: copy.tooLarge.heading,
    body: paragraph(copy.tooLarge.body),
    mode,
    site,
  });
}

/** The store could not save the request (503): the same words as any failure on our side, and when to try again. */
export function sendUnavailablePage(reply: FastifyReply, site: SiteConfig, mode: InvitationMode, retryAfter: number) {
  return sendPage(reply, {
    status: 503,
    title: copy.failed.title,
    heading: copy.failed.heading,
    body: paragraph(copy.failed.body),
    mode,
    site,
    headers: { "Retry-After": String(retryAfter) },
  });
}
