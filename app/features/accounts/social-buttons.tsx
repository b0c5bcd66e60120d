import { clsx } from "clsx";

import type { SocialProvider } from "~/domain/social-providers";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

/**
 * "Continue with LINE / Google / Facebook" on /login and /register: plain links to
 * `/auth?provider=…` (the sign-in starts with a full page load, before or without JavaScript).
 * Only configured providers are passed in; none → nothing is shown.
 */
// Brand colours darkened where white text on them would fall below 4.5:1 contrast.
const providerStyles: Record<SocialProvider, string> = {
  line: "bg-[#047d35] text-white border-[#047d35] hover:bg-[#036b2d]",
  google: "bg-white text-ink border-line hover:bg-surface-muted",
  facebook: "bg-[#1464d0] text-white border-[#1464d0] hover:bg-[#1157b8]",
};

export function SocialButtons({ providers, redirectTo }: { providers: readonly SocialProvider[]; redirectTo?: string | null }) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  if (providers.length === 0) return null;
  return (
    <div className="mt-6" data-testid="social-sign-in">
      <div className="mb-4 flex items-center gap-3 text-sm text-ink-muted" aria-hidden>
        <span className="h-px flex-1 bg-line" />
        {t("social.or")}
        <span className="h-px flex-1 bg-line" />
      </div>
      <ul className="flex flex-col gap-2">
        {providers.map((provider) => {
          const query = new URLSearchParams({ provider });
          if (redirectTo) query.set("redirectTo", redirectTo);
          return (
            <li key={provider}>
              <a
                href={`${localizePath(locale, "/auth")}?${query.toString()}`}
                rel="nofollow"
                className={clsx(
                  "flex w-full items-center justify-center rounded-md border px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-primary",
                  providerStyles[provider],
                )}
                data-testid={`social-${provider}`}
              >
                {t("social.continueWith", { provider: t(`social.providers.${provider}`) })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
