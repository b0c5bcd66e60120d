import { clsx } from "clsx";
import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A message that belongs to the page rather than to a form field or a redirect: a link that has
 * expired, an e-mail that is already registered, a sign-in that came back refused. Errors and
 * warnings are announced (role="alert"), good news politely (role="status"). A form's own errors
 * use the form kit's `FormErrors`; a notice after a redirect is a toast (`redirectWithToast`).
 */
const tones = {
  error: { className: "border-error/40 bg-error/5 text-error", Icon: CircleAlert },
  warning: { className: "border-warning/40 bg-warning/5 text-warning", Icon: TriangleAlert },
  success: { className: "border-success/40 bg-success/5 text-success", Icon: CircleCheck },
} as const;

export function Alert({ tone, title, children, testId }: { tone: keyof typeof tones; title?: string; children?: ReactNode; testId?: string }) {
  const { className, Icon } = tones[tone];
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={clsx("mb-4 flex gap-3 rounded-md border p-3", className)}
      data-testid={testId ?? `alert-${tone}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="text-sm">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-ink">{children}</div> : null}
      </div>
    </div>
  );
}
