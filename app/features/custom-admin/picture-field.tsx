import type { FieldMetadata } from "@conform-to/react";
import { clsx } from "clsx";

import { useTranslation } from "~/i18n/translation";
import { Thumbnail } from "~/ui/backend/form-page";
import { FileField } from "~/ui/form/fields";

import { pictureAccept } from "./custom-admin-schemas";

/** The kit's file field with the picture stored now beside it (a mockup, an option's swatch, a preset image). */
export function PictureField({
  meta,
  label,
  currentKey,
  className,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  currentKey: string | null;
  className?: string;
}) {
  const { t } = useTranslation("customizeAdmin");
  return (
    <div className={clsx("flex min-w-0 items-start gap-3", className)}>
      <Thumbnail imageKey={currentKey} size={64} alt={currentKey ? t("actions.currentImage") : ""} />
      <FileField meta={meta} label={label} hint={t("actions.uploadHint")} accept={pictureAccept} className="flex-1" />
    </div>
  );
}
