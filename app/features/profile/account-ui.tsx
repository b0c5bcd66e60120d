import { clsx } from "clsx";
import { UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * Small pieces shared by /my-profile and /my-address: a section card, a submit button that shows
 * progress only for its own form (pages carry several forms told apart by `intent`), the avatar.
 */
export function Section({ title, children, testId, className, id }: { title?: string; children: ReactNode; testId?: string; className?: string; id?: string }) {
  return (
    <section id={id} className={clsx("rounded-xl border border-line bg-surface p-4 shadow-sm md:p-6", className)} data-testid={testId} aria-label={title}>
      {title ? <h2 className="mb-4 text-lg font-semibold">{title}</h2> : null}
      {children}
    </section>
  );
}

/** True while a form with this intent is being submitted. */
export function useSubmittingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function IntentButton({
  intent,
  children,
  pendingText,
  variant = "primary",
  className,
  name = "intent",
  ariaLabel,
  testId,
}: {
  intent: string;
  children: ReactNode;
  pendingText?: string;
  variant?: "primary" | "ghost";
  className?: string;
  name?: string;
  ariaLabel?: string;
  testId?: string;
}) {
  const submitting = useSubmittingIntent(intent);
  return (
    <button
      type="submit"
      name={name}
      value={intent}
      className={clsx(variant === "primary" ? "btn-primary" : "btn-ghost border border-line", className)}
      disabled={submitting}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {submitting && pendingText ? pendingText : children}
    </button>
  );
}

/** The customer's picture, or the default avatar (spec §3: when the image is empty). */
export function Avatar({ src, alt, defaultAlt, size = 96 }: { src: string | null; alt: string; defaultAlt: string; size?: number }) {
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        className="shrink-0 rounded-full border border-line object-cover"
        style={{ width: size, height: size }}
        data-testid="avatar-image"
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={defaultAlt}
      className="flex shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary-dark"
      style={{ width: size, height: size }}
      data-testid="avatar-default"
    >
      <UserRound style={{ width: size / 2, height: size / 2 }} aria-hidden />
    </div>
  );
}
