import { z } from "zod";
import { BULK_INVITE_MAX_EMAILS } from "../constants";
import { companyMemberRoles } from "../enums";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { TEAM_INVITE_LIMITS, TEAM_REJECT_REASON_MAX } from "../teams";
import { imageUrlSchema } from "./accounts";
import { userText } from "./common";

/**
 * Company teams (issue 14, spec §3 "Team invite/employee", §5 invite field limits): inviting
 * people by email, their answer, and the people tab.
 */

const limited = (min: number, max: number) =>
  userText({ error: sharedMessages.fieldRequired })
    .trim()
    .min(1, sharedMessages.fieldRequired)
    .min(min, format(sharedMessages.minChars, { count: min }))
    .max(max, format(sharedMessages.maxChars, { count: max }));

const optionalLimited = (min: number, max: number) => limited(min, max).nullable().optional();

/** The §5 inviteUser field: an email of 2 to 254 characters, lower-cased. */
export const inviteUserSchema = limited(TEAM_INVITE_LIMITS.inviteUser.min, TEAM_INVITE_LIMITS.inviteUser.max)
  .pipe(z.email({ error: sharedMessages.invalidEmail }))
  .transform((value) => value.toLowerCase());

export const teamInviteInputSchema = z.object({
  email: inviteUserSchema,
  displayName: optionalLimited(TEAM_INVITE_LIMITS.displayName.min, TEAM_INVITE_LIMITS.displayName.max),
  position: optionalLimited(TEAM_INVITE_LIMITS.position.min, TEAM_INVITE_LIMITS.position.max),
  caption: optionalLimited(TEAM_INVITE_LIMITS.caption.min, TEAM_INVITE_LIMITS.caption.max),
  team: optionalLimited(TEAM_INVITE_LIMITS.team.min, TEAM_INVITE_LIMITS.team.max),
  /** An employee_image upload of the company (the media pipeline checked size, type and pixels). */
  imageUrl: imageUrlSchema,
});
export type TeamInviteInput = z.infer<typeof teamInviteInputSchema>;

/** One invitation or up to 50; an email twice in one request is "Already added" on the second. */
export const teamInvitesRequestSchema = z
  .object({
    invites: z
      .array(teamInviteInputSchema)
      .min(1, sharedMessages.fieldRequired)
      .max(BULK_INVITE_MAX_EMAILS, format(sharedMessages.bulkInviteMax, { count: BULK_INVITE_MAX_EMAILS })),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.invites.forEach((invite, index) => {
      if (seen.has(invite.email)) {
        context.addIssue({
          code: "custom",
          path: ["invites", index, "email"],
          message: validationMessages.alreadyAdded,
        });
      }
      seen.add(invite.email);
    });
  })
  .meta({ id: "TeamInvitesCreate" });
export type TeamInvitesRequest = z.infer<typeof teamInvitesRequestSchema>;

export const teamInviteRejectRequestSchema = z
  .object({
    reason: userText({ error: sharedMessages.teamRejectReasonRequired })
      .trim()
      .min(1, sharedMessages.teamRejectReasonRequired)
      .max(TEAM_REJECT_REASON_MAX, format(sharedMessages.maxChars, { count: TEAM_REJECT_REASON_MAX })),
  })
  .meta({ id: "TeamInviteReject" });

export const teamInviteStatuses = ["pending", "accepted", "rejected", "cancelled", "expired"] as const;
export type TeamInviteStatus = (typeof teamInviteStatuses)[number];

const picture = z.object({ urls: z.object({ preview: z.string() }) }).nullable();
const positionSchema = z.object({ id: z.string(), title: z.string() }).nullable();
const teamSchema = z.object({ title: z.string(), slug: z.string() }).nullable();

/**
 * What an invitation is for: a seat on the team (`team`), or signing for the company as a
 * director in its business verification (`officer`; spec §6 "authorized officers").
 */
export const companyInviteKinds = ["team", "officer"] as const;
export type CompanyInviteKind = (typeof companyInviteKinds)[number];

export const teamInviteSchema = z
  .object({
    id: z.string(),
    kind: z.enum(companyInviteKinds),
    email: z.string(),
    name: z.string().nullable(),
    position: positionSchema,
    image: picture,
    caption: z.string().nullable(),
    team: teamSchema,
    status: z.enum(teamInviteStatuses),
    rejectReason: z.string().nullable(),
    company: z.object({ id: z.string(), slug: z.string(), name: z.string(), image: picture }),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "TeamInvite" });
export type TeamInvite = z.infer<typeof teamInviteSchema>;
export const teamInviteResponseSchema = z.object({ data: teamInviteSchema });
export const teamInviteListResponseSchema = z.object({ data: z.array(teamInviteSchema) });

/** §3 Team employee: who they are on the company's people tab. */
export const teamMemberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    role: z.enum(companyMemberRoles),
    position: positionSchema,
    image: picture,
    caption: z.string().nullable(),
    team: teamSchema,
    /** The personal profile's handle, only where the member chose displayPersonalProfile. */
    slug: z.string().nullable(),
    displayPersonalProfile: z.boolean(),
    joinedAt: z.string(),
  })
  .meta({ id: "TeamMember" });
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMemberListResponseSchema = z.object({ data: z.array(teamMemberSchema) });
export const teamMemberResponseSchema = z.object({ data: teamMemberSchema });

export const teamMemberParamsSchema = z.object({ userId: userText().min(1).max(100) });

/**
 * What the owner (any member) and a manager (employees) set on a member: the role (owners only),
 * and where the member sits, position and team (§5 limits; null clears). At least one field.
 */
export const teamMemberUpdateRequestSchema = z
  .object({
    role: z.enum(["manager", "company_employee"]).optional(),
    position: optionalLimited(TEAM_INVITE_LIMITS.position.min, TEAM_INVITE_LIMITS.position.max),
    team: optionalLimited(TEAM_INVITE_LIMITS.team.min, TEAM_INVITE_LIMITS.team.max),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: sharedMessages.fieldRequired,
  })
  .meta({ id: "TeamMemberUpdate" });
export type TeamMemberUpdate = z.infer<typeof teamMemberUpdateRequestSchema>;

/**
 * A member's own card on the team (spec §3 team employee): how the company shows them, whether
 * the people tab links to their personal profile, and whether their company publications name
 * them (only where the company lets members hide it). Any subset; null clears a text or the image.
 */
export const teamMemberDetailsUpdateRequestSchema = z
  .object({
    displayName: optionalLimited(TEAM_INVITE_LIMITS.displayName.min, TEAM_INVITE_LIMITS.displayName.max),
    caption: optionalLimited(TEAM_INVITE_LIMITS.caption.min, TEAM_INVITE_LIMITS.caption.max),
    /** An employee_image upload of the company (the media pipeline checked size, type and pixels). */
    imageUrl: imageUrlSchema,
    displayPersonalProfile: z.boolean().optional(),
    hideByline: z.boolean().optional(),
  })
  .meta({ id: "TeamMemberDetailsUpdate" });
export type TeamMemberDetailsUpdate = z.infer<typeof teamMemberDetailsUpdateRequestSchema>;

/** The member's own card as they edit it: the people tab's row plus their byline choice. */
export const teamMemberSelfSchema = teamMemberSchema
  .extend({
    /** The member asked that their company publications not name them. */
    hideByline: z.boolean(),
    /** The company lets members hide the byline (its team settings); otherwise bylines always show. */
    membersMayHideByline: z.boolean(),
  })
  .meta({ id: "TeamMemberSelf" });
export type TeamMemberSelf = z.infer<typeof teamMemberSelfSchema>;
export const teamMemberSelfResponseSchema = z.object({ data: teamMemberSelfSchema });

/** The company's own rules for its team (owners: the settings scope). */
export const teamSettingsSchema = z
  .object({
    /** Members may hide "by {name}, {position}" on what they publish for the company (issue 14). */
    membersMayHideByline: z.boolean(),
  })
  .meta({ id: "TeamSettings" });
export type TeamSettings = z.infer<typeof teamSettingsSchema>;
export const teamSettingsResponseSchema = z.object({ data: teamSettingsSchema });
export const teamSettingsUpdateRequestSchema = z
  .object({ membersMayHideByline: z.boolean() })
  .meta({ id: "TeamSettingsUpdate" });
export const teamTransferRequestSchema = z
  .object({ userId: userText().min(1).max(100) })
  .meta({ id: "TeamOwnershipTransfer" });
