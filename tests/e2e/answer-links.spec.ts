// The team answers a request from its email (docs/product.md#the-48-hour-promise), as a team member
// meets it: the link of a real team email opens a page that asks to confirm, the button records the
// answer and the page says so, the requester gets the site's email of it; the same without
// JavaScript; a link used again says it was answered. The server's and nginx's headers of those pages.
import { expect, test } from "../support/browser/fixtures";
import { parseMail, startMailSink, type MailSink } from "../support/mail-sink";
import { CANDIDATE_FIELDS } from "../support/request-fixture";
import { NGINX_SERVER_PORT } from "../support/e2e-env";
import { emails as emailsWithTokens } from "../support/words";
import { site } from "../support/browser/site-config";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { uniqueEmail } from "../support/browser/stored-requests";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import {
  ANSWERS_MAIL_SINK_PORT,
  ANSWERS_SERVER_URL,
  ANSWERS_TEAM_ADDRESS,
} from "../support/browser/answer-links-server";

// The server's words, with the deployment's facts as it fills them.
const emails = withSiteFacts(emailsWithTokens, site);
const pages = emails.team.answerPages;

test.describe("the team's answer links", () => {
  test.describe.configure({ mode: "serial" });
  let mail: MailSink;
  test.beforeAll(async () => {
    mail = await startMailSink({ port: ANSWERS_MAIL_SINK_PORT });
  });
  test.afterAll(async () => {
    await mail?.stop();
  });

  const mailTo = async (address: string, containing: string, count = 1) => {
    const found = () => mail.received.filter((m) => m.to.includes(address) && m.raw.includes(containing));
    await expect.poll(() => found().length, { timeout: 15_000 }).toBe(count);
    return found().map((message) => parseMail(message.raw));
  };

  /** A request as the site's own form sends it, and the links of the team's email about it. */
  async function requestAndItsLinks(email: string, firstname: string) {
    const response = await fetch(`${ANSWERS_SERVER_URL}${INVITATION_API_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ANSWERS_SERVER_URL },
      body: JSON.stringify({
        mode: "employer",
        fields: { ...CANDIDATE_FIELDS, role_to_fill: "CHRO", firstname, email },
        fill_ms: 9000,
      }),
    });
    expect(response.status).toBe(201);
    const [team] = await mailTo(ANSWERS_TEAM_ADDRESS, email);
    return [...team!.html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map(([, href, label]) => ({
      href: href!.replaceAll("&amp;", "&"),
      label: label!,
    }));
  }

  test("opened from the team's email, asks to confirm; the button records it, the page says so, the requester is told", async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail("answered");
    const links = await requestAndItsLinks(email, "Grace");
    expect(links.map((link) => link.label)).toEqual([
      emails.team.answers.links.invite.employer,
      emails.team.answers.links.decline,
      emails.team.answers.links.other,
    ]);
    const accept = links[0]!.href;
    expect(accept.startsWith(`${ANSWERS_SERVER_URL}/api/answer?token=`)).toBe(true);

    await page.goto(accept);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accept the talent brief of Grace (employer)?");
    await expect(page.getByText(pages.requesterHears.invite)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${pages.title}`));
    // Opening it recorded nothing: a second look asks the same.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accept the talent brief of Grace (employer)?");

    await page.getByRole("button", { name: pages.buttons.invite.employer }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recorded: Grace, brief accepted");
    await expect(page.getByText(pages.recorded.body.replace("{mode}", "employer"))).toBeVisible();
    const [, accepted] = await mailTo(email, "", 2);
    expect(accepted!.subject).toBe(emails.requester.invited.subject.employer);

    // The same link again: it was answered (409, which the browser's console reports), and nothing changes.
    consoleErrors.expect(/status of 409 \(Conflict\)/);
    await page.goto(accept);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      pages.answered.heading.replace("{answer}", pages.answerNames.invite.employer),
    );
    await expect(page.getByRole("button")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a decline is confirmed with the same form, and the requester is thanked", async ({ page }) => {
      const email = uniqueEmail("declined");
      const [, decline] = await requestAndItsLinks(email, "Ada");
      await page.goto(decline!.href);
      await page.getByRole("button", { name: pages.buttons.decline }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recorded: Ada, declined");
      const [, declined] = await mailTo(email, "", 2);
      expect(declined!.text).toContain(emails.requester.declined.askAgain);
    });
  });

  test("are never indexed, kept or named as a Referer, behind nginx too", async ({ request }) => {
    for (const origin of [ANSWERS_SERVER_URL, `http://127.0.0.1:${NGINX_SERVER_PORT}`]) {
      const response = await request.get(`${origin}/api/answer?token=made-up`);
      expect(response.status(), origin).toBe(400);
      expect(response.headers(), origin).toMatchObject({
        "x-robots-tag": "noindex, nofollow",
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
        "content-type": "text/html; charset=utf-8",
      });
      expect(response.headers()["content-security-policy"], origin).toContain("form-action 'self'");
      expect(await response.text(), origin).toContain(`<h1>${pages.altered.heading}</h1>`);
    }
  });
});
