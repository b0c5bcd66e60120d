import { AlertTriangle } from "lucide-react";
import { Form, Link } from "react-router";

import { baht } from "~/features/orders/orders-admin-ui";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { ConfirmButton } from "~/ui/confirm-dialog";

/** A problem payment as the loaders send it (./payment-problems.server.ts). */
export interface PaymentProblemView {
  paymentId: number;
  orderId: number;
  orderNumber: string;
  problem: "amount-mismatch" | "order-not-waiting";
  capturedSatang: number;
  orderTotalSatang: number;
}

function ProblemText({ problem, locale }: { problem: PaymentProblemView; locale: Locale }) {
  const { t } = useTranslation("ordersAdmin");
  const amounts = { captured: baht(problem.capturedSatang, locale), total: baht(problem.orderTotalSatang, locale) };
  return <>{problem.problem === "amount-mismatch" ? t("paymentProblems.amountMismatch", amounts) : t("paymentProblems.orderNotWaiting", amounts)}</>;
}

/**
 * The order page's warning: money PayPal took that does not pay this order, with the refund.
 * Shown above everything else on the page, since the shop holds someone's money.
 */
export function PaymentProblemNotices({
  problems,
  locale,
  action,
  question,
}: {
  problems: PaymentProblemView[];
  locale: Locale;
  action: string;
  /** What the refund's confirmation asks (a refund sends money back: staff confirm it first). */
  question: (problem: PaymentProblemView) => { title: string; description: string; confirmLabel: string };
}) {
  const { t } = useTranslation("ordersAdmin");
  if (problems.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="payment-problems">
      {problems.map((problem) => (
        <div
          key={problem.paymentId}
          role="alert"
          className="rounded-md border border-error/40 bg-error/5 p-4"
          data-testid="payment-problem"
          data-problem={problem.problem}
        >
          <p className="flex items-start gap-2 font-semibold text-error">
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span>
              <ProblemText problem={problem} locale={locale} />
            </span>
          </p>
          {problem.problem === "amount-mismatch" ? <p className="mt-1 text-sm">{t("paymentProblems.notPaid")}</p> : null}
          <Form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-3">
            <input type="hidden" name="paymentId" value={problem.paymentId} />
            <ConfirmButton
              name="intent"
              value="refund-payment"
              className="btn-ghost border border-error/40 text-error"
              testId="refund-payment"
              {...question(problem)}
            >
              {t("paymentProblems.refund", { amount: baht(problem.capturedSatang, locale) })}
            </ConfirmButton>
            <span className="text-xs text-ink-muted">{t("paymentProblems.refundHint")}</span>
          </Form>
        </div>
      ))}
    </div>
  );
}

/** The dashboard's list: each problem payment with a link to its order (where the refund is). */
export function PaymentProblemsPanel({ problems, locale, canOpenOrders }: { problems: PaymentProblemView[]; locale: Locale; canOpenOrders: boolean }) {
  const { t } = useTranslation("ordersAdmin");
  if (problems.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="payment-problems-heading"
      className="rounded-lg border border-error/40 bg-error/5 p-4"
      data-testid="dashboard-payment-problems"
    >
      <h2 id="payment-problems-heading" className="flex items-center gap-2 text-lg font-bold text-error">
        <AlertTriangle className="size-5" aria-hidden />
        {t("paymentProblems.heading")}
      </h2>
      <ul className="mt-2 divide-y divide-error/20 text-sm">
        {problems.map((problem) => (
          <li key={problem.paymentId} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between" data-testid="payment-problem">
            <span>
              <ProblemText problem={problem} locale={locale} />
            </span>
            {canOpenOrders ? (
              <Link
                to={localizePath(locale, `/backend/orders/fulfillment/${problem.orderId}`)}
                className="shrink-0 font-semibold text-primary-dark underline"
                data-testid="payment-problem-order"
              >
                {t("paymentProblems.open", { number: problem.orderNumber })}
              </Link>
            ) : (
              <span className="shrink-0 font-mono">{problem.orderNumber}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
