import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formFields } from "~/features/accounts/account-schemas";
import { FieldError, FormAlert, TextField } from "~/features/accounts/auth-form";
import { redirectWithToast } from "~/ui/toast.server";
import { requireCustomer } from "~/features/accounts/guards.server";
import { Avatar, IntentButton, Section } from "~/features/profile/account-ui";
import { avatarMaxBytes, avatarMaxLabel, removeAvatar, saveAvatar } from "~/features/profile/avatar.server";
import { accountFieldErrors, fieldIssue, passwordChangeSchema, profileSchema } from "~/features/profile/profile-schemas";
import { changePassword, getProfile, updateProfile } from "~/features/profile/profile.server";
import { intlLocale, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { mediaUrl } from "~/ui/product-card";
import { ProfileLayout } from "~/ui/profile-layout";
import type { Route } from "./+types/my-profile";

/**
 * Spec §2 /my-profile (profile layout): personal details, profile picture (R2), change password,
 * points balance. Customers only (guests go to sign in, staff home) — in the loader and the action.
 * Four forms told apart by `intent`: profile, avatar, remove-avatar, password. Success redirects
 * back with a one-off message (pryde_flash); bad input answers 400 with field messages.
 */
const profileFields = ["firstName", "lastName", "phone", "gender", "birthday"] as const;
const passwordFields = ["oldPassword", "password", "confirmPassword"] as const;
type Intent = "profile" | "avatar" | "remove-avatar" | "password";

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "account");
  const profile = await getProfile(env.DB, viewer.customerId);
  if (!profile) throw data(null, { status: 404 });
  return data({
    profile,
    avatarMaxLabel,
    meta: { title: t("meta.profile"), description: t("meta.profileDescription") },
  });
}

function done(request: Request, locale: Locale, message: "profileSaved" | "avatarSaved" | "avatarRemoved" | "passwordChanged") {
  return redirectWithToast(request, localizePath(locale, "/my-profile"), { key: `account:flash.${message}` });
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireCustomer(args);
  const { request, context } = args;
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "account");
  const invalid = (intent: Intent | null, issues: Parameters<typeof accountFieldErrors>[0], values: Record<string, string> = {}) =>
    data({ intent, errors: accountFieldErrors(issues, t), values }, { status: 400 });

  // A body far above the picture limit is refused before it is read.
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > avatarMaxBytes + 64 * 1024) return invalid("avatar", fieldIssue("avatar", `fileTooLarge:${avatarMaxLabel}`));
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return invalid(null, fieldIssue("form", "invalid"));
  }

  const intent = formData.get("intent");
  switch (intent) {
    case "profile": {
      const fields = formFields(formData, profileFields);
      const parsed = profileSchema.safeParse(fields);
      const values = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.slice(0, 200)]));
      if (!parsed.success) return invalid("profile", parsed.error.issues, values);
      await updateProfile(env.DB, viewer.customerId, parsed.data);
      return done(request, locale, "profileSaved");
    }
    case "avatar": {
      const result = await saveAvatar(env, viewer.customerId, formData.get("avatar"));
      if (!result.ok) return invalid("avatar", fieldIssue("avatar", result.problem === "fileTooLarge" ? `fileTooLarge:${avatarMaxLabel}` : result.problem));
      return done(request, locale, "avatarSaved");
    }
    case "remove-avatar": {
      await removeAvatar(env, viewer.customerId);
      return done(request, locale, "avatarRemoved");
    }
    case "password": {
      const fields = formFields(formData, passwordFields);
      const parsed = passwordChangeSchema.safeParse(fields);
      const profile = await getProfile(env.DB, viewer.customerId);
      const oldMissing = profile?.hasPassword && !fields.oldPassword ? fieldIssue("oldPassword", "required") : [];
      if (!parsed.success || oldMissing.length) return invalid("password", [...oldMissing, ...(parsed.success ? [] : parsed.error.issues)]);
      const result = await changePassword(env.DB, viewer, parsed.data.oldPassword, parsed.data.password);
      if (result === "incorrect") return invalid("password", fieldIssue("oldPassword", "oldPasswordIncorrect"));
      if (result === "throttled") return invalid("password", fieldIssue("oldPassword", "throttled"));
      return done(request, locale, "passwordChanged");
    }
    default:
      return invalid(null, fieldIssue("intent", "invalid"));
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("account:meta.profile") }] } satisfies BreadcrumbHandle;

const today = () => new Date().toISOString().slice(0, 10);

export default function MyProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const { t: tPurchases } = useTranslation("purchases");
  const locale = i18n.language as Locale;
  // A new visit (after a redirect) starts every form from the saved values again.
  const { key } = useLocation();
  const { profile } = loaderData;
  const action = localizePath(locale, "/my-profile");
  const errorsFor = (intent: Intent): Record<string, string> => (actionData?.intent === intent ? actionData.errors : {});
  const valuesFor = (intent: Intent): Record<string, string> => (actionData?.intent === intent ? actionData.values : {});
  const profileErrors = errorsFor("profile");
  const profileValues = valuesFor("profile");
  const value = (field: (typeof profileFields)[number], saved: string | number | null) => profileValues[field] ?? (saved === null ? "" : String(saved));
  const passwordErrors = errorsFor("password");
  const avatarErrors = errorsFor("avatar");
  const points = Math.trunc(profile.pointsBalance);
  const formattedPoints = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(points);
  const formError = actionData && actionData.intent === null ? Object.values(actionData.errors)[0] : null;

  return (
    <ProfileLayout locale={locale} title={t("profile.heading")}>
      <div className="flex flex-col gap-6" data-testid="profile-page">
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <Section testId="profile-summary">
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
            <Avatar src={profile.avatarKey ? mediaUrl(profile.avatarKey) : null} alt={t("profile.avatarAlt")} defaultAlt={t("profile.defaultAvatarAlt")} />
            <div className="flex flex-1 flex-col items-center gap-1 text-center sm:items-start sm:text-left">
              <p className="text-xl font-semibold" data-testid="profile-name">
                {profile.firstName} {profile.lastName}
              </p>
              <p className="text-sm text-ink-muted">{t("profile.memberEmail", { email: profile.email })}</p>
            </div>
            <div className="rounded-lg bg-primary/10 px-4 py-2 text-center" data-testid="points-balance">
              <p className="text-xs font-semibold uppercase text-primary-dark">{t("profile.points")}</p>
              <p className="text-2xl font-bold text-primary-darker">{t("profile.pointsBalance", { count: points, formatted: formattedPoints })}</p>
              <Link to={`${localizePath(locale, "/my-purchase")}#points`} className="text-xs text-primary-dark underline" data-testid="points-history-link">
                {tPurchases("points.history")}
              </Link>
            </div>
          </div>
        </Section>

        <Section title={t("profile.avatarHeading")} testId="avatar-section">
          <Form key={`avatar-${key}`} method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="avatar-file" className="text-sm font-semibold">
                {t("fields.avatar")}
              </label>
              <input
                id="avatar-file"
                type="file"
                name="avatar"
                accept="image/png,image/jpeg,image/gif,image/bmp,image/webp"
                required
                aria-invalid={avatarErrors.avatar ? true : undefined}
                aria-describedby="avatar-hint"
                className="text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface-muted file:px-3 file:py-2"
              />
              <p id="avatar-hint" className="text-xs text-ink-muted">
                {t("profile.avatarHint", { max: loaderData.avatarMaxLabel })}
              </p>
              <FieldError name="avatar" error={avatarErrors.avatar} />
            </div>
            <div className="flex flex-wrap gap-2">
              <IntentButton intent="avatar" pendingText={t("profile.uploading")}>
                {t("profile.upload")}
              </IntentButton>
            </div>
          </Form>
          {profile.avatarKey ? (
            <Form method="post" action={action} className="mt-2">
              <IntentButton intent="remove-avatar" variant="ghost">
                {t("profile.removeAvatar")}
              </IntentButton>
            </Form>
          ) : null}
        </Section>

        <Section title={t("profile.detailsHeading")} testId="details-section">
          {Object.keys(profileErrors).length ? <FormAlert tone="error">{t("validation.summary")}</FormAlert> : null}
          <Form key={`profile-${key}`} method="post" action={action} className="flex flex-col gap-4" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="firstName"
                label={t("fields.firstName")}
                autoComplete="given-name"
                required
                maxLength={100}
                defaultValue={value("firstName", profile.firstName)}
                error={profileErrors.firstName}
              />
              <TextField
                name="lastName"
                label={t("fields.lastName")}
                autoComplete="family-name"
                required
                maxLength={100}
                defaultValue={value("lastName", profile.lastName)}
                error={profileErrors.lastName}
              />
            </div>
            <TextField
              name="phone"
              type="tel"
              label={t("fields.phone")}
              optionalText={t("fields.optional")}
              autoComplete="tel"
              maxLength={20}
              defaultValue={value("phone", profile.phone)}
              error={profileErrors.phone}
            />
            <fieldset className="flex flex-col gap-1">
              <legend className="text-sm font-semibold">
                {t("fields.gender")} <span className="font-normal text-ink-muted">{t("fields.optional")}</span>
              </legend>
              <div className="flex gap-6 pt-1">
                {(["1", "2"] as const).map((gender) => (
                  <label key={gender} className="flex items-center gap-2">
                    <input type="radio" name="gender" value={gender} defaultChecked={value("gender", profile.genderId) === gender} />
                    {t(gender === "1" ? "fields.male" : "fields.female")}
                  </label>
                ))}
              </div>
              <FieldError name="gender" error={profileErrors.gender} />
            </fieldset>
            <TextField
              name="birthday"
              type="date"
              label={t("fields.birthday")}
              optionalText={t("fields.optional")}
              max={today()}
              min="1900-01-01"
              autoComplete="bday"
              defaultValue={value("birthday", profile.birthday)}
              error={profileErrors.birthday}
            />
            <div>
              <IntentButton intent="profile" pendingText={t("profile.saving")} className="w-full sm:w-auto">
                {t("profile.save")}
              </IntentButton>
            </div>
          </Form>
        </Section>

        <Section title={t("profile.passwordHeading")} testId="password-section">
          {profile.hasPassword ? null : <p className="mb-4 text-sm text-ink-muted">{t("profile.setPasswordIntro")}</p>}
          <Form key={`password-${key}`} method="post" action={action} className="flex flex-col gap-4" noValidate>
            {profile.hasPassword ? (
              <TextField
                name="oldPassword"
                type="password"
                label={t("fields.oldPassword")}
                autoComplete="current-password"
                required
                maxLength={1024}
                error={passwordErrors.oldPassword}
              />
            ) : null}
            <TextField
              name="password"
              type="password"
              label={t("fields.password")}
              autoComplete="new-password"
              required
              maxLength={128}
              hint={t("fields.passwordHint")}
              error={passwordErrors.password}
            />
            <TextField
              name="confirmPassword"
              type="password"
              label={t("fields.confirmPassword")}
              autoComplete="new-password"
              required
              maxLength={128}
              error={passwordErrors.confirmPassword}
            />
            <div>
              <IntentButton intent="password" pendingText={t("profile.changingPassword")} className="w-full sm:w-auto">
                {t("profile.changePassword")}
              </IntentButton>
            </div>
          </Form>
        </Section>
      </div>
    </ProfileLayout>
  );
}
