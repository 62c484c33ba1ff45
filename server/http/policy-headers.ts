/**
 * The headers of every answer, the policy nginx's configuration and the static hosts' `_headers`
 * are given too: the Content-Security-Policy and security headers of the build served, read
 * from the configuration it was built with (./csp.ts, ./policy-config.ts), the editor's own on
 * its host and its page; HSTS on a request that came over https; caching by the file's class
 * (./static-policy.ts), anything else revalidated; and a visitor a TLS-terminating proxy
 * received over plain http sent to https.
 */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { TLSSocket } from "node:tls";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { answerText, closeAfterAnswer } from "./answers";
import { buildCsp, documentHeaders, EDITOR_PATH, editorHeaders, HSTS_VALUE, securityHeaders } from "./csp";
import { collectInlineScriptHashes } from "./inline-scripts";
import { readPolicyConfig } from "./policy-config";
import { UPCOMING_ROLES_FOLDER } from "./role-documents";
import {
  CACHE_CONTROL,
  cacheClassFor,
  cameOverPlainHttp,
  httpsLocation,
  isDocumentFile,
  isHttpsRequest,
} from "./static-policy";

declare module "fastify" {
  interface FastifyInstance {
    /** Sets the policy's headers on an answer; true when the request came over plain http and goes to https instead. */
    setPolicyHeaders(request: FastifyRequest, reply: FastifyReply): boolean;
  }
  interface FastifyReply {
    /** The site's headers of a document, whatever was asked for (the 404 and 410 pages). */
    documentPolicy(): FastifyReply;
    /** The headers of the build's file `file`: none of a document's on a script, style or image; the editor's on its page; its cache class. */
    filePolicy(file: string): FastifyReply;
  }
}

export interface PolicyHeadersOptions {
  /** The built site (BUILD_DIR/client): its inline scripts, and beside it the policy configuration it was built with. */
  root: string;
  /** SITE_URL's host, with its port: where a proxy's plain-http requests are redirected. */
  publicHost: string;
}

export const policyHeaders = fp<PolicyHeadersOptions>(
  async (app, { root, publicHost }) => {
    const config = readPolicyConfig(dirname(root));
    // The pages of roles posted ahead run the same scripts: their hashes are allowed from the start.
    const upcomingFolder = join(dirname(root), UPCOMING_ROLES_FOLDER);
    const upcomingRoots = existsSync(upcomingFolder)
      ? readdirSync(upcomingFolder).map((slug) => join(upcomingFolder, slug))
      : [];
    const scriptHashes = [...new Set([root, ...upcomingRoots].flatMap(collectInlineScriptHashes))].sort();
    const site = securityHeaders(buildCsp({ scriptHashes, ...config }), { reports: config.reports });
    const documentOnly = Object.keys(documentHeaders("", { reports: config.reports }));
    // The editor's page, in a build with one, under its own policy (csp.ts, editorCsp).
    const editorFile = config.editor ? `${EDITOR_PATH}/index.html` : null;
    const editor = editorHeaders();
    const { editorHost } = app;

    app.decorate("setPolicyHeaders", (request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(editorHost.isFor(request) ? editor : site);
      const encrypted = (request.raw.socket as Partial<TLSSocket>).encrypted === true;
      const forwardedHeader = request.headers["x-forwarded-proto"];
      const forwardedProto = Array.isArray(forwardedHeader) ? forwardedHeader[0] : forwardedHeader;
      if (isHttpsRequest(encrypted, forwardedProto)) reply.header("Strict-Transport-Security", HSTS_VALUE);
      // Anything that is not a file found (redirects, errors, the 404 page) is revalidated.
      reply.header("Cache-Control", CACHE_CONTROL.revalidate);
      return !encrypted && cameOverPlainHttp(forwardedProto);
    });
    app.decorateReply("documentPolicy", function (this: FastifyReply) {
      return this.headers(site);
    });
    app.decorateReply("filePolicy", function (this: FastifyReply, file: string) {
      // Scripts, styles, images and data files are not documents: no CSP and its kin.
      if (!isDocumentFile(file)) for (const name of documentOnly) this.removeHeader(name);
      if (file === editorFile) this.removeHeader("Reporting-Endpoints").headers(editor);
      return this.header("Cache-Control", CACHE_CONTROL[cacheClassFor(file)]);
    });

    // A callback hook (on every request, no promise each): an answer given here ends the request.
    app.addHook("onRequest", (request, reply, done) => {
      if (!app.setPolicyHeaders(request, reply)) return done();
      // 308, not 301: a POST stays a POST (RFC 9110); SITE_URL's port is kept.
      closeAfterAnswer(request, reply);
      const host = editorHost.isFor(request) ? editorHost.host! : publicHost;
      void answerText(reply.header("Location", httpsLocation(host, request.url)), 308, "Permanent Redirect");
    });
  },
  { name: "policy-headers", fastify: "5.x", dependencies: ["editor-host"] },
);
