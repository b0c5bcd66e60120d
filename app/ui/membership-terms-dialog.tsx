import { Link } from "react-router";

import { privacyNumbers } from "~/domain/privacy";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { closeDialog, commandButtonProps, membershipTermsDialogId } from "./dialog-commands";
import { useHydrated } from "./use-hydrated";

/**
 * Spec §1/§2: the privacy text titled "membership terms" — persistent (no Escape, no backdrop
 * click: it closes only with its own buttons), scrollable, at most 800 px wide. Open it with a
 * button carrying `commandButtonProps(id, "show-modal")` or `openDialog(id)`.
 * `onAccept` (e.g. the register form's checkbox) adds an Accept button next to Close.
 */
export function MembershipTermsDialog({
  id = membershipTermsDialogId,
  locale,
  company,
  email,
  onAccept,
}: {
  id?: string;
  locale: Locale;
  company: string;
  email: string;
  onAccept?: () => void;
}) {
  const { t } = useTranslation("terms");
  const { t: tc } = useTranslation();
  const hydrated = useHydrated();
  const titleId = `${id}-title`;
  const sections = ["controller", "purpose", "data", "retention"] as const;
  return (
    <dialog
      id={id}
      closedby="none"
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
      className="m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-[800px] flex-col rounded-xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/50 open:flex"
      data-testid="membership-terms-dialog"
      data-hydrated={hydrated ? "true" : undefined}
    >
      <h2 id={titleId} className="border-b border-line px-6 py-4 text-xl font-semibold">
        {t("title")}
      </h2>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-6 py-4 leading-relaxed" tabIndex={0}>
        <p>{t("intro", { company })}</p>
        {sections.map((section) => (
          <section key={section}>
            <h3 className="font-semibold">{t(`${section}.heading`)}</h3>
            <p className="text-ink-muted">{t(`${section}.body`, { company, ...privacyNumbers })}</p>
          </section>
        ))}
        <section>
          <h3 className="font-semibold">{t("rights.heading")}</h3>
          <p className="text-ink-muted">
            {t("rights.body")}{" "}
            {email ? (
              <a href={`mailto:${email}`} className="font-semibold text-primary-dark underline">
                {email}
              </a>
            ) : null}
          </p>
        </section>
        <section>
          <h3 className="font-semibold">{t("breach.heading")}</h3>
          <p className="text-ink-muted">{t("breach.body", privacyNumbers)}</p>
        </section>
        <p>
          {t("policy.before")}{" "}
          <Link to={localizePath(locale, "/privacy-policy")} className="font-semibold text-primary-dark underline" onClick={() => closeDialog(id)}>
            {t("policy.link")}
          </Link>
        </p>
      </div>
      <div className="flex justify-end gap-2 border-t border-line px-6 py-3">
        <button {...commandButtonProps(id, "close")} className="btn-ghost border border-line">
          {tc("actions.close")}
        </button>
        {onAccept ? (
          <button
            {...commandButtonProps(id, "close")}
            onClick={() => {
              closeDialog(id);
              onAccept();
            }}
            className="btn-primary"
          >
            {tc("actions.accept")}
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
