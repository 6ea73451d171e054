import { verificationMessages } from "@vn/contract/messages/verification";

/** What a request for information asks for, in the vendor's words. */
export function RequestedDocuments({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <div className="rounded-lg bg-canvas p-4">
      <h2 className="text-sm font-semibold text-ink">{verificationMessages.rfiRequestedHeading}</h2>
      <p className="mt-1 text-[0.95rem] whitespace-pre-line text-ink">{text}</p>
    </div>
  );
}
