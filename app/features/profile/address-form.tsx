import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";

import { useTranslation } from "~/i18n/translation";
import { CheckboxField, FormErrors } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { useHydrated } from "~/ui/use-hydrated";

import { IntentButton } from "./account-ui";
import { AddressFieldset, type AreaLists } from "./address-fieldset";
import { addressFormSchema, type AddressFormValues } from "./profile-schemas";

interface Props {
  action: string;
  cancelTo: string;
  mode: "create" | "update";
  id?: number;
  /** What the form starts from: the saved address, or what was posted (with the lists for it). */
  values: AddressFormValues;
  lists: AreaLists;
  lastResult?: SubmissionResult<string[]>;
  /** The current default cannot be un-defaulted from its own form (choose another one instead). */
  isDefault: boolean;
}

/** /my-address's form (the form kit, addressFormSchema). */
export function AddressForm({ action, cancelTo, mode, id, values, lists, lastResult, isDefault }: Props) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(addressFormSchema, { id: "address", lastResult, defaultValue: values });

  return (
    <Form
      method="post"
      action={action}
      className="flex flex-col gap-4"
      data-testid="address-form"
      data-hydrated={hydrated ? "true" : undefined}
      {...getFormProps(form)}
    >
      <FormErrors form={form} />
      {mode === "update" && id ? <input type="hidden" name="id" value={id} /> : null}
      <AddressFieldset fields={fields} values={values} lists={lists} onAreaChange={(name, value) => form.update({ name, value })} />
      {isDefault ? null : <CheckboxField meta={fields.makeDefault} label={t("fields.makeDefault")} />}
      <div className="flex flex-wrap gap-2">
        <IntentButton intent={mode} pendingText={t("address.saving")} className="w-full sm:w-auto" testId="save-address">
          {t("address.save")}
        </IntentButton>
        <Link to={cancelTo} className="btn-ghost w-full border border-line sm:w-auto">
          {t("address.cancel")}
        </Link>
      </div>
    </Form>
  );
}
