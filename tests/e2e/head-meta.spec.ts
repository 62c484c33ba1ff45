import { site } from "../support/browser/site-config";
import { expect, fetchHtml, test } from "../support/browser/fixtures";
import { openRolesWords, pages, requestPage } from "../support/words";

const expectedTitle = (title: string) =>
  title.toLowerCase().includes(site.siteName.toLowerCase()) ? title : `${title} | The ${site.siteName}`;

// Every route with HTML of its own: the employer's request page is served for its query.
const routes = [...Object.values(pages).filter((page) => page !== pages.notFound), requestPage("employer")];

test.describe("head metadata in the prerendered HTML (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  for (const info of routes) {
    test(`${info.path} carries title, description, keywords, canonical, Open Graph and Twitter tags`, async ({
      page,
    }) => {
      const response = await page.goto(info.path);
      expect(response?.status()).toBe(200);
      const url = new URL(info.path, site.siteUrl).href;
      const title = expectedTitle(info.title);
      const meta = (attribute: "name" | "property", key: string) => page.locator(`head meta[${attribute}="${key}"]`);

      await expect(page).toHaveTitle(title);
      await expect(meta("name", "description")).toHaveAttribute("content", info.description);
      await expect(meta("name", "keywords")).toHaveAttribute("content", info.keywords.join(", "));
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", url);
      await expect(meta("property", "og:title")).toHaveAttribute("content", title);
      await expect(meta("property", "og:description")).toHaveAttribute("content", info.description);
      await expect(meta("property", "og:url")).toHaveAttribute("content", url);
      await expect(meta("property", "og:type")).toHaveAttribute("content", "website");
      await expect(meta("name", "twitter:card")).toHaveAttribute("content", "summary_large_image");
      await expect(meta("name", "twitter:title")).toHaveAttribute("content", title);
      await expect(meta("name", "twitter:description")).toHaveAttribute("content", info.description);
      await expect(page.locator('head meta[name="viewport"]')).toHaveCount(1);
      // The list of roles says "open now" only while a role is: this build has none.
      const heading = info === pages.openRoles ? openRolesWords.hero.emptyHeading : info.heading;
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);

      // The social image is absolute against SITE_URL and is a real 1200x630 PNG shipped with the site.
      const image = await meta("property", "og:image").getAttribute("content");
      expect(image).toMatch(new RegExp(`^${site.siteUrl}/`));
      await expect(meta("name", "twitter:image")).toHaveAttribute("content", image!);
      const served = await page.request.get(new URL(image!).pathname);
      expect(served.headers()["content-type"]).toBe("image/png");
      const png = await served.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });
  }

  test("the 404 page is kept out of search results", async ({ page, consoleErrors }) => {
    consoleErrors.expect(/status of 404/);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page).toHaveTitle(expectedTitle(pages.notFound.title));
  });
});

test("every route shares a social card of its own", async ({ page }) => {
  const cards = new Map<string, string>();
  for (const info of routes) {
    const { html } = await fetchHtml(page, info.path);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image, info.path).toBeDefined();
    cards.set(info.path, image!);
  }
  expect(new Set(cards.values()).size, JSON.stringify(Object.fromEntries(cards), null, 2)).toBe(routes.length);
});

test("client-side navigation replaces the head with the new page's tags", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation").getByRole("link", { name: "Mission", exact: true }).click();
  await expect(page).toHaveTitle(expectedTitle(pages.mission.title));
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
    "href",
    new URL(pages.mission.path, site.siteUrl).href,
  );
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
});
