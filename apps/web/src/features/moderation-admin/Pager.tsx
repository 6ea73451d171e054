import { format } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";

/** Previous and next page of a paged list, with where we are; nothing when one page holds all. */
export function Pager({
  page,
  perPage,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={moderationAdminMessages.reviewPagination}
      className="flex items-center justify-between gap-2"
    >
      <Button variant="tertiary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Icon name="arrowLeft" size={18} />
        {moderationAdminMessages.reviewPagePrevious}
      </Button>
      <span className="text-sm text-ink-muted">
        {format(moderationAdminMessages.reviewPageOf, { page, pages })}
      </span>
      <Button variant="tertiary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {moderationAdminMessages.reviewPageNext}
        <Icon name="chevronRight" size={18} />
      </Button>
    </nav>
  );
}
