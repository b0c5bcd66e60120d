import { useSettledKey } from "~/ui/use-settled-key";
import { UserPlus, X } from "lucide-react";
import { useId } from "react";
import { data, Form, Link, useLocation } from "react-router";
import type { z } from "zod";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { staffRoleIds } from "~/domain/staff-permissions";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { echoValues, textFields, translatedFieldErrors, type Translate } from "~/features/backoffice/form-errors";
import {
  createStaffUserSchema,
  recordId,
  resetStaffPasswordSchema,
  staffUserIdSchema,
  staffUserIntents,
  staffValidationKeys,
  updateStaffUserSchema,
  type StaffUserIntent,
} from "~/features/backoffice/staff-user-schemas";
import {
  createStaffUser,
  deactivateStaffUser,
  listStaffUsers,
  reactivateStaffUser,
  resetStaffPassword,
  updateStaffUser,
  type StaffChangeResult,
} from "~/features/backoffice/staff-users.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import type { Route } from "./+types/staff-users";

/**
 * Staff users (spec §2 /backend/user; issue 3 item 15), roles 1–2 (the layout's middleware refuses
 * the others before this runs). One page: the list, a "new staff user" form, and `?edit=<id>` opens
 * the manage panel of one user (name and role, new password, deactivate / reactivate). Every form
 * posts an `intent`; each intent has its own Zod schema. Works without JavaScript.
 */
type FormName = StaffUserIntent | "unknown";

interface ActionReply {
  form: FormName;
  errors: Record<string, string>;
  values: Record<string, string>;
  notice: string | null;
  formError: string | null;
  /** Changes after a success, so the form remounts empty. */
  key: number;
  /** A deactivation posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
}

function reply(status: number, body: Partial<ActionReply> & { form: FormName }) {
  return data<ActionReply>({ errors: {}, values: {}, notice: null, formError: null, key: 0, confirm: null, ...body }, { status });
}

function editIdFrom(url: URL): number | null {
  const parsed = recordId.safeParse(url.searchParams.get("edit") ?? "");
  return parsed.success ? parsed.data : null;
}

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "staff");
  const backendTitle = getInstance(args.context).getFixedT(locale, "backend")("title");
  const editId = editIdFrom(new URL(args.request.url));
  const users = await listStaffUsers(env.DB);
  return data({
    users,
    editing: editId === null ? null : (users.find((user) => user.id === editId) ?? null),
    viewerId: viewer.staffUserId,
    meta: { title: `${t("meta.users")} | ${backendTitle}` },
  });
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = getInstance(args.context).getFixedT(getLocale(args.context) as Locale, "staff") as unknown as Translate;
  const formData = await args.request.formData();
  const intentValue = formData.get("intent");
  const intent = (staffUserIntents as readonly unknown[]).includes(intentValue) ? (intentValue as StaffUserIntent) : null;
  if (!intent) return reply(400, { form: "unknown", formError: t("validation.unknownAction") });

  const invalid = <K extends string>(error: z.ZodError, fields: Record<K, string>, omit: readonly K[] = []) =>
    reply(400, { form: intent, errors: translatedFieldErrors(error, t, staffValidationKeys), values: echoValues(fields, omit) as Record<string, string> });
  const refused = (result: Exclude<StaffChangeResult, { ok: true }>) => {
    const messages = {
      "not-found": "users.notFound",
      self: intent === "deactivate" ? "users.cannotDeactivateSelf" : "users.cannotChangeOwnRole",
      "last-administrator": "users.lastAdministrator",
    };
    return reply(result.reason === "not-found" ? 404 : 400, { form: intent, formError: t(messages[result.reason]) });
  };
  const done = (notice: string) => reply(200, { form: intent, notice, key: Date.now() });

  switch (intent) {
    case "create": {
      const fields = textFields(formData, ["email", "fullName", "roleId", "password", "confirmPassword"]);
      const parsed = createStaffUserSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, fields, ["password", "confirmPassword"]);
      const result = await createStaffUser(env.DB, parsed.data);
      if (!result.ok) {
        return reply(400, {
          form: intent,
          errors: { email: t("users.emailTaken") },
          values: echoValues(fields, ["password", "confirmPassword"]) as Record<string, string>,
        });
      }
      return done(t("users.created", { name: parsed.data.fullName }));
    }
    case "update": {
      const fields = textFields(formData, ["id", "fullName", "roleId"]);
      const parsed = updateStaffUserSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, fields);
      const result = await updateStaffUser(env.DB, viewer.staffUserId, parsed.data);
      return result.ok ? done(t("users.saved")) : refused(result);
    }
    case "reset-password": {
      const fields = textFields(formData, ["id", "password", "confirmPassword"]);
      const parsed = resetStaffPasswordSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, fields, ["password", "confirmPassword"]);
      const result = await resetStaffPassword(env.DB, parsed.data.id, parsed.data.password);
      return result.ok ? done(t("users.resetDone", { name: result.name })) : refused(result);
    }
    case "deactivate":
    case "reactivate": {
      const fields = textFields(formData, ["id"]);
      const parsed = staffUserIdSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, fields);
      if (intent === "deactivate" && !isConfirmed(formData)) return reply(200, { form: intent, confirm: confirmStep(formData) });
      const result =
        intent === "deactivate" ? await deactivateStaffUser(env.DB, viewer.staffUserId, parsed.data.id) : await reactivateStaffUser(env.DB, parsed.data.id);
      if (!result.ok) return refused(result);
      return done(t(intent === "deactivate" ? "users.deactivatedNotice" : "users.reactivated", { name: result.name }));
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

function RoleSelect({ defaultValue, error, disabled }: { defaultValue?: string; error?: string; disabled?: boolean }) {
  const { t } = useTranslation("staff");
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-semibold" htmlFor={id}>
        {t("fields.role")}
      </label>
      <select
        id={id}
        name="roleId"
        defaultValue={defaultValue ?? "3"}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        className="rounded-md border border-line bg-surface px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {staffRoleIds.map((roleId) => (
          <option key={roleId} value={roleId}>
            {roleId} · {t(`backend:roles.${roleId}`)}
          </option>
        ))}
      </select>
      {disabled ? <input type="hidden" name="roleId" value={defaultValue} /> : null}
      {error ? (
        <p className="text-sm text-error" data-testid="error-roleId">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function PasswordFields({ errors, newLabel }: { errors: Record<string, string>; newLabel?: boolean }) {
  const { t } = useTranslation("staff");
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={newLabel ? t("fields.newPassword") : t("fields.password")}
        autoComplete="new-password"
        required
        maxLength={128}
        hint={t("users.passwordHint")}
        error={errors.password}
      />
      <TextField
        name="confirmPassword"
        type="password"
        label={t("fields.confirmPassword")}
        autoComplete="new-password"
        required
        maxLength={128}
        error={errors.confirmPassword}
      />
    </>
  );
}

export default function StaffUsers({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("staff");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/user");
  const { users, editing, viewerId } = loaderData;
  const formErrors = (form: FormName) => (actionData?.form === form ? actionData.errors : {});
  const formValues = (form: FormName) => (actionData?.form === form ? actionData.values : {});
  const createErrors = formErrors("create");
  const deactivateQuestion = (user: { fullName: string; email: string }) => ({
    title: t("users.confirmDeactivate.title", { name: user.fullName }),
    description: t("users.confirmDeactivate.description", { name: user.fullName, email: user.email }),
    confirmLabel: t("users.confirmDeactivate.yes"),
  });
  const when = (ms: number | null) => (ms === null ? t("users.never") : formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" }));

  return (
    <div className="space-y-6" data-testid="staff-users-page">
      <PageHeading title={t("users.heading")} intro={t("users.intro")} />
      <ActionMessages notice={actionData?.notice} formError={actionData?.formError} />
      {editing && actionData?.confirm ? (
        <ConfirmStep step={actionData.confirm} action={`${base}?edit=${editing.id}`} cancelTo={`${base}?edit=${editing.id}`} {...deactivateQuestion(editing)} />
      ) : null}

      {editing ? (
        <section className="space-y-4 rounded-lg border-2 border-primary/40 bg-surface p-4" aria-labelledby="edit-heading" data-testid="edit-panel">
          <div className="flex items-center justify-between gap-2">
            <h2 id="edit-heading" className="text-lg font-semibold">
              {t("users.editHeading", { name: editing.fullName })}
            </h2>
            <Link to={base} className="btn-ghost" aria-label={t("users.closeEdit")}>
              <X className="size-4" aria-hidden />
              <span>{t("users.closeEdit")}</span>
            </Link>
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <Form
              method="post"
              action={`${base}?edit=${editing.id}`}
              className="flex flex-col gap-3"
              key={`update-${editing.id}-${formKey}`}
              data-testid="update-form"
            >
              <input type="hidden" name="id" value={editing.id} />
              <TextField
                name="fullName"
                label={t("fields.fullName")}
                required
                maxLength={100}
                defaultValue={formValues("update").fullName ?? editing.fullName}
                error={formErrors("update").fullName}
              />
              <p className="text-sm">
                <span className="font-semibold">{t("fields.email")}:</span> {editing.email}
              </p>
              <RoleSelect defaultValue={String(editing.roleId)} error={formErrors("update").roleId} disabled={editing.id === viewerId} />
              <button type="submit" name="intent" value="update" className="btn-primary">
                {t("users.save")}
              </button>
            </Form>
            <Form
              method="post"
              action={`${base}?edit=${editing.id}`}
              className="flex flex-col gap-3"
              key={`reset-${editing.id}-${actionData?.key ?? 0}`}
              data-testid="reset-form"
            >
              <h3 className="font-semibold">{t("users.resetHeading")}</h3>
              <p className="text-sm text-ink-muted">{t("users.resetIntro")}</p>
              <input type="hidden" name="id" value={editing.id} />
              <PasswordFields errors={formErrors("reset-password")} newLabel />
              <button type="submit" name="intent" value="reset-password" className="btn-primary">
                {t("users.resetSubmit")}
              </button>
            </Form>
            <Form method="post" action={`${base}?edit=${editing.id}`} className="flex flex-col gap-3" data-testid="access-form">
              <h3 className="font-semibold">{t("users.accessHeading")}</h3>
              <p className="text-sm text-ink-muted">{t("users.deactivateIntro")}</p>
              <p>{editing.disabledAt === null ? <Badge tone="success">{t("users.active")}</Badge> : <Badge tone="error">{t("users.deactivated")}</Badge>}</p>
              <input type="hidden" name="id" value={editing.id} />
              {editing.disabledAt === null ? (
                <ConfirmButton
                  name="intent"
                  value="deactivate"
                  className="btn-ghost border border-error/40 text-error"
                  disabled={editing.id === viewerId}
                  testId="deactivate"
                  {...deactivateQuestion(editing)}
                >
                  {t("users.deactivate")}
                </ConfirmButton>
              ) : (
                <button type="submit" name="intent" value="reactivate" className="btn-ghost border border-line">
                  {t("users.reactivate")}
                </button>
              )}
            </Form>
          </div>
        </section>
      ) : null}

      <DataTable
        caption={t("users.heading")}
        testId="staff-users"
        rowCount={users.length}
        empty={t("users.empty")}
        columns={[
          { label: t("users.columns.name") },
          { label: t("users.columns.email") },
          { label: t("users.columns.role") },
          { label: t("users.columns.lastLogin") },
          { label: t("users.columns.status") },
          { label: t("users.columns.actions"), className: "sr-only" },
        ]}
      >
        {users.map((user) => (
          <tr key={user.id} data-testid={`staff-user-${user.id}`} className={user.disabledAt === null ? undefined : "text-ink-muted"}>
            <td className="px-3 py-2 font-semibold">
              {user.fullName} {user.id === viewerId ? <span className="font-normal text-ink-muted">{t("users.you")}</span> : null}
            </td>
            <td className="px-3 py-2">{user.email}</td>
            <td className="px-3 py-2 whitespace-nowrap">{t(`backend:roles.${user.roleId}` as "backend:roles.unknown")}</td>
            <td className="px-3 py-2 whitespace-nowrap">{when(user.lastLoginAt)}</td>
            <td className="px-3 py-2">
              {user.disabledAt === null ? <Badge tone="success">{t("users.active")}</Badge> : <Badge tone="error">{t("users.deactivated")}</Badge>}
            </td>
            <td className="px-3 py-2 text-right">
              <Link to={`${base}?edit=${user.id}`} className="font-semibold text-primary-dark underline" data-testid="manage">
                {t("users.edit")}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>

      <details className="rounded-lg border border-line bg-surface" open={actionData?.form === "create" && Object.keys(createErrors).length > 0}>
        <summary className="flex cursor-pointer items-center gap-2 p-4 font-semibold" data-testid="create-toggle">
          <UserPlus className="size-5" aria-hidden />
          {t("users.create")}
        </summary>
        <Form
          method="post"
          action={base}
          className="grid gap-4 border-t border-line p-4 md:grid-cols-2"
          key={`create-${actionData?.key ?? 0}`}
          data-testid="create-form"
        >
          <TextField
            name="fullName"
            label={t("fields.fullName")}
            required
            maxLength={100}
            defaultValue={formValues("create").fullName}
            error={createErrors.fullName}
          />
          <TextField
            name="email"
            type="email"
            label={t("fields.email")}
            required
            maxLength={254}
            autoComplete="off"
            defaultValue={formValues("create").email}
            error={createErrors.email}
          />
          <RoleSelect defaultValue={formValues("create").roleId} error={createErrors.roleId} />
          <div className="hidden md:block" />
          <PasswordFields errors={createErrors} />
          <div className="md:col-span-2">
            <button type="submit" name="intent" value="create" className="btn-primary">
              {t("users.createSubmit")}
            </button>
          </div>
        </Form>
      </details>
    </div>
  );
}
