// The one-machine deployment's nginx configuration from the settings (docs/deployment.md, step 7):
//
//   node --env-file=/etc/ta-network/env --import tsx hosting/print-nginx-proxy.ts > ta-network.conf
//
// SITE_URL's name and EDITOR_ORIGIN's, each with its certificate under /etc/letsencrypt/live/<name>/
// (--certificates <dir> for another folder), everything passed to the Node server on 127.0.0.1:4173
// (ta-network.socket's address; --upstream host:port for another).
import { parseArgs } from "node:util";
import { parseSiteConfig } from "#shared/site-config.ts";
import { NGINX_DEFAULT_API_UPSTREAM, NGINX_DEFAULT_CERTIFICATES, renderNginxProxyConfig } from "./nginx-config";

const { values } = parseArgs({
  options: {
    certificates: { type: "string", default: NGINX_DEFAULT_CERTIFICATES },
    upstream: { type: "string", default: NGINX_DEFAULT_API_UPSTREAM },
  },
});
const site = parseSiteConfig(process.env);
process.stdout.write(
  renderNginxProxyConfig({
    serverName: new URL(site.siteUrl).hostname,
    editorName: site.editorOrigin ? new URL(site.editorOrigin).hostname : null,
    upstream: values.upstream,
    certificates: values.certificates,
  }),
);
