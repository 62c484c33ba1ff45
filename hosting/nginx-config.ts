/**
 * The nginx configuration for the built site, generated from server/http/csp.ts and
 * server/http/static-policy.ts (the same rules as the Node server, server/http/request-path.ts).
 * postbuild writes it to BUILD_DIR/deploy/nginx.conf for every build, because the CSP
 * carries the hashes of that build's inline scripts; the browser tests run it in a real nginx
 * (scripts/lib/serve-nginx.ts) and send it the same requests as the Node server.
 *
 * The file is meant for nginx's `http {}` context (Debian: /etc/nginx/conf.d/). It
 * uses `brotli_static`, which needs Debian's libnginx-mod-http-brotli-static.
 *
 * Everything under /api/ (the request API) goes to the Node server (`apiUpstream`,
 * API_UPSTREAM at build time, default 127.0.0.1:PORT) with X-Forwarded-For and
 * X-Forwarded-Proto; that server then runs with TRUST_PROXY=1. Which requests are
 * API requests is decided on the raw request line, as the Node server decides it.
 * So does what depends on the time, which only that server knows (the roles' timetable,
 * BUILD_DIR/roles.json): the roles' pages and list, the home page, the sitemap, and the request page whose
 * query names a role; should it not answer, nginx serves the build's own file instead.
 *
 * A build with the editor and EDITOR_ORIGIN gets a server block of the editor's own for that host
 * (docs/deployment/editor.md): its page, its files and its sign-in (from the Node server), under
 * the editor's policy, and a plain 404 for anything else; the site's block answers /admin 404.
 */
import { COMMON_HEADERS, EDITOR_PATH, editorHeaders, HSTS_VALUE, securityHeaders } from "../server/http/csp";
import { ROLES_FEED_PATH, ROLES_PATH } from "#shared/roles/page.ts";
import { ROUTES } from "#shared/routes.ts";
import {
  ALLOW_HEADER,
  ALLOWED_METHODS,
  ASSETS_PREFIX,
  CACHE_CONTROL,
  type CacheClass,
  CONTENT_TYPES,
  DEFAULT_CONTENT_TYPE,
  HIDDEN_EXTENSIONS,
  indexNowKeyPath,
  NOT_FOUND_FILE,
  QUERY_PAGES,
  ROBOTS_PATH,
  ROLE_QUERY_PATTERN,
  ROLE_REQUEST_PAGES_PATH,
  SITEMAP_PATH,
  UTF8_CONTENT_TYPES,
} from "../server/http/static-policy";
import { API_PREFIX, API_ROUTES, apiPath } from "#shared/api-paths.ts";

/** The API's paths, as nginx matches them. */
const API_PATHS = `${API_PREFIX}/`;

/**
 * The site's own server block listens here: the port a TLS-terminating load balancer
 * forwards to. Serving TLS from this nginx instead, swap it for the commented `listen
 * 443 ssl` template in the generated file.
 */
export const NGINX_DEFAULT_LISTEN = "8080";
/** The plain-http server block, which only redirects to https. */
export const NGINX_DEFAULT_REDIRECT_LISTEN = "80";
/** Marks the two `listen` lines so a test runner can point them at its own ports. */
export const SITE_LISTEN_TAG = "# site";
export const REDIRECT_LISTEN_TAG = "# http-redirect";
/** Marks the Node server's address, which a test runner points at its own server. */
export const SITE_SERVER_TAG = "# site-server";
/** The upstream every request the Node server answers is proxied to. */
const SITE_SERVER_UPSTREAM = "site_upstream";
export const NGINX_DEFAULT_ROOT = "/var/www/site";
/** The dynamic module `brotli_static` comes from (Debian's libnginx-mod-http-brotli-static). */
export const NGINX_BROTLI_STATIC_MODULE = "ngx_http_brotli_static_module.so";
/** Where /api/ goes unless the build says otherwise: the Node server of `npm start` on its default port. */
export const NGINX_DEFAULT_API_UPSTREAM = "127.0.0.1:4173";

export interface NginxConfigInput {
  csp: string;
  /** Whether the policy reports to the site's API (adds the Reporting API endpoint). */
  reports?: boolean;
  /** Parameters of the site's `listen` directive: `8080`, `127.0.0.1:4341`... */
  listen?: string;
  /** Parameters of the `listen` directive of the http -> https redirect. */
  redirectListen?: string;
  /** Absolute path of the folder holding the contents of BUILD_DIR/client. */
  root?: string;
  /** Host names the server answers for: SITE_URL's host. */
  serverName?: string;
  /** SITE_URL's port when it names one: plain-http requests are redirected to it. */
  publicPort?: string;
  /** `host:port` of the Node server that answers /api/. */
  apiUpstream?: string;
  /** Whether the build has the editor's page (EDITOR_PATH), answered under its own policy. */
  editor?: boolean;
  /**
   * EDITOR_ORIGIN, where the editor is answered, and nothing else; the site's block then answers
   * no /admin. Without it, a build with the editor serves it beside the pages (a loopback SITE_URL).
   */
  editorOrigin?: string | null;
  /** INDEXNOW_KEY: its key file is answered at `/<key>.txt` (docs/deployment/search-engines.md). */
  indexNowKey?: string | null;
}

/**
 * A quoted nginx string: double quotes, or single quotes around a value with double
 * quotes in it (a structured header such as Reporting-Endpoints). Refuses characters
 * nginx would interpret, and a value with both kinds of quote.
 */
function quoted(value: string): string {
  if (/[\\$\n\r{}]/.test(value) || (value.includes('"') && value.includes("'"))) {
    throw new Error(`nginx-config: unsafe character in ${value}`);
  }
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

/** A regular expression as a map key: `~` and double quotes; refuses what would end the string. */
function quotedPattern(pattern: string): string {
  if (/["\\\n\r{};]/.test(pattern)) throw new Error(`nginx-config: unsafe character in ${pattern}`);
  return `"~${pattern}"`;
}

const CSP_VARIABLE = "$site_csp";

/** What a location answers: documents (pages, the 404 page, nginx's own answers) or other files. */
type Answers = "documents" | "files";

function headerDirectives(cache: CacheClass, reports: boolean, answers: Answers): string[] {
  // The long CSP is written once, in a map, and referred to by its variable; only documents carry it.
  const headers: Record<string, string> = {
    ...(answers === "documents" ? securityHeaders(CSP_VARIABLE, { reports }) : COMMON_HEADERS),
    "Cache-Control": CACHE_CONTROL[cache],
  };
  return [
    ...Object.entries(headers).map(([name, value]) =>
      value === CSP_VARIABLE ? `add_header ${name} ${value} always;` : `add_header ${name} ${quoted(value)} always;`,
    ),
    // Empty unless the request came over https ($site_hsts below); nginx omits empty headers.
    "add_header Strict-Transport-Security $site_hsts always;",
  ];
}

/**
 * A request handed to the Node server, as it is: its Host, the client's address and the scheme
 * the visitor used. Explained once, in the first location that uses it.
 */
function toSiteServer(explained = false): string[] {
  const lines = [
    `proxy_pass http://${SITE_SERVER_UPSTREAM};`,
    "proxy_http_version 1.1;",
    'proxy_set_header Connection "";',
    "# The Host as the browser sent it (with its port): the API compares it with Origin.",
    "proxy_set_header Host $http_host;",
    "# The Node server finds the client's address here when started with TRUST_PROXY=1.",
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "# https when the visitor came over https, here or through a proxy in front (none otherwise,",
    "# as for a local request): the Node server sends HSTS as nginx would, and redirects nothing.",
    "proxy_set_header X-Forwarded-Proto $site_proto;",
  ];
  return explained ? lines : lines.filter((line) => !line.startsWith("#"));
}

/**
 * The API's answers come from the Node server, Cache-Control (no-store) included; nginx
 * replaces only the policy headers, so they are the same bytes as on every other answer,
 * but for those in `ownHeaders`, which the Node server sets for that answer and nginx passes on.
 */
function apiLocation(ownHeaders: readonly string[] = []): string[] {
  const policy = Object.entries(securityHeaders(CSP_VARIABLE)).filter(([name]) => !ownHeaders.includes(name));
  return [
    ...toSiteServer(true),
    ...[...policy.map(([name]) => name), "Strict-Transport-Security"].map((name) => `proxy_hide_header ${name};`),
    ...policy.map(([name, value]) =>
      value === CSP_VARIABLE ? `add_header ${name} ${value} always;` : `add_header ${name} ${quoted(value)} always;`,
    ),
    "add_header Strict-Transport-Security $site_hsts always;",
  ];
}

function block(head: string, lines: readonly string[], indent = "    "): string[] {
  return [`${head} {`, ...lines.map((line) => (line ? `${indent}${line}` : line)), "}"];
}

export function renderNginxConfig({
  csp,
  reports = false,
  listen = NGINX_DEFAULT_LISTEN,
  redirectListen = NGINX_DEFAULT_REDIRECT_LISTEN,
  root = NGINX_DEFAULT_ROOT,
  serverName = "_",
  publicPort = "",
  apiUpstream = NGINX_DEFAULT_API_UPSTREAM,
  editor = false,
  editorOrigin = null,
  indexNowKey = null,
}: NginxConfigInput): string {
  const hidden = `(\\.(${HIDDEN_EXTENSIONS.join("|")})$)|(/\\.)`;
  const types = Object.entries(CONTENT_TYPES).map(([extension, type]) => `${type} ${extension};`);
  const headers = (cache: CacheClass, answers: Answers = "documents") => headerDirectives(cache, reports, answers);
  const methods = ALLOWED_METHODS.join("|");

  // $server_name, not the client's Host header: the redirect only ever names this site,
  // with SITE_URL's port. 308, not 301: a POST stays a POST (RFC 9110), as on the Node server.
  if (!/^\d{0,5}$/.test(publicPort))
    throw new Error(`nginx-config: the public port must be a number, got "${publicPort}"`);
  const publicHost = `${serverName === "_" ? "$host" : "$server_name"}${publicPort ? `:${publicPort}` : ""}`;
  const toHttps = `return 308 https://${publicHost}$request_uri;`;
  const redirect = [
    `listen ${redirectListen}; ${REDIRECT_LISTEN_TAG}`,
    `server_name ${serverName};`,
    "server_tokens off;",
    toHttps,
  ];

  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(apiUpstream)) {
    throw new Error(`nginx-config: the API upstream must be host:port, got "${apiUpstream}"`);
  }
  /**
   * What the Node server answers by the roles' timetable, with its own headers (the same
   * policy, chosen per answer: a page, the 410 page, the sitemap), which nginx neither adds
   * to nor doubles. Should that server not answer (stopped, restarting), `fallback`, a
   * location serving the build's own file: a role closed since the build is then offered a
   * little longer, rather than the page failing.
   */
  const roleAnswers = (fallback: string) => [
    ...toSiteServer(),
    "# Any add_header stops the server's from being inherited (and doubled); this one is empty for GET and HEAD.",
    "add_header Allow $site_allow always;",
    "proxy_connect_timeout 5s;",
    `error_page 502 504 = ${fallback};`,
    "# So that the fallback's own 404 is the 404 page.",
    "recursive_error_pages on;",
  ];
  const requestPage = ROUTES.requestInvitation.path;

  /** What both server blocks share: the listen line (and its TLS template), the root, types, compression. */
  const serving = (name: string) => [
    "# Behind a load balancer that terminates TLS, it forwards to this port. To serve TLS",
    "# from this nginx instead, replace the line below with this template:",
    "#   listen 443 ssl http2;",
    "#   listen [::]:443 ssl http2;",
    `#   ssl_certificate     /etc/letsencrypt/live/${name}/fullchain.pem;`,
    `#   ssl_certificate_key /etc/letsencrypt/live/${name}/privkey.pem;`,
    "#   ssl_protocols TLSv1.2 TLSv1.3;",
    "#   ssl_session_cache shared:SSL:10m;",
    `listen ${listen}; ${SITE_LISTEN_TAG}`,
    `server_name ${name};`,
    `root ${root};`,
    "",
    "server_tokens off;",
    "autoindex off;",
    "# Not `on`: with it, Debian's brotli_static (1.0.0~rc) reads past the file name and",
    "# often falls back to gzip. The build holds no symbolic links (postbuild refuses them).",
    "disable_symlinks off;",
    "sendfile on;",
    "# Redirects carry a relative Location, right behind any proxy or port mapping.",
    "absolute_redirect off;",
    "",
    ...block("types", types),
    `default_type ${DEFAULT_CONTENT_TYPE};`,
    "charset utf-8;",
    // text/html is always in charset_types; naming it again makes nginx warn.
    `charset_types ${UTF8_CONTENT_TYPES.filter((type) => type !== "text/html").join(" ")};`,
    "",
    "# Everything compressible was compressed at build time (.br, .gz beside each file).",
    "gzip off;",
    "gzip_static on;",
    "brotli_static on;",
    "gzip_vary on;",
    "",
  ];
  /** The site's answers before a location is chosen: http -> https behind a proxy, methods, one canonical form. */
  const refusals = (httpsHost: string) => [
    "# A load balancer that terminated TLS says a visitor came over plain http: send them to https.",
    "# Local requests carry no X-Forwarded-Proto and are served as they are.",
    `if ($http_x_forwarded_proto ~* "^\\s*http\\s*(,|$)") {`,
    `    return 308 https://${httpsHost}$request_uri;`,
    "}",
    "# Pages take GET and HEAD; the API (its own methods) is left to the Node server.",
    "if ($site_method_refused) {",
    "    return 405;",
    "}",
    "# One canonical form, without a trailing slash: /mission/ -> /mission, query kept.",
    "# Matched on the raw request line, so nothing decoded (CR, LF) reaches Location, and",
    "# the first segment must not start with / or \\ (no //host open redirect). Not for the API.",
    // \x5c is the backslash: nginx's parser would unescape a literal one.
    `if ($request_uri ~ "^(/(?!${API_PATHS.slice(1)})[^/\\x5c?][^?]*?)/+(\\?.*)?$") {`,
    "    return 301 $1$2;",
    "}",
  ];
  const editorHost = editor && editorOrigin ? new URL(editorOrigin) : null;
  const editorPageHeaders = [
    ...Object.entries({ ...editorHeaders(), "Cache-Control": CACHE_CONTROL.revalidate }).map(
      ([name, value]) => `add_header ${name} ${quoted(value)} always;`,
    ),
    "add_header Strict-Transport-Security $site_hsts always;",
  ];
  /**
   * The editor's own server block: its page, its files and its sign-in, nothing else; everything
   * answered under its policy, a missing path in plain words, as the Node server answers it.
   */
  const editorServer = (host: URL) => [
    ...serving(host.hostname),
    "# Answers made here (redirects, refusals, 404) carry the editor's policy.",
    ...editorPageHeaders,
    "add_header Allow $site_allow always;",
    "error_page 404 = @site_editor_not_found;",
    "",
    ...refusals(`$server_name${host.port ? `:${host.port}` : ""}`),
    "",
    ...block("location = /", [`return 302 ${EDITOR_PATH};`]),
    ...block(`location = ${EDITOR_PATH}`, [...editorPageHeaders, `try_files ${EDITOR_PATH}/index.html =404;`]),
    "# Its script and chunks, and the images its previews draw.",
    ...block(`location ^~ ${EDITOR_PATH}/`, [
      ...block(`location ~* "${hidden}"`, ["return 404;"]),
      ...headers("short", "files"),
      "try_files $uri =404;",
    ]),
    "# The sign-in, the API and the history: answered by the Node server, under the headers it sends for this host.",
    ...block(`location ^~ ${API_PREFIX}/editor/`, [
      ...toSiteServer(),
      "# An image of the editor's library comes as base64 in JSON (server/editor/api.ts, EDITOR_API_BODY_LIMIT).",
      "client_max_body_size 12m;",
      "# An add_header of its own keeps the server block's from being added to the Node server's.",
      "proxy_hide_header X-Content-Type-Options;",
      ...Object.entries(COMMON_HEADERS).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`),
    ]),
    "# Nothing of the site: no visitor's page, file or endpoint.",
    ...block("location /", ["return 404;"]),
    ...block("location @site_editor_not_found", ['default_type "text/plain";', 'return 404 "Not Found\\n";']),
  ];

  const server = [
    ...serving(serverName),
    `error_page 404 ${NOT_FOUND_FILE};`,
    "",
    "# Answers made here, before a location is chosen (405, redirects), carry these.",
    ...headers("revalidate"),
    "add_header Allow $site_allow always;",
    "",
    ...refusals(publicHost),
    "",
    `# The request API: answered by the Node server.`,
    ...block(`location ^~ ${API_PATHS}`, apiLocation()),
    "# The pages of the team's answer links: their URL holds a token, so they send no Referer (the Node server's own).",
    ...block(`location = ${apiPath(API_ROUTES.answer)}`, [
      "# Its URL carries the link's token: kept out of the access log.",
      "access_log off;",
      ...apiLocation(["Referrer-Policy"]),
    ]),
    "",
    "# The roles open and close on their day: the Node server knows which are open (404, 410, the list, the home",
    "# page's band of them, the sitemap, the feed).",
    ...block("location = /", roleAnswers("@site_page_file")),
    ...block(`location = ${ROLES_PATH}`, roleAnswers("@site_page_file")),
    ...block(`location ^~ ${ROLES_PATH}/`, roleAnswers("@site_page_file")),
    ...block(`location = ${SITEMAP_PATH}`, roleAnswers("@site_sitemap_file")),
    ...block(`location = ${ROLES_FEED_PATH}`, roleAnswers("@site_sitemap_file")),
    ...block("location @site_page_file", [...headers("revalidate"), "try_files $uri/index.html =404;"]),
    ...block("location @site_sitemap_file", [...headers("revalidate", "files"), "try_files $uri =404;"]),
    "",
    ...QUERY_PAGES.flatMap((page, index) => [
      `# ${page.path} with its query is answered with ${page.file}, never served at its own path.`,
      ...(page.path === requestPage
        ? [`# With a role in its query, by the Node server: with that role chosen while it is open.`]
        : []),
      ...block(`location = ${page.path}`, [
        ...headers("revalidate"),
        ...(page.path === requestPage
          ? [
              // error_page here replaces the server's, so 404 is named again; recursive, for the fallback.
              `error_page 404 ${NOT_FOUND_FILE};`,
              "error_page 418 = @site_role_request_page;",
              "recursive_error_pages on;",
              "if ($site_role_query) {",
              "    return 418;",
              "}",
            ]
          : []),
        `try_files $site_query_page_${index} =404;`,
      ]),
      ...block(`location = ${page.hiddenPath}`, ["return 404;"]),
      ...(page.path === requestPage
        ? [
            ...block("location @site_role_request_page", roleAnswers(`@site_query_page_${index}_file`)),
            ...block(`location @site_query_page_${index}_file`, [
              ...headers("revalidate"),
              `try_files $site_query_page_${index} =404;`,
            ]),
          ]
        : []),
      "",
    ]),
    "# The request page with a role chosen answers its query only, never its own path.",
    ...block(`location ^~ ${ROLE_REQUEST_PAGES_PATH}/`, ["return 404;"]),
    ...block(`location = ${ROLE_REQUEST_PAGES_PATH}`, ["return 404;"]),
    "",
    ...(editorHost
      ? [
          `# The editor is served on its own origin (${editorHost.origin}), never here: its token stays out of these pages' reach.`,
          ...block(`location = ${EDITOR_PATH}`, ["return 404;"]),
          ...block(`location ^~ ${EDITOR_PATH}/`, ["return 404;"]),
          "",
        ]
      : editor
        ? [
            "# The editor's page: its own policy (Decap needs 'unsafe-eval' and inline styles), never indexed.",
            ...block(`location = ${EDITOR_PATH}`, [...editorPageHeaders, `try_files ${EDITOR_PATH}/index.html =404;`]),
            "",
          ]
        : []),
    "# Pages: an extensionless path is a prerendered route, <path>/index.html.",
    ...block("location /", [...headers("revalidate"), "try_files $uri/index.html =404;"]),
    "",
    ...(indexNowKey
      ? [
          "# IndexNow's key file (INDEXNOW_KEY): the engines fetch it to check that the pushes are the site's.",
          ...block(`location = ${indexNowKeyPath(indexNowKey)}`, [
            ...headers("revalidate", "files"),
            'default_type "text/plain";',
            `return 200 ${quoted(indexNowKey)};`,
          ]),
          "",
        ]
      : []),
    "# The 404 page, only as the body of 404 answers.",
    ...block(`location = ${NOT_FOUND_FILE}`, ["internal;", ...headers("revalidate")]),
    "",
    ...[ROBOTS_PATH].flatMap((path) => [
      ...block(`location = ${path}`, [...headers("revalidate", "files"), "try_files $uri =404;"]),
      "",
    ]),
    "# Content-hashed files: cached for a year.",
    ...block(`location ^~ ${ASSETS_PREFIX}`, [
      ...block(`location ~* "${hidden}"`, ["return 404;"]),
      ...headers("immutable", "files"),
      "try_files $uri =404;",
    ]),
    "",
    "# Never served at their own URL: HTML files (pages have their route path),",
    "# precompressed variants, source maps, dotfiles.",
    ...block(`location ~* "${hidden}"`, ["return 404;"]),
    "",
    "# Other public files (favicon, brand icons, social images, manifest).",
    ...block(`location ~ "[^/]\\.[^/.]+$"`, [...headers("short", "files"), "try_files $uri =404;"]),
  ];

  return [
    "# Generated by scripts/build/postbuild.ts from server/http/csp.ts and server/http/static-policy.ts: rebuild rather than edit.",
    "# For nginx's http {} context (Debian: /etc/nginx/conf.d/). Set `root` to the folder",
    "# holding the build's client/ files, and the site's `listen` (a port behind your load",
    "# balancer, or the TLS template below). brotli_static needs Debian's",
    "# libnginx-mod-http-brotli-static; see docs/deployment/build-and-hosting.md.",
    "",
    "# nginx has no constants at http level: a map with only a default holds the CSP.",
    ...block(`map $request_method ${CSP_VARIABLE}`, [`default ${quoted(csp)};`]),
    "",
    "# API requests, decided on the raw request line as the Node server decides them.",
    ...block("map $request_uri $site_api", [`"~^${API_PATHS}" 1;`, "default 0;"]),
    "",
    ...block('map "$site_api:$request_method" $site_method_refused', [
      `"~^1:" "";`,
      `"~^0:(${methods})$" "";`,
      "default 1;",
    ]),
    "",
    ...block("map $request_method $site_allow", [
      ...ALLOWED_METHODS.map((method) => `${method} "";`),
      `default ${quoted(ALLOW_HEADER)};`,
    ]),
    "",
    ...QUERY_PAGES.flatMap((page, index) => [
      `# Which file answers ${page.path}: decided on the raw query, as the Node server decides it.`,
      ...block(`map $args $site_query_page_${index}`, [
        `${quotedPattern(page.query)} ${page.file};`,
        `default ${page.path}/index.html;`,
      ]),
      "",
    ]),
    `# Whether the request page's query names a role (then the Node server answers it).`,
    ...block("map $args $site_role_query", [`${quotedPattern(ROLE_QUERY_PATTERN)} 1;`, 'default "";']),
    "",
    "# Whether the visitor came over https: TLS here, or a proxy in front that terminated it (then",
    "# https, else nothing: a visitor a proxy marked as plain http was redirected to https).",
    ...block('map "$scheme:$http_x_forwarded_proto" $site_proto', [
      'default "";',
      '"~^https:" https;',
      '"~*^http:\\s*https\\s*(,|$)" https;',
    ]),
    "",
    "# HSTS only for requests that came over https.",
    ...block("map $site_proto $site_hsts", ['default "";', `https ${quoted(HSTS_VALUE)};`]),
    "",
    "# The Node server: the API, and what depends on the roles' timetable.",
    ...block(`upstream ${SITE_SERVER_UPSTREAM}`, [`server ${apiUpstream}; ${SITE_SERVER_TAG}`]),
    "",
    "# Plain http: every request is redirected to the same URL over https.",
    ...block("server", redirect),
    "",
    ...block("server", server),
    "",
    ...(editorHost
      ? [
          "# The editor's own origin (EDITOR_ORIGIN, docs/deployment/editor.md), over https too.",
          ...block("server", [
            `listen ${redirectListen}; ${REDIRECT_LISTEN_TAG}`,
            `server_name ${editorHost.hostname};`,
            "server_tokens off;",
            `return 308 https://$server_name${editorHost.port ? `:${editorHost.port}` : ""}$request_uri;`,
          ]),
          "",
          ...block("server", editorServer(editorHost)),
          "",
        ]
      : []),
  ].join("\n");
}

/** Where certbot keeps each name's certificate: `<dir>/<name>/fullchain.pem` and `privkey.pem`. */
export const NGINX_DEFAULT_CERTIFICATES = "/etc/letsencrypt/live";

export interface NginxProxyInput {
  /** SITE_URL's host name. */
  serverName: string;
  /** EDITOR_ORIGIN's host name, when the editor has its own: a server block of its own. */
  editorName?: string | null;
  /** `host:port` of the supervisor's socket (127.0.0.1:4173, ta-network.socket's). */
  upstream?: string;
  /** The folder of the certificates, one folder per name. */
  certificates?: string;
  /** The ports nginx listens on: 443 and 80 in production, others in a test. */
  httpsPort?: number;
  httpPort?: number;
}

/**
 * The complete nginx configuration of the one-machine deployment (docs/deployment.md), where the
 * Node server answers everything and nginx terminates TLS: for each name (the site's, the editor's
 * on its own), plain http redirected to https, and a TLS server block passing every request to the
 * Node server with its Host, the client's address and the scheme. The answer links' tokens are kept
 * out of the access log. For nginx's http {} context (Debian: /etc/nginx/conf.d/); `nginx -t` of
 * Debian 12's nginx 1.22 takes it (hosting/host-configs.test.ts).
 */
export function renderNginxProxyConfig({
  serverName,
  editorName = null,
  upstream = NGINX_DEFAULT_API_UPSTREAM,
  certificates = NGINX_DEFAULT_CERTIFICATES,
  httpsPort = 443,
  httpPort = 80,
}: NginxProxyInput): string {
  const names = [serverName, ...(editorName ? [editorName] : [])];
  for (const name of names) {
    if (!/^[A-Za-z0-9.-]+$/.test(name)) throw new Error(`nginx-config: not a host name: "${name}"`);
  }
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(upstream)) {
    throw new Error(`nginx-config: the upstream must be host:port, got "${upstream}"`);
  }
  if (/[\s;{}"']/.test(certificates)) throw new Error(`nginx-config: unsafe character in ${certificates}`);
  const https = httpsPort === 443 ? "" : `:${httpsPort}`;
  const proxied = [
    "proxy_pass http://ta_network;",
    "proxy_http_version 1.1;",
    'proxy_set_header Connection "";',
    "# The Host as the browser sent it: the Node server tells the site's name from the editor's by it,",
    "# and compares it with Origin (so no ALLOWED_ORIGINS is needed behind this proxy).",
    "proxy_set_header Host $host;",
    "# The client's address, which the Node server reads with TRUST_PROXY=1.",
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "proxy_set_header X-Forwarded-Proto https;",
  ];
  const tlsServer = (name: string, isSite: boolean) =>
    block("server", [
      `listen ${httpsPort} ssl http2;`,
      `listen [::]:${httpsPort} ssl http2;`,
      `server_name ${name};`,
      "server_tokens off;",
      `ssl_certificate     ${certificates}/${name}/fullchain.pem;`,
      `ssl_certificate_key ${certificates}/${name}/privkey.pem;`,
      "ssl_protocols TLSv1.2 TLSv1.3;",
      "ssl_session_cache shared:ta_network_tls:10m;",
      "client_max_body_size 1m;",
      "",
      ...(isSite
        ? [
            "# The team's answer links carry a token in their URL: not written to the access log.",
            ...block(`location = ${apiPath(API_ROUTES.answer)}`, [
              "access_log off;",
              ...proxied.filter((line) => !line.startsWith("#")),
            ]),
          ]
        : []),
      ...block("location /", proxied),
    ]);
  return [
    "# The one-machine deployment's nginx (docs/deployment.md): TLS here, everything answered by the Node server.",
    "# Generated by hosting/nginx-config.ts from the settings (SITE_URL, EDITOR_ORIGIN): generate again rather than edit.",
    "",
    ...block("upstream ta_network", [`server ${upstream};`, "keepalive 16;"]),
    "",
    "# Plain http: redirected to the same URL over https, for each name.",
    ...names.flatMap((name) => [
      ...block("server", [
        `listen ${httpPort};`,
        `listen [::]:${httpPort};`,
        `server_name ${name};`,
        "server_tokens off;",
        `return 308 https://$server_name${https}$request_uri;`,
      ]),
      "",
    ]),
    ...tlsServer(serverName, true),
    ...(editorName
      ? [
          "",
          "# The editor's own name (EDITOR_ORIGIN): the Node server answers only the editor there.",
          ...tlsServer(editorName, false),
        ]
      : []),
    "",
  ].join("\n");
}
