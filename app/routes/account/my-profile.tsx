import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLocation } from "react-router";

import { imageAccept } from "~/domain/image-type";
import { formatDecimal } from "~/domain/number-format";
import { customerRoute } from "~/features/accounts/customer-route.server";
import { taxInvoiceBuyer, taxInvoiceFormValues, taxInvoiceProfileSchema } from "~/features/billing/tax-invoice-request";
import { rememberTaxInvoiceStatement } from "~/features/billing/tax-invoice-request.server";
import { TaxInvoiceRequestFields } from "~/features/billing/tax-invoice-request-fields";
import { Avatar, IntentButton, Section } from "~/features/profile/account-ui";
import { type AvatarProblem, removeAvatar, saveAvatar } from "~/features/profile/avatar.server";
import { changePassword, getProfile, type Profile, updateProfile } from "~/features/profile/profile.server";
import { avatarMaxBytes, avatarMaxMegabytes, avatarSchema, passwordChangeSchema, profileSchema } from "~/features/profile/profile-schemas";
import { intlLocale, type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { DateField, Field, FileField, FormErrors, FormMessages, RadioGroupField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { mediaUrl } from "~/ui/media-url";
import { storefrontMeta } from "~/ui/meta";
import { ProfileLayout } from "~/ui/profile-layout";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/my-profile";

/**
 * Spec §2 /my-profile (profile layout): personal details, profile picture (R2), change password,
 * points balance. Customers only (guests go to sign in, staff home) — in the loader and the action.
 * Five forms told apart by `intent`: profile, avatar, remove-avatar, password, tax-invoice (the full
 * tax invoice's buyer the checkout offers, issue 17). Success redirects
 * back with a toast; bad input answers 400 with the form's Conform result.
 */
type FormIntent = "profile" | "avatar" | "password" | "tax-invoice";

const avatarMessages: Record<AvatarProblem, string> = {
  fileRequired: "fileRequired",
  fileTooLarge: `fileTooLarge:${avatarMaxMegabytes}`,
  imagesOnly: "imagesOnly",
};

export async function loader(args: Route.LoaderArgs) {
  const { viewer, env, t } = customerRoute(args, "account");
  const profile = await getProfile(env.DB, viewer.customerId);
  if (!profile) throw data(null, { status: 404 });
  return data({
    profile,
    meta: { title: t("meta.profile"), description: t("meta.profileDescription") },
  });
}

export async function action(args: Route.ActionArgs) {
  const { viewer, env, locale } = customerRoute(args, "account");
  const { request } = args;
  const done = (message: "profileSaved" | "avatarSaved" | "avatarRemoved" | "passwordChanged") =>
    redirectWithToast(request, localizePath(locale, "/my-profile"), { key: `account:flash.${message}` });
  const taxInvoiceDone = (message: "saved" | "cleared") =>
    redirectWithToast(request, localizePath(locale, "/my-profile"), { key: `documents:request.${message}` });

  // A body far above the picture limit is refused before it is read.
  const tooLarge: SubmissionResult<string[]> = { status: "error", error: { avatar: [`fileTooLarge:${avatarMaxMegabytes}`] } };
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > avatarMaxBytes + 64 * 1024) return data({ intent: "avatar" as FormIntent, result: tooLarge }, { status: 400 });
  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await request.formData();

  const intent = formData.get("intent");
  switch (intent) {
    case "profile": {
      const submission = parseWithZod(formData, { schema: profileSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      await updateProfile(env.DB, viewer.customerId, submission.value);
      return done("profileSaved");
    }
    case "avatar": {
      const submission = parseWithZod(formData, { schema: avatarSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const result = await saveAvatar(env, viewer.customerId, submission.value.avatar);
      if (!result.ok) return data({ intent, result: submission.reply({ fieldErrors: { avatar: [avatarMessages[result.problem]] } }) }, { status: 400 });
      return done("avatarSaved");
    }
    case "remove-avatar": {
      await removeAvatar(env, viewer.customerId);
      return done("avatarRemoved");
    }
    case "password": {
      const profile = await getProfile(env.DB, viewer.customerId);
      const submission = parseWithZod(formData, { schema: passwordChangeSchema(profile?.hasPassword ?? true) });
      // Passwords are never sent back to the page.
      const hideFields = ["oldPassword", "password", "confirmPassword"];
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
      const result = await changePassword(env.DB, viewer, submission.value.oldPassword ?? "", submission.value.password);
      if (result !== "changed") {
        return data(
          { intent, result: submission.reply({ hideFields, fieldErrors: { oldPassword: [result === "incorrect" ? "oldPasswordIncorrect" : "throttled"] } }) },
          { status: 400 },
        );
      }
      return done("passwordChanged");
    }
    case "tax-invoice": {
      const submission = parseWithZod(formData, { schema: taxInvoiceProfileSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const buyer = taxInvoiceBuyer(submission.value);
      await rememberTaxInvoiceStatement(env.DB, viewer.customerId, buyer, Date.now());
      return taxInvoiceDone(buyer ? "saved" : "cleared");
    }
    default:
      return data({ intent: null, result: undefined }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("account:meta.profile") }] } satisfies BreadcrumbHandle;

type ActionData = Route.ComponentProps["actionData"];

/** The answer to this form's own last post (the page has several). */
function resultFor(actionData: ActionData, intent: FormIntent): SubmissionResult<string[]> | undefined {
  return actionData?.intent === intent ? actionData.result : undefined;
}

/** The buyer the checkout offers for a full tax invoice; all fields emptied forgets it. */
function TaxInvoiceForm({ profile, action, actionData }: { profile: Profile; action: string; actionData: ActionData }) {
  const { t } = useTranslation("documents");
  const [form, fields] = useSchemaForm(taxInvoiceProfileSchema, {
    id: "profile-tax-invoice",
    lastResult: resultFor(actionData, "tax-invoice"),
    defaultValue: taxInvoiceFormValues(profile),
  });
  return (
    <Section title={t("request.profileHeading")} testId="tax-invoice-section">
      <p className="mb-3 text-sm text-ink-muted">{t("request.profileIntro")}</p>
      <FormErrors form={form} />
      <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
        <TaxInvoiceRequestFields fields={fields} withBox={false} requested />
        <div>
          <IntentButton intent="tax-invoice" pendingText={t("request.profileSaving")} className="w-full sm:w-auto">
            {t("request.profileSave")}
          </IntentButton>
        </div>
      </Form>
    </Section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

function DetailsForm({ profile, action, actionData }: { profile: Profile; action: string; actionData: ActionData }) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(profileSchema, {
    id: "profile-details",
    lastResult: resultFor(actionData, "profile"),
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      gender: profile.genderId === null ? "" : String(profile.genderId),
      birthday: profile.birthday ?? "",
    },
  });
  return (
    <Section title={t("profile.detailsHeading")} testId="details-section">
      <FormErrors form={form} />
      <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" />
          <Field meta={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" />
        </div>
        <Field meta={fields.phone} type="tel" label={t("fields.phone")} autoComplete="tel" />
        <RadioGroupField
          meta={fields.gender}
          label={t("fields.gender")}
          options={[
            { value: "1", label: t("fields.male") },
            { value: "2", label: t("fields.female") },
          ]}
        />
        <DateField meta={fields.birthday} label={t("fields.birthday")} max={today()} min="1900-01-01" autoComplete="bday" />
        <div>
          <IntentButton intent="profile" pendingText={t("profile.saving")} className="w-full sm:w-auto">
            {t("profile.save")}
          </IntentButton>
        </div>
      </Form>
    </Section>
  );
}

function AvatarForm({ profile, action, actionData }: { profile: Profile; action: string; actionData: ActionData }) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(avatarSchema, { id: "profile-avatar", lastResult: resultFor(actionData, "avatar") });
  return (
    <Section title={t("profile.avatarHeading")} testId="avatar-section">
      <Form method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-3" {...getFormProps(form)}>
        <FileField meta={fields.avatar} label={t("fields.avatar")} accept={imageAccept} hint={t("profile.avatarHint", { max: `${avatarMaxMegabytes} MB` })} />
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
  );
}

function PasswordForm({ profile, action, actionData }: { profile: Profile; action: string; actionData: ActionData }) {
  const { t } = useTranslation("account");
  const schema = passwordChangeSchema(profile.hasPassword);
  const [form, fields] = useSchemaForm(schema, { id: "profile-password", lastResult: resultFor(actionData, "password") });
  return (
    <Section title={t("profile.passwordHeading")} testId="password-section">
      {profile.hasPassword ? null : <p className="mb-4 text-sm text-ink-muted">{t("profile.setPasswordIntro")}</p>}
      <FormErrors form={form} />
      <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
        {profile.hasPassword ? <Field meta={fields.oldPassword} type="password" label={t("fields.oldPassword")} autoComplete="current-password" /> : null}
        <Field meta={fields.password} type="password" label={t("fields.password")} autoComplete="new-password" hint={t("fields.passwordHint")} />
        <Field meta={fields.confirmPassword} type="password" label={t("fields.confirmPassword")} autoComplete="new-password" />
        <div>
          <IntentButton intent="password" pendingText={t("profile.changingPassword")} className="w-full sm:w-auto">
            {t("profile.changePassword")}
          </IntentButton>
        </div>
      </Form>
    </Section>
  );
}

export default function MyProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const { t: tPurchases } = useTranslation("purchases");
  const locale = i18n.language as Locale;
  // Each visit (a redirect after saving, or the answer to a post) starts the forms again: from the
  // saved values, or from what the answer sends back (passwords never are).
  const { key } = useLocation();
  const { profile } = loaderData;
  const action = localizePath(locale, "/my-profile");
  const points = Math.trunc(profile.pointsBalance);
  const formattedPoints = formatDecimal(points, intlLocale(locale));
  const forms = { profile, action, actionData };

  return (
    <FormMessages namespace="account">
      <ProfileLayout locale={locale} title={t("profile.heading")}>
        <div className="flex flex-col gap-6" data-testid="profile-page">
          {actionData && actionData.intent === null ? (
            <p role="alert" className="rounded-md border border-error/40 bg-error/5 p-3 text-sm text-error" data-testid="form-error">
              {t("validation.invalid", { field: t("fields.intent") })}
            </p>
          ) : null}
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
          <AvatarForm key={`avatar-${key}`} {...forms} />
          <DetailsForm key={`details-${key}`} {...forms} />
          <PasswordForm key={`password-${key}`} {...forms} />
          <TaxInvoiceForm key={`tax-invoice-${key}`} {...forms} />
        </div>
      </ProfileLayout>
    </FormMessages>
  );
}
