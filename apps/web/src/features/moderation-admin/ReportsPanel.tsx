import { type ModerationSubjectDetail, moderationReasonLabel } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { Badge } from "@/components/ui/Badge";
import { formatDateTime } from "@/features/content/kinds";
import { ProfileLine } from "./ProfileLine";
import { accuracyText, reportCount } from "./review-text";

type Report = ModerationSubjectDetail["reports"][number];

function statusOf(report: Report): { label: string; tone: "neutral" | "brand" | "success" } {
  if (report.outcome === "actioned")
    return { label: moderationAdminMessages.reviewReportUpheld, tone: "success" };
  if (report.outcome === "dismissed")
    return { label: moderationAdminMessages.reviewReportDismissed, tone: "neutral" };
  if (report.status === "open") return { label: moderationAdminMessages.reviewReportOpen, tone: "brand" };
  return { label: moderationAdminMessages.reviewReportClosed, tone: "neutral" };
}

/** The reports of a subject: grouped by reason with their descriptions, then each reporter's record. */
export function ReportsPanel({ detail }: { detail: ModerationSubjectDetail }) {
  return (
    <section
      aria-labelledby="review-reports"
      className="flex flex-col gap-4 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <h2 id="review-reports" className="text-lg font-semibold text-ink">
        {moderationAdminMessages.reviewReportsHeading}{" "}
        <span className="font-normal text-ink-muted">({reportCount(detail.reports.length)})</span>
      </h2>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink-muted">
          {moderationAdminMessages.reviewReasonsHeading}
        </h3>
        <ul className="flex flex-col gap-3">
          {detail.reasonGroups.map((group) => (
            <li key={group.reason} className="flex flex-col gap-1.5">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">{moderationReasonLabel(group.reason)}</span>
                <Badge tone="danger">{reportCount(group.count)}</Badge>
              </p>
              {group.descriptions.length > 0 ? (
                <ul className="flex flex-col gap-1.5">
                  {group.descriptions.map((description, index) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: descriptions may repeat and never reorder
                      key={index}
                      className="border-l-2 border-line pl-3 text-[0.95rem] break-words whitespace-pre-line text-ink"
                    >
                      {description}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink-muted">
          {moderationAdminMessages.reviewReportersHeading}
        </h3>
        <ul className="flex flex-col divide-y divide-line">
          {detail.reports.map((report) => {
            const status = statusOf(report);
            return (
              <li key={report.id} className="flex flex-col gap-1.5 py-2.5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <ProfileLine profile={report.reporter.profile} link />
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
                <p className="text-sm text-ink-muted">
                  {[
                    moderationReasonLabel(report.reason),
                    formatDateTime(report.createdAt),
                    accuracyText(report.reporter.accuracy, report.reporter.decidedReports),
                  ].join(" · ")}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
