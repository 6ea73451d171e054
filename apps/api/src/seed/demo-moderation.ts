import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { reports } from "../db/schema/index";
import { fileReport } from "../shared/moderation-intake";
import { addComment, createContent } from "./library";

interface Cast {
  userId: string;
  profileId: string;
}

/**
 * The review queue's demo (issue 16): a few open reports, so /admin/reports has something to show —
 * a spam post three people reported, a comment and a profile reported once each. Filed through the
 * same intake as the report form.
 */
export async function seedModerationDemo(
  db: Db,
  cast: { spammer: Cast; impersonator: Cast; reporters: [Cast, Cast, Cast]; onPostId: string },
): Promise<void> {
  const [first, second, third] = cast.reporters;
  const spam = await createContent(db, {
    ownerId: cast.spammer.profileId,
    kind: "post",
    content:
      "Limited offer!!! 10x your followers in 24 hours with our growth pack. DM me now, only 5 spots left. Guaranteed results or your money back.",
  });
  const comment = await addComment(db, {
    contentId: cast.onPostId,
    authorId: cast.spammer.profileId,
    body: "Great post! Want 5,000 followers by Friday? Check my profile for the growth pack.",
  });
  const filings: Array<{
    by: Cast;
    type: "content" | "comment" | "profile";
    id: string;
    profileId: string;
    reason: string;
    description?: string;
  }> = [
    { by: first, type: "content", id: spam.id, profileId: cast.spammer.profileId, reason: "spam" },
    {
      by: second,
      type: "content",
      id: spam.id,
      profileId: cast.spammer.profileId,
      reason: "spam",
      description: "Same message posted under every thread.",
    },
    { by: third, type: "content", id: spam.id, profileId: cast.spammer.profileId, reason: "misinformation" },
    { by: first, type: "comment", id: comment.id, profileId: cast.spammer.profileId, reason: "spam" },
    {
      by: second,
      type: "profile",
      id: cast.impersonator.profileId,
      profileId: cast.impersonator.profileId,
      reason: "impersonation",
      description: "Uses the name and photo of a journalist I know.",
    },
  ];
  for (const filing of filings) {
    await db.transaction(async (tx) => {
      const id = randomUUID();
      await tx.insert(reports).values({
        id,
        reporterUserId: filing.by.userId,
        reporterProfileId: filing.by.profileId,
        targetType: filing.type,
        targetId: filing.id,
        targetProfileId: filing.profileId,
        reason: filing.reason,
        description: filing.description ?? null,
      });
      await fileReport(tx, {
        table: "reports",
        reportId: id,
        subjectType: filing.type,
        targetId: filing.id,
        profileId: filing.profileId,
        reason: filing.reason,
        description: filing.description ?? null,
        reporterUserId: filing.by.userId,
      });
    });
  }
}
