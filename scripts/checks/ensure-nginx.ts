// The browser tests also serve the build with a real nginx: Debian's package and its
// brotli_static module (the generated configuration uses it). Installed with apt when
// missing and running as root; otherwise the message says how.
import { join } from "node:path";
import { ensureDebianPackage } from "./ensure-chromium";
import { NGINX_BROTLI_STATIC_MODULE } from "../../hosting/nginx-config";

export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const NGINX_MODULES_DIR = "/usr/lib/nginx/modules";
export const NGINX_BROTLI_MODULE_PATH = join(NGINX_MODULES_DIR, NGINX_BROTLI_STATIC_MODULE);

export function ensureNginx(): void {
  ensureDebianPackage(NGINX_PATH, "nginx");
  ensureDebianPackage(NGINX_BROTLI_MODULE_PATH, "libnginx-mod-http-brotli-static");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNginx();
}
