import { format, messages } from "@vn/contract";
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
    <nav aria-label={messages.reviewPagination} className="flex items-center justify-between gap-2">
      <Button variant="tertiary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Icon name="arrowLeft" size={18} />
        {messages.reviewPagePrevious}
      </Button>
      <span className="text-sm text-ink-muted">{format(messages.reviewPageOf, { page, pages })}</span>
      <Button variant="tertiary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {messages.reviewPageNext}
        <Icon name="chevronRight" size={18} />
      </Button>
    </nav>
  );
}
