import type { SessionActor, TeamSettings } from "@vn/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyTeamSettings } from "../../db/schema/index";
import { writeAudit } from "../../shared/audit";
import { actingCompanyId } from "./invites";

/**
 * A company's own rules for its team (issue 14): for now whether members may hide the byline
 * ("by {name}, {position}") on what they publish for it. Owners set them (the settings scope).
 */

const defaults: TeamSettings = { membersMayHideByline: false };

export async function teamSettingsOf(db: Db, companyId: string): Promise<TeamSettings> {
  const [row] = await db
    .select({ membersMayHideByline: companyTeamSettings.membersMayHideByline })
    .from(companyTeamSettings)
    .where(eq(companyTeamSettings.companyId, companyId));
  return row ?? defaults;
}

export async function getTeamSettings(db: Db, actor: SessionActor): Promise<TeamSettings> {
  return teamSettingsOf(db, actingCompanyId(actor));
}

export async function updateTeamSettings(
  db: Db,
  actor: SessionActor,
  input: TeamSettings,
): Promise<TeamSettings> {
  const companyId = actingCompanyId(actor);
  return db.transaction(async (tx) => {
    const before = await teamSettingsOf(tx, companyId);
    const [after] = await tx
      .insert(companyTeamSettings)
      .values({ companyId, ...input, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: companyTeamSettings.companyId,
        set: { ...input, updatedAt: new Date() },
      })
      .returning({ membersMayHideByline: companyTeamSettings.membersMayHideByline });
    await writeAudit(tx, {
      action: "company.teamSettingsUpdated",
      resourceType: "company",
      resourceId: companyId,
      before,
      after: input,
    });
    return after ?? input;
  });
}
