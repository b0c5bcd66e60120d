import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Star, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useLocation } from "react-router";

import { defaultCountry, isCountryCode } from "~/domain/address";
import { formFields } from "~/features/accounts/account-schemas";
import { customerRoute } from "~/features/accounts/customer-route.server";
import { IntentButton, Section } from "~/features/profile/account-ui";
import { AddressForm } from "~/features/profile/address-form";
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  maxAddressesPerCustomer,
  type SavedAddress,
  setDefaultAddress,
  updateAddress,
} from "~/features/profile/addresses.server";
import { addressFormSchema, type AddressFormValues, addressIdSchema, decideAddress, rowId, soleZipcode } from "~/features/profile/profile-schemas";
import { thaiAreaOptions, thaiAreas, withAreaNames } from "~/features/thai-address/thai-address.server";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { commandButtonProps } from "~/ui/dialog-commands";
import { FormMessages } from "~/ui/form/fields";
import { storefrontMeta } from "~/ui/meta";
import { ProfileLayout } from "~/ui/profile-layout";
import { redirectWithToast } from "~/ui/toast.server";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/my-address";

/**
 * Spec §2 /my-address (profile layout): the customer's addresses — list, add (`?new`), edit
 * (`?edit=<id>`), delete, choose the default. Customers only, in the loader and the action. Every
 * read and write is scoped to the signed-in customer: another customer's id answers 404 and
 * changes nothing. Intents: create, update, delete, default, and "area" (refresh the Thai pickers
 * without JavaScript; saves nothing).
 */
const addressFields = ["firstName", "lastName", "phone", "address", "country", "province", "city", "suburb", "zipcode", "makeDefault"] as const;
type AddressFields = Record<(typeof addressFields)[number], string>;

const notFound = () => data(null, { status: 404 });

function formValues(fields: AddressFields): AddressFormValues {
  const clip = (value: string) => value.slice(0, 200);
  return {
    firstName: clip(fields.firstName),
    lastName: clip(fields.lastName),
    phone: clip(fields.phone),
    address: clip(fields.address),
    country: isCountryCode(fields.country) ? fields.country : defaultCountry,
    province: clip(fields.province),
    city: clip(fields.city),
    suburb: clip(fields.suburb),
    zipcode: clip(fields.zipcode),
    makeDefault: fields.makeDefault === "on",
  };
}

function savedValues(address: SavedAddress): AddressFormValues {
  const { firstName, lastName, phone, address: line, country, province, city, suburb, zipcode } = address;
  return { firstName, lastName, phone, address: line, country, province, city, suburb, zipcode, makeDefault: address.isDefault };
}

/** The Thai picker lists for what is chosen so far, named in the page's language (empty lists abroad, except the provinces). */
async function areaLists(values: AddressFormValues, locale: Locale) {
  const { provinces, districts, subdistricts } = await thaiAreaOptions(values.country === "TH" ? values : { province: "", city: "", suburb: "" }, locale);
  return { provinces, districts, subdistricts };
}

/**
 * The saved addresses named in the page's language, and the one that becomes the default if the
 * current default is deleted (the oldest other one: promoteDefaultStatement's rule).
 */
async function savedAddresses(d1: D1Database, customerId: number, locale: Locale) {
  const addresses = await withAreaNames(await listAddresses(d1, customerId), locale);
  const others = addresses.filter((address) => !address.isDefault).sort((a, b) => a.id - b.id);
  return { addresses, nextDefaultId: others[0]?.id ?? null };
}

export async function loader(args: Route.LoaderArgs) {
  const { viewer, env, locale, t } = customerRoute(args, "account");
  const params = new URL(args.request.url).searchParams;
  const { addresses, nextDefaultId } = await savedAddresses(env.DB, viewer.customerId, locale);

  let form: { mode: "create" | "update"; id?: number; values: AddressFormValues; isDefault: boolean } | null = null;
  const editParam = params.get("edit");
  if (editParam !== null) {
    const id = rowId.safeParse(editParam);
    const address = id.success ? await getAddress(env.DB, viewer.customerId, id.data) : null;
    if (!address) throw notFound();
    form = { mode: "update", id: address.id, values: savedValues(address), isDefault: address.isDefault };
  } else if (params.has("new")) {
    const values: AddressFormValues = {
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      phone: "",
      address: "",
      country: defaultCountry,
      province: "",
      city: "",
      suburb: "",
      zipcode: "",
      makeDefault: false,
    };
    form = { mode: "create", values, isDefault: false };
  }

  return data({
    addresses,
    nextDefaultId,
    maxAddresses: maxAddressesPerCustomer,
    form: form ? { ...form, lists: await areaLists(form.values, locale) } : null,
    meta: { title: t("meta.address"), description: t("meta.addressDescription") },
  });
}

type AddressFormState = { mode: "create" | "update"; id?: number; values: AddressFormValues; isDefault: boolean; lists: Awaited<ReturnType<typeof areaLists>> };

interface ActionAnswer {
  /** The address form to show again (with the lists for what was posted), or null for the list's own buttons. */
  form: AddressFormState | null;
  result?: SubmissionResult<string[]>;
  /** A delete or default button that was not understood (a tampered id). */
  refused?: boolean;
  /** The default address asked to be deleted: the answer is the question (without JavaScript). */
  confirmDelete?: number;
}

export async function action(args: Route.ActionArgs) {
  const { viewer, env, locale } = customerRoute(args, "account");
  const { request } = args;
  const done = (message: "addressSaved" | "addressDeleted" | "defaultChanged") =>
    redirectWithToast(request, localizePath(locale, "/my-address"), { key: `account:flash.${message}` });
  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "delete" || intent === "default") {
    const submission = parseWithZod(formData, { schema: addressIdSchema });
    if (submission.status !== "success") return data<ActionAnswer>({ form: null, refused: true }, { status: 400 });
    const { id } = submission.value;
    // Deleting the default moves the default to another address: that needs a yes. Without
    // JavaScript this answer is the confirmation step; with it, the page's dialog sends the yes.
    if (intent === "delete" && formData.get("confirm") !== "yes") {
      const target = await getAddress(env.DB, viewer.customerId, id);
      if (!target) throw notFound();
      if (target.isDefault) return data<ActionAnswer>({ form: null, confirmDelete: target.id });
    }
    const found = intent === "delete" ? await deleteAddress(env.DB, viewer.customerId, id) : await setDefaultAddress(env.DB, viewer.customerId, id);
    if (!found) throw notFound();
    return done(intent === "delete" ? "addressDeleted" : "defaultChanged");
  }

  if (intent !== "create" && intent !== "update" && intent !== "area") return data<ActionAnswer>({ form: null, refused: true }, { status: 400 });

  // For an update: the address must be this customer's before anything else is said about it.
  let id: number | undefined;
  let isDefault = false;
  if (formData.has("id") || intent === "update") {
    const parsedId = rowId.safeParse(formFields(formData, ["id"]).id);
    const existing = parsedId.success ? await getAddress(env.DB, viewer.customerId, parsedId.data) : null;
    if (!existing) throw notFound();
    id = existing.id;
    isDefault = existing.isDefault;
  }
  const thai = await thaiAreas();
  const fields = formFields(formData, addressFields);
  const zipcode = fields.zipcode.trim() ? null : soleZipcode(thai, fields);
  if (zipcode) formData.set("zipcode", zipcode);
  const values = formValues({ ...fields, zipcode: zipcode ?? fields.zipcode });
  const form: AddressFormState = { mode: id === undefined ? "create" : "update", id, values, isDefault, lists: await areaLists(values, locale) };

  // Without JavaScript the pickers come back with the next list: nothing is saved.
  if (intent === "area") return data<ActionAnswer>({ form });

  const submission = parseWithZod(formData, { schema: addressFormSchema });
  if (submission.status !== "success") return data<ActionAnswer>({ form, result: submission.reply() }, { status: 400 });
  const decided = decideAddress(submission.value, thai);
  if (!decided.ok) return data<ActionAnswer>({ form, result: submission.reply({ fieldErrors: decided.fieldErrors }) }, { status: 400 });
  if (form.mode === "update") {
    if (!(await updateAddress(env.DB, viewer.customerId, id!, decided.address))) throw notFound();
    return done("addressSaved");
  }
  const created = await createAddress(env.DB, viewer.customerId, decided.address);
  if (!created.ok)
    return data<ActionAnswer>({ form, result: submission.reply({ formErrors: [`tooManyAddresses:${maxAddressesPerCustomer}`] }) }, { status: 400 });
  return done("addressSaved");
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("account:meta.address") }] } satisfies BreadcrumbHandle;

type ListedAddress = SavedAddress & { areaNames: { province: string; city: string; suburb: string } };

function areaLine(address: ListedAddress): string {
  return [address.areaNames.suburb, address.areaNames.city, address.areaNames.province, address.zipcode].filter(Boolean).join(" ");
}

/**
 * "Delete the default address?" with the address that takes its place (or none left). The same
 * form is the confirmation step a page without JavaScript gets back from the action, and the
 * content of the dialog the Delete button opens once the page is hydrated.
 */
function ConfirmDeleteDefault({
  address,
  nextDefault,
  action,
  cancel,
}: {
  address: ListedAddress;
  nextDefault: ListedAddress | null;
  action: string;
  cancel: ReactNode;
}) {
  const { t } = useTranslation("account");
  const titleId = `confirm-delete-${address.id}-title`;
  return (
    <div className="flex flex-col gap-3" role="group" aria-labelledby={titleId} data-testid="confirm-delete-default">
      <h2 id={titleId} className="text-lg font-semibold">
        {t("address.confirmDeleteDefault.title")}
      </h2>
      <p>{t("address.confirmDeleteDefault.body", { address: address.address })}</p>
      {nextDefault ? (
        <p data-testid="next-default" data-address-id={nextDefault.id}>
          {t("address.confirmDeleteDefault.next")}{" "}
          <strong className="break-words">
            {nextDefault.firstName} {nextDefault.lastName}, {nextDefault.address}, {areaLine(nextDefault)}
          </strong>
        </p>
      ) : (
        <p data-testid="next-default-none">{t("address.confirmDeleteDefault.none")}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={action}>
          <input type="hidden" name="id" value={address.id} />
          <input type="hidden" name="confirm" value="yes" />
          <IntentButton intent="delete" className="bg-error text-white" testId="confirm-delete">
            {t("address.confirmDeleteDefault.confirm")}
          </IntentButton>
        </Form>
        {cancel}
      </div>
    </div>
  );
}

const deleteDialogId = (id: number) => `delete-address-${id}`;

/** The dialog the default address's Delete button opens (outside the card, so the card reads as itself). */
function DeleteDefaultDialog({ address, nextDefault, action }: { address: ListedAddress; nextDefault: ListedAddress | null; action: string }) {
  const { t } = useTranslation("account");
  const dialogId = deleteDialogId(address.id);
  return (
    <dialog
      id={dialogId}
      closedby="any"
      className="m-auto w-[calc(100%-2rem)] max-w-[480px] rounded-xl bg-surface p-6 text-ink shadow-2xl backdrop:bg-black/50"
      data-testid="delete-default-dialog"
    >
      <ConfirmDeleteDefault
        address={address}
        nextDefault={nextDefault}
        action={action}
        cancel={
          <button {...commandButtonProps(dialogId, "close")} className="btn-ghost border border-line">
            {t("address.cancel")}
          </button>
        }
      />
    </dialog>
  );
}

function AddressCard({ address, action, locale }: { address: ListedAddress; action: string; locale: Locale }) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const country = isCountryCode(address.country) ? t(`countries.${address.country}`) : address.country;
  const dialogId = deleteDialogId(address.id);
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line p-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="address-card"
      data-address-id={address.id}
      data-default={address.isDefault ? "true" : "false"}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {address.firstName} {address.lastName}
          {address.isDefault ? (
            <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary-dark" data-testid="default-badge">
              {t("address.default")}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-ink-muted">{address.phone}</p>
        <p className="mt-1 break-words">{address.address}</p>
        <p className="break-words" data-testid="address-area">
          {areaLine(address)}
        </p>
        <p className="text-sm text-ink-muted">{country}</p>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Link to={`${localizePath(locale, "/my-address")}?edit=${address.id}`} className="btn-ghost border border-line text-sm">
          <Pencil className="size-4" aria-hidden />
          {t("address.edit")}
        </Link>
        {address.isDefault ? null : (
          <Form method="post" action={action}>
            <input type="hidden" name="id" value={address.id} />
            <IntentButton intent="default" variant="ghost" className="text-sm">
              <Star className="size-4" aria-hidden />
              {t("address.makeDefault")}
            </IntentButton>
          </Form>
        )}
        {address.isDefault && hydrated ? (
          <button
            {...commandButtonProps(dialogId, "show-modal")}
            className="btn-ghost text-sm text-error"
            aria-label={t("address.deleteLabel", { address: address.address })}
            data-testid="delete-default"
          >
            <Trash2 className="size-4" aria-hidden />
            {t("address.delete")}
          </button>
        ) : (
          <Form method="post" action={action}>
            <input type="hidden" name="id" value={address.id} />
            <IntentButton
              intent="delete"
              variant="ghost"
              className="text-sm text-error"
              ariaLabel={t("address.deleteLabel", { address: address.address })}
              testId={address.isDefault ? "delete-default" : undefined}
            >
              <Trash2 className="size-4" aria-hidden />
              {t("address.delete")}
            </IntentButton>
          </Form>
        )}
      </div>
    </li>
  );
}

export default function MyAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const locale = i18n.language as Locale;
  const { key } = useLocation();
  const path = localizePath(locale, "/my-address");
  const form = actionData?.form ?? loaderData.form;
  const byId = (id: number | null | undefined) => loaderData.addresses.find((address) => address.id === id) ?? null;
  const nextDefault = byId(loaderData.nextDefaultId);
  const hydrated = useHydrated();
  const defaultAddress = loaderData.addresses.find((address) => address.isDefault) ?? null;
  const confirming = byId(actionData?.confirmDelete);
  const action = form?.mode === "update" && form.id ? `${path}?edit=${form.id}` : form ? `${path}?new` : path;

  return (
    <FormMessages namespace="account">
      <ProfileLayout locale={locale} title={t("address.heading")}>
        <div className="flex flex-col gap-6" data-testid="address-page">
          {form ? (
            <Section title={t(form.mode === "update" ? "address.editHeading" : "address.newHeading")} testId="address-form-section">
              <AddressForm
                key={`${key}-${JSON.stringify(form.values)}`}
                action={action}
                cancelTo={path}
                mode={form.mode}
                id={form.id}
                values={form.values}
                lists={form.lists}
                lastResult={actionData?.result}
                isDefault={form.isDefault}
              />
            </Section>
          ) : null}

          {confirming ? (
            <Section testId="confirm-delete-section">
              <ConfirmDeleteDefault
                address={confirming}
                nextDefault={nextDefault}
                action={path}
                cancel={
                  <Link to={path} className="btn-ghost border border-line">
                    {t("address.cancel")}
                  </Link>
                }
              />
            </Section>
          ) : null}

          <Section title={t("address.list")} testId="address-list-section">
            {actionData?.refused ? (
              <p role="alert" className="mb-3 text-sm text-error" data-testid="form-error">
                {t("validation.invalid", { field: t("fields.id") })}
              </p>
            ) : null}
            {loaderData.addresses.length === 0 ? (
              <p className="text-ink-muted" data-testid="address-empty">
                {t("address.empty")}
              </p>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="address-list">
                {loaderData.addresses.map((address) => (
                  <AddressCard key={address.id} address={address} action={path} locale={locale} />
                ))}
              </ul>
            )}
            {hydrated && defaultAddress ? <DeleteDefaultDialog address={defaultAddress} nextDefault={nextDefault} action={path} /> : null}
            {form || loaderData.addresses.length >= loaderData.maxAddresses ? null : (
              <Link to={`${path}?new`} className="btn-primary mt-4 w-full sm:w-auto" data-testid="add-address">
                {t("address.add")}
              </Link>
            )}
          </Section>
        </div>
      </ProfileLayout>
    </FormMessages>
  );
}
