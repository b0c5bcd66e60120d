import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { UserPlus, X } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";

import { staffRoleIds } from "~/domain/staff-permissions";
import { listAddressAfterAction, loadListPage, parseBulkAction } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { staffUserListDefinition, staffUserListSpec } from "~/features/backoffice/staff-user-list";
import {
  createStaffUserSchema,
  resetStaffPasswordSchema,
  staffUserIdSchema,
  type StaffUserIntent,
  staffUserIntents,
  updateStaffUserSchema,
} from "~/features/backoffice/staff-user-schemas";
import {
  createStaffUser,
  deactivateStaffUser,
  findStaffUser,
  listStaffUsers,
  reactivateStaffUser,
  resetStaffPassword,
  type StaffChangeResult,
  updateStaffUser,
} from "~/features/backoffice/staff-users.server";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/backend/page-parts";
import { RecordList } from "~/ui/backend/record-list";
import { confirmStep, type ConfirmStepData, confirmStepValue, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { constraintsOf } from "~/ui/form/constraints";
import { Field, FormErrors, FormMessages, SelectField, SubmitButton } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/staff-users";

/**
 * Staff users (spec §2 /backend/user; issue 3 item 15), roles 1–2 (the layout's middleware refuses
 * the others before this runs). One page: the list (the back-office list pattern: search, role and
 * status filters, sort, pages, CSV at ./export.csv, print view, bulk deactivate that asks first),
 * a "new staff user" form, and `?edit=<id>` opens the manage panel of one user (name and role, new
 * password, deactivate / reactivate). Every form posts an `intent` and is parsed with its schema
 * by the form kit (Conform), in the browser and here. Works without JavaScript.
 */
type FormName = StaffUserIntent | "unknown";

interface ActionReply {
  form: FormName;
  result: SubmissionResult<string[]> | undefined;
  formError: string | null;
  /** A deactivation posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
}

const idle: Omit<ActionReply, "form"> = { result: undefined, formError: null, confirm: null };

function editIdFrom(url: URL): number | null {
  const value = url.searchParams.get("edit") ?? "";
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { staff: viewer, env, t, title } = staffRoute(args, "staff");
  const editId = editIdFrom(new URL(args.request.url));
  const [list, editing] = await Promise.all([
    loadListPage(args, {
      definition: staffUserListDefinition,
      fetch: async (d1, query, scope) => {
        const { rows, total } = await listStaffUsers(d1, query, scope);
        return { rows: rows.map((row) => ({ ...row, isViewer: row.id === viewer.staffUserId })), total };
      },
    }),
    editId === null ? null : findStaffUser(env.DB, editId),
  ]);
  return data({ list, editing, viewerId: viewer.staffUserId, meta: { title: title(t("meta.users")) } });
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, t } = staffRoute(args, "staff");
  const formData = await args.request.formData();
  const intentValue = formData.get("intent");
  const intent = (staffUserIntents as readonly unknown[]).includes(intentValue) ? (intentValue as StaffUserIntent) : null;
  if (!intent) return data<ActionReply>({ ...idle, form: "unknown", formError: t("validation.unknownAction") }, { status: 400 });

  const refused = (result: Exclude<StaffChangeResult, { ok: true }>) => {
    const messages = {
      "not-found": "users.notFound",
      self: intent === "deactivate" ? "users.cannotDeactivateSelf" : "users.cannotChangeOwnRole",
      "last-administrator": "users.lastAdministrator",
    } as const;
    return data<ActionReply>({ ...idle, form: intent, formError: t(messages[result.reason]) }, { status: result.reason === "not-found" ? 404 : 400 });
  };
  const passwords = { hideFields: ["password", "confirmPassword"] };
  const base = localizePath(getLocale(args.context) as Locale, "/backend/user");
  // After a change to one person their panel stays open (the list's query is not kept: the change may move them).
  const editing = (id: number) => `${base}?edit=${id}`;

  switch (intent) {
    case "create": {
      const submission = parseWithZod(formData, { schema: createStaffUserSchema });
      if (submission.status !== "success") return data<ActionReply>({ ...idle, form: intent, result: submission.reply(passwords) }, { status: 400 });
      const { roleId, confirmPassword: _confirmation, ...input } = submission.value;
      const result = await createStaffUser(env.DB, { ...input, roleId: Number(roleId) });
      if (!result.ok)
        return data<ActionReply>(
          { ...idle, form: intent, result: submission.reply({ ...passwords, fieldErrors: { email: ["emailTaken"] } }) },
          { status: 400 },
        );
      return redirectWithToast(args.request, base, { key: "staff:users.created", values: { name: input.fullName } });
    }
    case "update": {
      const submission = parseWithZod(formData, { schema: updateStaffUserSchema });
      if (submission.status !== "success") return data<ActionReply>({ ...idle, form: intent, result: submission.reply() }, { status: 400 });
      const result = await updateStaffUser(env.DB, viewer.staffUserId, { ...submission.value, roleId: Number(submission.value.roleId) });
      return result.ok ? redirectWithToast(args.request, editing(submission.value.id), { key: "staff:users.saved" }) : refused(result);
    }
    case "reset-password": {
      const submission = parseWithZod(formData, { schema: resetStaffPasswordSchema });
      if (submission.status !== "success") return data<ActionReply>({ ...idle, form: intent, result: submission.reply(passwords) }, { status: 400 });
      const result = await resetStaffPassword(env.DB, submission.value.id, submission.value.password);
      return result.ok
        ? redirectWithToast(args.request, editing(submission.value.id), { key: "staff:users.resetDone", values: { name: result.name } })
        : refused(result);
    }
    case "deactivate":
    case "reactivate": {
      const submission = parseWithZod(formData, { schema: staffUserIdSchema });
      if (submission.status !== "success") return data<ActionReply>({ ...idle, form: intent, formError: t("users.notFound") }, { status: 400 });
      if (intent === "deactivate" && !isConfirmed(formData)) return data<ActionReply>({ ...idle, form: intent, confirm: confirmStep(formData) });
      const { id } = submission.value;
      const result = intent === "deactivate" ? await deactivateStaffUser(env.DB, viewer.staffUserId, id) : await reactivateStaffUser(env.DB, id);
      if (!result.ok) return refused(result);
      return redirectWithToast(args.request, editing(id), {
        key: intent === "deactivate" ? "staff:users.deactivatedNotice" : "staff:users.reactivated",
        values: { name: result.name },
      });
    }
    case "bulk-deactivate": {
      const bulk = parseBulkAction(formData, [intent], { ...idle, form: intent });
      if (!bulk.ok) return bulk.answer;
      const { ids } = bulk;
      if (!isConfirmed(formData)) return data<ActionReply>({ ...idle, form: intent, confirm: confirmStep(formData) });
      // One by one: each keeps the single-user rules (not oneself, not the last System Administrator).
      let done = 0;
      const skipped: string[] = [];
      for (const id of ids) {
        const result = await deactivateStaffUser(env.DB, viewer.staffUserId, id);
        if (result.ok) done += 1;
        else if (result.reason !== "not-found") skipped.push((await findStaffUser(env.DB, id))?.fullName ?? `#${id}`);
      }
      if (done === 0) return data<ActionReply>({ ...idle, form: intent, formError: t("users.bulkSkipped", { names: skipped.join(", ") }) }, { status: 400 });
      return redirectWithToast(args.request, listAddressAfterAction(args.request), {
        key: "staff:users.bulkDeactivated",
        values: { count: done, names: skipped.join(", ").slice(0, 200) },
        ...(skipped.length ? { detailKey: "staff:users.bulkSkipped", type: "warning" as const } : {}),
      });
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

function RoleSelect({ meta, disabled, value }: { meta: FieldMetadata<unknown>; disabled?: boolean; value?: string }) {
  const { t } = useTranslation("staff");
  return (
    <>
      <SelectField meta={meta} label={t("fields.role")} disabled={disabled}>
        <Options of={staffRoleIds} label={(roleId) => `${roleId} · ${t(`backend:roles.${roleId}`)}`} />
      </SelectField>
      {/* A disabled select is not sent: one's own role goes along unchanged. */}
      {disabled ? <input type="hidden" name={meta.name} value={value} /> : null}
    </>
  );
}

const formOptions = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

export default function StaffUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, staffUserListSpec.path);
  const { list, editing, viewerId } = loaderData;
  const resultOf = (form: FormName) => (actionData?.form === form ? actionData.result : undefined);
  const deactivateQuestion = (user: { fullName: string; email: string }) => ({
    title: t("users.confirmDeactivate.title", { name: user.fullName }),
    description: t("users.confirmDeactivate.description", { name: user.fullName, email: user.email }),
    confirmLabel: t("users.confirmDeactivate.yes"),
  });
  const bulkQuestion = {
    title: t("users.confirmBulkDeactivate.title"),
    description: t("users.confirmBulkDeactivate.description"),
    confirmLabel: t("users.confirmBulkDeactivate.yes"),
  };
  const pendingIntent = confirmStepValue(actionData?.confirm, "intent");

  return (
    <FormMessages namespace="staff">
      <div className="space-y-6" data-testid="staff-users-page">
        <RecordList
          spec={staffUserListSpec}
          list={list}
          answer={actionData?.form === "bulk-deactivate" ? actionData : null}
          above={
            <div className="mb-4 space-y-4">
              {actionData?.formError ? (
                <Alert tone="error" testId="form-error">
                  {actionData.formError}
                </Alert>
              ) : null}
              {editing && actionData?.confirm && pendingIntent === "deactivate" ? (
                <ConfirmStep
                  step={actionData.confirm}
                  action={`${base}?edit=${editing.id}`}
                  cancelTo={`${base}?edit=${editing.id}`}
                  {...deactivateQuestion(editing)}
                />
              ) : null}
              {editing ? (
                <EditPanel
                  key={editing.id}
                  user={editing}
                  isViewer={editing.id === viewerId}
                  action={`${base}?edit=${editing.id}`}
                  closeTo={base}
                  results={{ update: resultOf("update"), reset: resultOf("reset-password") }}
                  question={deactivateQuestion(editing)}
                />
              ) : null}
            </div>
          }
          bulkActions={[{ intent: "bulk-deactivate", label: t("users.bulkDeactivate"), confirm: bulkQuestion }]}
        />
        {list.print ? null : <CreateForm action={base} result={resultOf("create")} />}
      </div>
    </FormMessages>
  );
}

function EditPanel({
  user,
  isViewer,
  action,
  closeTo,
  results,
  question,
}: {
  user: NonNullable<Route.ComponentProps["loaderData"]["editing"]>;
  isViewer: boolean;
  action: string;
  closeTo: string;
  results: { update: SubmissionResult<string[]> | undefined; reset: SubmissionResult<string[]> | undefined };
  question: { title: string; description: string; confirmLabel: string };
}) {
  const { t } = useTranslation("staff");
  const [updateForm, updateFields] = useForm({
    id: `update-${user.id}`,
    lastResult: results.update,
    defaultValue: { id: String(user.id), fullName: user.fullName, roleId: String(user.roleId) },
    constraint: constraintsOf(updateStaffUserSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateStaffUserSchema }),
    ...formOptions,
  });
  const [resetForm, resetFields] = useForm({
    id: `reset-${user.id}`,
    lastResult: results.reset,
    defaultValue: { id: String(user.id) },
    constraint: constraintsOf(resetStaffPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetStaffPasswordSchema }),
    ...formOptions,
  });
  return (
    <section className="space-y-4 rounded-lg border-2 border-primary/40 bg-surface p-4" aria-labelledby="edit-heading" data-testid="edit-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="edit-heading" className="text-lg font-semibold">
          {t("users.editHeading", { name: user.fullName })}
        </h2>
        <Link to={closeTo} className="btn-ghost" aria-label={t("users.closeEdit")}>
          <X className="size-4" aria-hidden />
          <span>{t("users.closeEdit")}</span>
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Form method="post" action={action} className="flex flex-col gap-3" data-testid="update-form" {...getFormProps(updateForm)}>
          <FormErrors form={updateForm} />
          <input type="hidden" name={updateFields.id.name} value={user.id} />
          <Field meta={updateFields.fullName} label={t("fields.fullName")} />
          <p className="text-sm">
            <span className="font-semibold">{t("fields.email")}:</span> {user.email}
          </p>
          <RoleSelect meta={updateFields.roleId} disabled={isViewer} value={String(user.roleId)} />
          <SubmitButton name="intent" value="update" action={action}>
            {t("users.save")}
          </SubmitButton>
        </Form>
        <Form method="post" action={action} className="flex flex-col gap-3" data-testid="reset-form" {...getFormProps(resetForm)}>
          <h3 className="font-semibold">{t("users.resetHeading")}</h3>
          <p className="text-sm text-ink-muted">{t("users.resetIntro")}</p>
          <FormErrors form={resetForm} />
          <input type="hidden" name={resetFields.id.name} value={user.id} />
          <Field meta={resetFields.password} type="password" label={t("fields.newPassword")} autoComplete="new-password" hint={t("users.passwordHint")} />
          <Field meta={resetFields.confirmPassword} type="password" label={t("fields.confirmPassword")} autoComplete="new-password" />
          <SubmitButton name="intent" value="reset-password" action={action}>
            {t("users.resetSubmit")}
          </SubmitButton>
        </Form>
        <Form method="post" action={action} className="flex flex-col gap-3" data-testid="access-form">
          <h3 className="font-semibold">{t("users.accessHeading")}</h3>
          <p className="text-sm text-ink-muted">{t("users.deactivateIntro")}</p>
          <p>{user.disabledAt === null ? <Badge tone="success">{t("users.active")}</Badge> : <Badge tone="error">{t("users.deactivated")}</Badge>}</p>
          <input type="hidden" name="id" value={user.id} />
          {user.disabledAt === null ? (
            <ConfirmButton
              name="intent"
              value="deactivate"
              className="btn-ghost border border-error/40 text-error"
              disabled={isViewer}
              testId="deactivate"
              {...question}
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
  );
}

function CreateForm({ action, result }: { action: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm({
    id: "create-staff-user",
    lastResult: result,
    defaultValue: { roleId: "3" },
    constraint: constraintsOf(createStaffUserSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createStaffUserSchema }),
    ...formOptions,
  });
  const hasErrors = result?.status === "error";
  return (
    <details className="rounded-lg border border-line bg-surface" open={hasErrors}>
      <summary className="flex cursor-pointer items-center gap-2 p-4 font-semibold" data-testid="create-toggle">
        <UserPlus className="size-5" aria-hidden />
        {t("users.create")}
      </summary>
      <Form method="post" action={action} className="grid gap-4 border-t border-line p-4 md:grid-cols-2" data-testid="create-form" {...getFormProps(form)}>
        <div className="md:col-span-2">
          <FormErrors form={form} />
        </div>
        <Field meta={fields.fullName} label={t("fields.fullName")} />
        <Field meta={fields.email} type="email" label={t("fields.email")} autoComplete="off" />
        <RoleSelect meta={fields.roleId} />
        <div className="hidden md:block" />
        <Field meta={fields.password} type="password" label={t("fields.password")} autoComplete="new-password" hint={t("users.passwordHint")} />
        <Field meta={fields.confirmPassword} type="password" label={t("fields.confirmPassword")} autoComplete="new-password" />
        <div className="md:col-span-2">
          <SubmitButton name="intent" value="create" action={action}>
            {t("users.createSubmit")}
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}
