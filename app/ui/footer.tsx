import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { commandButtonProps, membershipTermsDialogId } from "./dialog-commands";
import { FacebookIcon, InstagramIcon, LineIcon, socialUrl } from "./social-icons";
import { helpMenu } from "./storefront-menu";

export interface FooterSite {
  name: string;
  address: string;
  phone: string;
  email: string;
  facebook: string;
  instagram: string;
  line: string;
}

const footerLink = "rounded hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white";

/**
 * Spec §2 footer: help links, membership terms, contact details in the page's language and social
 * links from the shop settings. Phones get one centred column, wider screens four columns.
 */
export function Footer({ locale, site }: { locale: Locale; site: FooterSite }) {
  const { t } = useTranslation();
  const socials = [
    { kind: "facebook", label: "Facebook", icon: FacebookIcon, url: socialUrl("facebook", site.facebook) },
    { kind: "instagram", label: "Instagram", icon: InstagramIcon, url: socialUrl("instagram", site.instagram) },
    { kind: "line", label: "LINE", icon: LineIcon, url: socialUrl("line", site.line) },
  ] as const;
  return (
    <footer className="mt-12 bg-ink text-sm text-white/80" data-testid="footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 text-center md:grid-cols-4 md:text-left">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2">{t("tagline")}</p>
        </div>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-3 font-semibold text-white">
            {t("footer.links")}
          </h2>
          <ul className="space-y-2">
            {helpMenu.map((item) => (
              <li key={item.path}>
                <Link to={localizePath(locale, item.path)} className={footerLink}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
            <li>
              <button {...commandButtonProps(membershipTermsDialogId, "show-modal")} className={footerLink} aria-haspopup="dialog">
                {t("footer.membershipTerms")}
              </button>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-semibold text-white">
            {t("footer.contactUs")}
          </h2>
          <address className="space-y-2 not-italic">
            {site.address ? (
              <p className="flex items-start justify-center gap-2 md:justify-start">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span className="sr-only">{t("footer.address")}: </span>
                <span className="whitespace-pre-line">{site.address}</span>
              </p>
            ) : null}
            {site.phone ? (
              <p className="flex items-center justify-center gap-2 md:justify-start">
                <Phone className="size-4 shrink-0" aria-hidden />
                <span className="sr-only">{t("footer.phone")}: </span>
                <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className={footerLink}>
                  {site.phone}
                </a>
              </p>
            ) : null}
            {site.email ? (
              <p className="flex items-center justify-center gap-2 md:justify-start">
                <Mail className="size-4 shrink-0" aria-hidden />
                <span className="sr-only">{t("footer.email")}: </span>
                <a href={`mailto:${site.email}`} className={footerLink}>
                  {site.email}
                </a>
              </p>
            ) : null}
          </address>
        </section>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="mb-3 font-semibold text-white">
            {t("footer.followUs")}
          </h2>
          <ul className="flex justify-center gap-3 md:justify-start">
            {socials.map(({ kind, label, icon: Icon, url }) =>
              url ? (
                <li key={kind}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <Icon />
                    <span className="sr-only">{label}</span>
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10 px-4 py-4 text-center text-xs text-white/70">
        {t("footer.copyright", { year: new Date().getFullYear(), name: site.name })}
      </div>
    </footer>
  );
}
