import { ExternalLink } from "#app/components/ui/external-link.tsx";
import { buildYear, site } from "#app/config/site.ts";
import type { SiteWords } from "#shared/content/site.ts";
import { ROUTES } from "#shared/routes.ts";
import { profileName } from "#app/lib/network-profiles.ts";
import { Logo } from "./logo";

const linkClass = "rounded text-navy-100 underline-offset-4 transition-colors hover:text-white hover:underline";
const headingClass = "font-sans text-sm font-semibold tracking-wide text-gold-300 uppercase";

type FooterWords = Pick<SiteWords, "footer" | "newTabHint" | "profileSites">;

export function SiteFooter({
  words,
  rolesLink = null,
}: {
  words: FooterWords;
  /** The link to the list of open roles (which says so when none is open). */
  rolesLink?: string | null;
}) {
  const { footer: footerContent, newTabHint } = words;
  return (
    <footer className="bg-navy-950 text-navy-100">
      <div className="container-page grid gap-12 py-16 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="max-w-sm space-y-5">
          <Logo tone="light" />
          <p className="text-sm leading-relaxed text-navy-100/85">{footerContent.tagline}</p>
          <p className="text-sm">
            <span className="text-navy-100/85">{footerContent.supportedByLabel} </span>
            <ExternalLink newTabHint={newTabHint} href={site.supporter.url} className={linkClass}>
              {site.supporter.name}
            </ExternalLink>
          </p>
        </div>
        <nav aria-labelledby="footer-about" className="space-y-4">
          <h2 id="footer-about" className={headingClass}>
            {footerContent.aboutHeading}
          </h2>
          <ul className="space-y-3 text-sm">
            {footerContent.aboutLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
            {rolesLink && (
              <li>
                <a href={ROUTES.openRoles.path} className={linkClass}>
                  {rolesLink}
                </a>
              </li>
            )}
          </ul>
        </nav>
        <div className="space-y-4">
          <h2 className={headingClass}>{footerContent.contactHeading}</h2>
          <p className="text-sm text-navy-100/85">{footerContent.contactLead}</p>
          {/* Whole: the column widens to the address (its min-content), which breaks only where no line could hold it. */}
          <a href={`mailto:${site.contactEmail}`} className={`${linkClass} block w-fit text-sm break-words`}>
            {site.contactEmail}
          </a>
          <NetworkProfileLinks profiles={site.networkProfiles} words={words} />
        </div>
        <div className="space-y-4">
          <h2 className={headingClass}>{footerContent.legalHeading}</h2>
          <ul className="space-y-3 text-sm">
            <li>
              <ExternalLink newTabHint={newTabHint} href={site.privacyPolicyUrl} className={linkClass}>
                {footerContent.privacyLabel}
              </ExternalLink>
            </li>
            <li>
              <a href={ROUTES.terms.path} className={linkClass}>
                {footerContent.termsLabel}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-sm text-navy-100/75">
          © {buildYear} The {site.siteName}. {footerContent.rightsReserved}
        </p>
      </div>
    </footer>
  );
}

/** The network's own profiles (NETWORK_PROFILE_URLS), each named by its site; nothing when none is set. */
export function NetworkProfileLinks({ profiles, words }: { profiles: readonly string[]; words: FooterWords }) {
  if (profiles.length === 0) return null;
  const { footer: footerContent, newTabHint, profileSites } = words;
  return (
    <div className="space-y-3 pt-3">
      <h3 id="footer-profiles" className="text-sm font-semibold text-white">
        {footerContent.profilesHeading}
      </h3>
      <ul aria-labelledby="footer-profiles" className="space-y-3 text-sm">
        {profiles.map((url) => (
          <li key={url}>
            <ExternalLink newTabHint={newTabHint} href={url} className={linkClass}>
              {profileName(url, profileSites)}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
