// @vitest-environment node
import { describe, expect, it } from "vitest";
import { buildCsp, CSP_REPORT_PATH, editorCsp, HSTS_VALUE, REPORTING_ENDPOINTS_VALUE } from "../server/http/csp";
import { CACHE_CONTROL, NOT_FOUND_FILE, QUERY_PAGES } from "../server/http/static-policy";
import {
  NGINX_DEFAULT_API_UPSTREAM,
  NGINX_DEFAULT_LISTEN,
  NGINX_DEFAULT_REDIRECT_LISTEN,
  NGINX_DEFAULT_ROOT,
  REDIRECT_LISTEN_TAG,
  renderNginxConfig,
  SITE_LISTEN_TAG,
  SITE_SERVER_TAG,
} from "./nginx-config";
import { renderStaticHostHeaders } from "./static-host-headers";

const csp = buildCsp({ scriptHashes: ["abc="], hubspot: { region: "eu1" }, reports: false });
const reportingCsp = buildCsp({ scriptHashes: ["abc="], hubspot: null, reports: true });

describe("renderNginxConfig", () => {
  const config = renderNginxConfig({ csp });

  /** The locations that answer, split by whether they answer documents (pages, the 404 page) or other files. */
  const answeringLocations = (text: string) => {
    const locations = text
      .split(/\n {4}location /)
      .slice(1)
      .filter((location) => location.includes("try_files") || location.includes("internal;"));
    const isDocuments = (location: string) =>
      location.startsWith("/ {") ||
      location.startsWith("= /404.html") ||
      // The build's own pages when the Node server does not answer.
      location.startsWith("@site_page_file {") ||
      QUERY_PAGES.some(
        (page, index) =>
          location.startsWith(`= ${page.path} {`) || location.startsWith(`@site_query_page_${index}_file {`),
      );
    return { documents: locations.filter(isDocuments), files: locations.filter((l) => !isDocuments(l)) };
  };

  it("holds the policy once and sends it with documents only; nosniff, HSTS and caching from every location", () => {
    expect(config.split(csp)).toHaveLength(2);
    const { documents, files } = answeringLocations(config);
    expect(documents).toHaveLength(3 + 2 * QUERY_PAGES.length);
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const location of [...documents, ...files]) {
      expect(location).toContain('add_header X-Content-Type-Options "nosniff" always;');
      expect(location).toContain("add_header Strict-Transport-Security $site_hsts always;");
      expect(location).toMatch(/add_header Cache-Control "[^"]+" always;/);
    }
    for (const location of documents) {
      expect(location).toContain("add_header Content-Security-Policy $site_csp always;");
      expect(location).toContain("add_header X-Frame-Options");
    }
    for (const location of files) {
      expect(location).not.toContain("Content-Security-Policy");
      expect(location).not.toContain("Permissions-Policy");
    }
  });

  it("caches hashed assets for a year and revalidates pages", () => {
    const assets = config.slice(config.indexOf("location ^~ /assets/"));
    expect(assets).toContain(`add_header Cache-Control "${CACHE_CONTROL.immutable}" always;`);
    const pagesBlock = config.slice(config.indexOf("location / {"));
    expect(pagesBlock.slice(0, pagesBlock.indexOf("}"))).toContain(
      `add_header Cache-Control "${CACHE_CONTROL.revalidate}"`,
    );
  });

  it("answers the request page with the employer's HTML for type=employer, and never serves that file's own path", () => {
    const [page] = QUERY_PAGES;
    expect(page).toEqual({
      path: "/request-invitation",
      query: expect.any(String),
      file: "/request-invitation/employer/index.html",
      hiddenPath: "/request-invitation/employer",
    });
    // One map decides the file on the raw query, with the pattern the Node server uses.
    expect(config).toContain(
      [
        "map $args $site_query_page_0 {",
        `    "~${page!.query}" /request-invitation/employer/index.html;`,
        "    default /request-invitation/index.html;",
        "}",
      ].join("\n"),
    );
    const exact = config.slice(config.indexOf("location = /request-invitation {"));
    expect(exact.slice(0, exact.indexOf("\n    }"))).toContain("try_files $site_query_page_0 =404;");
    expect(config).toContain("location = /request-invitation/employer {\n        return 404;\n    }");
  });

  it("sends HSTS only for https (direct or through a proxy), and tells the Node server so", () => {
    const proto = config.split('map "$scheme:$http_x_forwarded_proto" $site_proto {\n')[1]!.split("\n}")[0]!;
    const rules = [...proto.matchAll(/"~(\*?)(.+)" https;/g)].map(
      ([, flags, pattern]) => new RegExp(pattern!, flags ? "i" : ""),
    );
    expect(proto).toContain('default "";');
    // nginx PCRE and JavaScript read these patterns alike; the key is "$scheme:$http_x_forwarded_proto".
    const https = (key: string) => rules.some((rule) => rule.test(key));
    expect(["https:", "https:http", "http:https", "http:HTTPS, http", "http: https"].map(https)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["http:", "http:http", "http:http, https", "http:httpsx"].map(https)).toEqual([false, false, false, false]);
    expect(config).toContain(`map $site_proto $site_hsts {\n    default "";\n    https "${HSTS_VALUE}";\n}`);
    // What the Node server is told: https, or no header at all (nginx omits an empty one), never "http",
    // which it would answer with a redirect to https.
    expect(
      config.match(/proxy_set_header X-Forwarded-Proto (\S+);/g)?.every((line) => line.endsWith("$site_proto;")),
    ).toBe(true);
  });

  it("redirects plain http to https on its own port, naming only this site, with 308 (a POST stays a POST)", () => {
    const named = renderNginxConfig({ csp, serverName: "network.example.org" });
    const redirect = named.slice(named.indexOf("server {"), named.indexOf("}", named.indexOf("server {")));
    expect(redirect).toContain(`listen ${NGINX_DEFAULT_REDIRECT_LISTEN}; ${REDIRECT_LISTEN_TAG}`);
    expect(redirect).toContain("server_name network.example.org;");
    expect(redirect).toContain("return 308 https://$server_name$request_uri;");
    // Behind a proxy that terminated TLS, its X-Forwarded-Proto: http is redirected too.
    expect(named).toMatch(
      /if \(\$http_x_forwarded_proto ~\* "[^"]+"\) \{\n\s+return 308 https:\/\/\$server_name\$request_uri;/,
    );
    // SITE_URL's port is kept.
    const withPort = renderNginxConfig({ csp, serverName: "network.example.org", publicPort: "8443" });
    expect(withPort).toContain("return 308 https://$server_name:8443$request_uri;");
    expect(() => renderNginxConfig({ csp, publicPort: "8443; evil" })).toThrow(/public port/);
    // The TLS server block ships as a commented template.
    expect(named).toContain("#   listen 443 ssl http2;");
    expect(named).toContain("#   ssl_certificate     /etc/letsencrypt/live/network.example.org/fullchain.pem;");
  });

  it("uses the deployment defaults unless told otherwise", () => {
    expect(config).toContain(`listen ${NGINX_DEFAULT_LISTEN}; ${SITE_LISTEN_TAG}`);
    expect(config).toContain(`root ${NGINX_DEFAULT_ROOT};`);
    const local = renderNginxConfig({ csp, listen: "127.0.0.1:4341", root: "/srv/site" });
    expect(local).toContain(`listen 127.0.0.1:4341; ${SITE_LISTEN_TAG}`);
    expect(local).toContain("root /srv/site;");
  });

  it("sends /api/ to the Node server with the client's address and scheme, and its own headers", () => {
    const api = config.slice(config.indexOf("location ^~ /api/ {"));
    const block = api.slice(0, api.indexOf("\n    }"));
    expect(block).toContain("proxy_pass http://site_upstream;");
    expect(config).toContain(
      `upstream site_upstream {\n    server ${NGINX_DEFAULT_API_UPSTREAM}; ${SITE_SERVER_TAG}\n}`,
    );
    expect(block).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(block).toContain("proxy_set_header X-Forwarded-Proto $site_proto;");
    expect(block).toContain("proxy_set_header Host $http_host;");
    // The Node server's no-store passes; the policy headers are nginx's, sent once.
    expect(block).not.toContain("Cache-Control");
    expect(block).toContain("proxy_hide_header Content-Security-Policy;");
    expect(block).toContain("add_header Content-Security-Policy $site_csp always;");
    expect(renderNginxConfig({ csp, apiUpstream: "10.0.0.5:8080" })).toContain("server 10.0.0.5:8080;");
    expect(() => renderNginxConfig({ csp, apiUpstream: "10.0.0.5:8080; evil" })).toThrow(/host:port/);
  });

  it("hands the Node server the roles, their list, the home page, the sitemap and a request page naming a role, with its own headers", () => {
    const location = (head: string) => config.split(`location ${head} {\n`)[1]!.split("\n    }")[0]!;
    for (const [head, fallback] of [
      // The home page's band shows the roles open now.
      ["= /", "@site_page_file"],
      ["= /roles", "@site_page_file"],
      ["^~ /roles/", "@site_page_file"],
      ["= /sitemap.xml", "@site_sitemap_file"],
      ["@site_role_request_page", "@site_query_page_0_file"],
    ] as const) {
      const block = location(head);
      expect(block, head).toContain("proxy_pass http://site_upstream;");
      expect(block, head).toContain("proxy_set_header X-Forwarded-Proto $site_proto;");
      // Not one header of its own but the empty Allow, so the server level's are not inherited on top of Node's.
      expect(
        block.match(/^\s*add_header .+/gm)?.map((line) => line.trim()),
        head,
      ).toEqual(["add_header Allow $site_allow always;"]);
      expect(block, head).not.toContain("proxy_hide_header");
      // When the Node server does not answer, the build's own file.
      expect(block, head).toContain(`error_page 502 504 = ${fallback};`);
    }
    expect(location("@site_page_file")).toContain("try_files $uri/index.html =404;");
    expect(location("@site_sitemap_file")).toContain("try_files $uri =404;");
    expect(location("@site_sitemap_file")).not.toContain("Content-Security-Policy");
    expect(location("@site_query_page_0_file")).toContain("try_files $site_query_page_0 =404;");
    // Not the static location of robots.txt's kind any more.
    expect(config.match(/location [^{]*sitemap\.xml/g)).toEqual(["location = /sitemap.xml"]);

    // The request page: with a role in its query, to the Node server by error_page (no proxy_pass in an if).
    const page = location("= /request-invitation");
    expect(page).toContain("error_page 418 = @site_role_request_page;");
    expect(page).toMatch(/if \(\$site_role_query\) \{\n\s+return 418;\n\s+\}\n\s+try_files \$site_query_page_0 =404;/);
    expect(page).toContain("error_page 404 /404.html;");
    const rolePattern = new RegExp(config.split("map $args $site_role_query {\n")[1]!.match(/"~(.+)" 1;/)![1]!);
    for (const query of ["role=vp-ta", "utm_source=x&role=vp-ta", "role", "role=", "type=employer&role=x"]) {
      expect(rolePattern.test(query), query).toBe(true);
    }
    for (const query of ["", "type=employer", "myrole=x", "roles=x", "r%6Fle=x"])
      expect(rolePattern.test(query), query).toBe(false);

    // Its variants per role are never served at their own path.
    expect(location("^~ /request-invitation/role/")).toBe("        return 404;");
    expect(location("= /request-invitation/role")).toBe("        return 404;");
  });

  it("refuses methods other than GET and HEAD for pages only, and never redirects an API path", () => {
    expect(config).toMatch(/map \$request_uri \$site_api \{\n\s+"~\^\/api\/" 1;\n\s+default 0;/);
    expect(config).toContain('"~^1:" "";');
    expect(config).toContain('"~^0:(GET|HEAD)$" "";');
    expect(config).toContain("if ($site_method_refused) {\n        return 405;");
    const redirect = config.match(/if \(\$request_uri ~ "(.+)"\) \{\n\s+return 301/)?.[1];
    const pattern = new RegExp(redirect!); // nginx PCRE and JavaScript read this pattern alike
    expect(pattern.test("/mission/")).toBe(true);
    expect(pattern.test("/api/invitation-requests/")).toBe(false);
  });

  it("refuses a value that would break out of an nginx string", () => {
    expect(() => renderNginxConfig({ csp: `default-src "self' x"` })).toThrow(/unsafe character/);
    expect(() => renderNginxConfig({ csp: "default-src $evil" })).toThrow(/unsafe character/);
    expect(() => renderNginxConfig({ csp: "default-src \\x" })).toThrow(/unsafe character/);
  });

  it("names the Reporting API endpoint from every location that answers, only when the policy reports", () => {
    expect(config).not.toContain("Reporting-Endpoints");
    const reporting = renderNginxConfig({ csp: reportingCsp, reports: true });
    expect(reporting).toContain(CSP_REPORT_PATH);
    const { documents, files } = answeringLocations(reporting);
    for (const location of files) expect(location).not.toContain("Reporting-Endpoints");
    for (const location of documents) {
      // Single quotes: the structured header's own value is double-quoted.
      expect(location).toContain(`add_header Reporting-Endpoints '${REPORTING_ENDPOINTS_VALUE}' always;`);
    }
  });
});

describe("the editor's page (a build with an editor)", () => {
  it("nginx answers /admin with the editor's own policy and never indexed; without an editor, no such location", () => {
    const withEditor = renderNginxConfig({ csp, editor: true });
    const location = withEditor.split("location = /admin {")[1]!.split("\n    }")[0]!;
    expect(location).toContain(`add_header Content-Security-Policy "${editorCsp()}" always;`);
    expect(location).toContain('add_header X-Robots-Tag "noindex, nofollow" always;');
    expect(location).toContain("add_header X-Content-Type-Options");
    expect(location).toContain("try_files /admin/index.html =404;");
    expect(renderNginxConfig({ csp })).not.toContain("/admin");
  });

  it("nginx gives the editor a server block of its own on EDITOR_ORIGIN's host, and the site's answers /admin 404", () => {
    const config = renderNginxConfig({
      csp,
      editor: true,
      serverName: "network.example",
      editorOrigin: "https://edit.network.example:8443",
    });
    const blocks = config.split(/\n(?=server \{)/).slice(1);
    const named = (name: string, listen: string) =>
      blocks.filter((block) => block.includes(`server_name ${name};`) && block.includes(listen));
    const [site] = named("network.example", SITE_LISTEN_TAG);
    const [editor] = named("edit.network.example", SITE_LISTEN_TAG);
    const [editorRedirect] = named("edit.network.example", REDIRECT_LISTEN_TAG);
    expect(blocks).toHaveLength(4);
    // The site's block: no editor, its page or files 404 (the site's 404 page).
    expect(site).toContain("location = /admin {\n        return 404;\n    }");
    expect(site).toContain("location ^~ /admin/ {\n        return 404;\n    }");
    expect(site).not.toContain("'unsafe-eval'");
    // The editor's block: its policy on every answer, its page and files, the sign-in, and nothing else.
    expect(editor).toContain(`    add_header Content-Security-Policy "${editorCsp()}" always;\n`);
    expect(editor).not.toContain("$site_csp");
    expect(editor).toContain("location = /admin {");
    expect(editor).toContain("try_files /admin/index.html =404;");
    expect(editor).toMatch(/location \^~ \/admin\/ \{[^]*try_files \$uri =404;/);
    expect(editor).toMatch(/location \^~ \/api\/editor\/ \{\n {8}proxy_pass http:\/\/site_upstream;/);
    expect(editor).not.toMatch(/location \^~ \/api\/ /);
    expect(editor).toContain("location / {\n        return 404;\n    }");
    expect(editor).not.toContain(NOT_FOUND_FILE);
    expect(editor).toContain("return 308 https://$server_name:8443$request_uri;");
    expect(editorRedirect).toContain("return 308 https://$server_name:8443$request_uri;");
  });

  it("static hosts, which cannot sign an editor in nor keep the site off the editor's origin, run nothing at /admin", () => {
    const headers = renderStaticHostHeaders({ csp, files: ["/index.html", "/admin/index.html", "/admin/editor.js"] });
    const admin = headers.split("\n/admin\n")[1]!.split("\n/")[0]!;
    expect(admin).toContain(
      "Content-Security-Policy: default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(admin).toContain("X-Robots-Tag: noindex, nofollow");
    expect(headers).not.toContain("'unsafe-eval'");
  });
});

describe("renderStaticHostHeaders", () => {
  const files = [
    "/index.html",
    "/index.html.br",
    "/mission/index.html",
    "/404.html",
    "/_headers",
    "/assets/entry-1.js",
    "/favicon.ico",
    "/sitemap.xml",
  ];
  const headers = renderStaticHostHeaders({ csp, files });

  it("sends nosniff and HSTS on every path, the policy and its kin on pages only", () => {
    expect(headers).toContain(
      `/*\n  X-Content-Type-Options: nosniff\n  Strict-Transport-Security: ${HSTS_VALUE}\n/assets/*`,
    );
    for (const page of ["/", "/mission"]) {
      expect(headers).toContain(
        `\n${page}\n  Cache-Control: ${CACHE_CONTROL.revalidate}\n  Content-Security-Policy: ${csp}\n`,
      );
    }
    expect(headers.split("Content-Security-Policy")).toHaveLength(3);
    expect(headers.split("X-Frame-Options: DENY")).toHaveLength(3);
    expect(headers).not.toContain("Reporting-Endpoints");
  });

  it("names the Reporting API endpoint on every page when the policy reports", () => {
    const reporting = renderStaticHostHeaders({ csp: reportingCsp, reports: true, files });
    expect(reporting).toContain(
      `\n/mission\n  Cache-Control: ${CACHE_CONTROL.revalidate}\n  Content-Security-Policy: ${reportingCsp}\n  Reporting-Endpoints: ${REPORTING_ENDPOINTS_VALUE}\n`,
    );
    expect(reporting.split("Reporting-Endpoints")).toHaveLength(3);
  });

  it("gives each path exactly one Cache-Control", () => {
    expect(headers).toContain(`/assets/*\n  Cache-Control: ${CACHE_CONTROL.immutable}\n`);
    expect(headers).toContain(`\n/\n  Cache-Control: ${CACHE_CONTROL.revalidate}\n`);
    expect(headers).toContain(`\n/mission\n  Cache-Control: ${CACHE_CONTROL.revalidate}\n`);
    expect(headers).toContain(`\n/sitemap.xml\n  Cache-Control: ${CACHE_CONTROL.revalidate}\n`);
    expect(headers).toContain(`\n/favicon.ico\n  Cache-Control: ${CACHE_CONTROL.short}\n`);
    // The rule for every path carries none, so no host ever joins two values.
    expect(headers.slice(headers.indexOf("/*\n"), headers.indexOf("/assets/*\n"))).not.toContain("Cache-Control");
    expect(headers).not.toMatch(/\/404\.html|\.br\n|\/_headers/);
  });
});
