import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { useTranslation } from "~/i18n/translation";
import { commandButtonProps, membershipTermsDialogId } from "~/ui/dialog-commands";
import { Field, FieldError, FormErrors, FormMessages, SubmitButton, useFieldMessage } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import { signInSchema } from "./account-schemas";

/**
 * What the sign-in family of pages share (register, sign-in, password reset, the social terms
 * step, staff sign-in): the card they sit in and the parts of their forms that are theirs alone.
 * Fields, messages and the submit button are the form kit's (app/ui/form).
 */
export function AuthCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12" data-testid={testId}>
      <div className="rounded-xl border border-line bg-surface p-6 shadow-sm md:p-8">
        <h1 className="mb-6 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * "I accept the [membership terms]": the checkbox's label and the button that opens the terms
 * dialog sit side by side (a button inside a label would make the whole sentence its name).
 */
export function TermsCheckbox({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation("auth");
  const message = useFieldMessage(meta.errors, t("fields.acceptTermsLink"));
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input key={key} {...props} className="mt-1 size-4" aria-invalid={message ? true : undefined} aria-describedby={message ? meta.errorId : undefined} />
        <span className="text-sm">
          <label htmlFor={meta.id}>{t("fields.acceptTermsBefore")}</label>{" "}
          <button {...commandButtonProps(membershipTermsDialogId, "show-modal")} className="font-semibold text-primary-dark underline" data-testid="open-terms">
            {t("fields.acceptTermsLink")}
          </button>
        </span>
      </div>
      <FieldError id={meta.errorId} name={meta.name} message={message} />
    </div>
  );
}

/** A new password under spec §5's rule (its hint), and its confirmation. */
export function NewPasswordFields({
  password,
  confirmPassword,
  label,
}: {
  password: FieldMetadata<unknown>;
  confirmPassword: FieldMetadata<unknown>;
  label: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Field meta={password} type="password" label={label} autoComplete="new-password" hint={t("fields.passwordHint")} />
      <Field meta={confirmPassword} type="password" label={t("fields.confirmPassword")} autoComplete="new-password" />
    </>
  );
}

/**
 * The e-mail + password form of /login and /backend/login (one action, app/features/accounts/
 * sign-in-action.server.ts). A refusal (wrong credentials, too many attempts) is the form's error.
 */
export function SignInForm({
  id,
  action,
  lastResult,
  emailAutoComplete,
}: {
  id: string;
  action: string;
  lastResult: SubmissionResult | undefined;
  emailAutoComplete: "email" | "username";
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(signInSchema, { id, lastResult });
  return (
    <FormMessages namespace="auth">
      <FormErrors form={form} />
      <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
        <Field meta={fields.email} type="email" label={t("fields.email")} autoComplete={emailAutoComplete} />
        <Field meta={fields.password} type="password" label={t("fields.password")} autoComplete="current-password" />
        <SubmitButton pendingText={t("login.submitting")} className="w-full">
          {t("login.submit")}
        </SubmitButton>
      </Form>
    </FormMessages>
  );
}
