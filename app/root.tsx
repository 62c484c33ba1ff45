import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { SiteShell } from "~/components/layout/site-shell";
import { ErrorScreen } from "~/components/layout/error-screen";

// The site's CSS is small, so it is inlined in the prerendered HTML: the first paint
// waits for no stylesheet request (DECISIONS §3). The text is imported at prerender
// time only; in the browser the element already holds it and is reused untouched.
const SITE_CSS_ID = "site-css";
const siteCss: string = import.meta.env.SSR
  ? (await import("./styles/app.css?inline")).default
  : (globalThis.document?.getElementById(SITE_CSS_ID)?.textContent ?? "");

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/brand/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/brand/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// Set on <html> once React has hydrated the page. Hydration starts only after the
// first paint (scripts/build/defer-hydration.ts), later than the load event, so the browser
// tests (tests/e2e/fixtures.ts) wait for this before they interact.
const HYDRATED_ATTRIBUTE = "data-hydrated";

// Marks the document as having JavaScript before the body is parsed, so CSS can show
// what only works without it (the `no-js:` and `js:` variants in app.css) from the first paint.
const MARK_SCRIPTING = 'document.documentElement.classList.add("js")';

export function Layout({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <script dangerouslySetInnerHTML={{ __html: MARK_SCRIPTING }} />
        <style id={SITE_CSS_ID} dangerouslySetInnerHTML={{ __html: siteCss }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  console.error(error);
  return (
    <SiteShell>
      <ErrorScreen detail={detail} />
    </SiteShell>
  );
}
