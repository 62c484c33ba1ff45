// @vitest-environment node
import { describe, expect, it } from "vitest";
import { roleDescriptionHtml } from "./role-description";

describe("a role's description as the page and the JobPosting carry it", () => {
  it("keeps what Markdown makes, and links to https, http, mailto and the site's own pages", () => {
    const html =
      '<h2>The role</h2>\n<p>Lead <strong>talent</strong> for <em>Northwind</em>: <a href="https://northwind.example/about">about</a>, ' +
      '<a href="http://old.example">old</a>, <a href="mailto:talent@northwind.example">write</a>, ' +
      '<a href="/roles">roles</a>, <a href="#role-qualifications">below</a>.</p>\n<ul>\n<li>One</li>\n</ul>';
    expect(roleDescriptionHtml(html)).toBe(html);
  });

  it.each([
    ['<a href="javascript:alert(1)">x</a>', "x"],
    ['<a href="JAVASCRIPT:alert(1)">x</a>', "x"],
    ['<a href=" javascript:alert(1)">x</a>', "x"],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', "x"],
    ['<a href="vbscript:x">x</a>', "x"],
    ['<a href="//evil.example/">x</a>', "x"],
    ['<a href="/\\evil.example/">x</a>', "x"],
    ['<a href="roles">x</a>', "x"],
    ["<a>x</a>", "x"],
    ['<img src="https://tracker.example/pixel.png" alt="pixel">', ""],
    ['<img src="x" onerror="alert(1)">', ""],
    ["<script>alert(1)</script>", ""],
    ['<a href="https://ok.example" onclick="alert(1)" style="color:red">x</a>', '<a href="https://ok.example">x</a>'],
  ])("carries %s as %s", (html, safe) => {
    expect(roleDescriptionHtml(`<p>${html}</p>`)).toBe(`<p>${safe}</p>`);
  });
});
