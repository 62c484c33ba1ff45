/**
 * The small pages a form posted without JavaScript gets when its request was not
 * stored (invalid, rate limited, too long, or a failure on our side): what went wrong,
 * per field label, and how to get back to what was typed. Self-contained (no script,
 * no external file), and nothing in them comes from the request: the labels and
 * messages are the site's own words, escaped all the same.
 */
import type { FastifyReply } from "fastify";
import type { SiteConfig } from "#shared/site-config.ts";
import { readContent } from "#shared/content/read.ts";
import { requestPagePath } from "#shared/routes.ts";
import { escapeHtml, formatTitle, waitText, fill } from "#shared/text.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { ownFormFields } from "#shared/invitation/own-form-fields.ts";
import { CONSENT_TO_PROCESS_FIELD } from "#shared/invitation/consent.ts";
import { MODE_FIELD } from "#shared/invitation/request-schema.ts";

const copy = readContent("requestRefused");
const requestWords = readContent("requestInvitation");

/** The label the site's form shows for a field, or null when the form has no such field. */
export function fieldLabel(mode: InvitationMode, name: string): string | null {
  return ownFormFields(mode, requestWords.ownForm.forms).find((field) => field.name === name)?.label ?? null;
}

const STYLE = `
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#334155;background:#f7f8fb;line-height:1.6}
main{max-width:36rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem}
h1{color:#0b1f3a;font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
a{color:#1b3a66;text-underline-offset:2px}
a:focus-visible{outline:3px solid #8a6420;outline-offset:2px}
li{margin:.25rem 0}`;

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
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(formatTitle(title, site.siteName))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
<p>${escapeHtml(copy.back)}</p>
<p><a href="${escapeHtml(requestPagePath(mode))}">${escapeHtml(copy.formLink)}</a></p>
<p>${escapeHtml(copy.emailLead)} <a href="mailto:${escapeHtml(site.contactEmail)}">${escapeHtml(site.contactEmail)}</a>.</p>
</main>
</body>
</html>
`;
  return reply
    .code(status)
    .headers({ ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
    .send(html);
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

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
