import { type CompanyMemberRole, format, messages, type TeamMember } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  checkInvites,
  hasAnyAction,
  inviteProblems,
  invitesBody,
  mayInvite,
  mayLeave,
  memberActions,
  parseEmails,
} from "../src/features/teams/team-rules";
import { janeActing } from "./support/actor";

/** Jane acting as herself (role null) or for Acme in `role`. */
const actor = janeActing;

function member(userId: string, role: CompanyMemberRole): TeamMember {
  return {
    userId,
    name: `Person ${userId}`,
    role,
    position: null,
    image: null,
    caption: null,
    team: null,
    slug: null,
    displayPersonalProfile: false,
    joinedAt: "2026-01-01T00:00:00.000Z",
  };
}

const noDetails = { displayName: "", position: "", caption: "", team: "" };

describe("who gets the team's buttons", () => {
  it("offers Invite people to owners and managers acting as the company only", () => {
    expect(mayInvite(actor("owner"))).toBe(true);
    expect(mayInvite(actor("manager"))).toBe(true);
    expect(mayInvite(actor("company_employee"))).toBe(false);
    expect(mayInvite(actor(null))).toBe(false);
    expect(mayInvite(null)).toBe(false);
  });

  it("offers Leave company to members but not the owner nor a person acting as themselves", () => {
    expect(mayLeave(actor("manager"))).toBe(true);
    expect(mayLeave(actor("company_employee"))).toBe(true);
    expect(mayLeave(actor("owner"))).toBe(false);
    expect(mayLeave(actor(null))).toBe(false);
  });

  it("lets the owner promote, demote, remove and hand the company to a manager", () => {
    const owner = actor("owner");
    expect(memberActions(owner, member("u2", "company_employee"))).toEqual({
      makeManager: true,
      makeEmployee: false,
      remove: true,
      transfer: false,
    });
    expect(memberActions(owner, member("u3", "manager"))).toEqual({
      makeManager: false,
      makeEmployee: true,
      remove: true,
      transfer: true,
    });
  });

  it("lets a manager remove employees only, and change no role", () => {
    const manager = actor("manager");
    expect(memberActions(manager, member("u2", "company_employee"))).toEqual({
      makeManager: false,
      makeEmployee: false,
      remove: true,
      transfer: false,
    });
    expect(hasAnyAction(memberActions(manager, member("u3", "manager")))).toBe(false);
    expect(hasAnyAction(memberActions(manager, member("u4", "owner")))).toBe(false);
  });

  it("offers nothing on the owner's row, one's own row, or to employees and outsiders", () => {
    expect(hasAnyAction(memberActions(actor("owner"), member("u9", "owner")))).toBe(false);
    expect(hasAnyAction(memberActions(actor("manager"), member("user-1", "manager")))).toBe(false);
    expect(hasAnyAction(memberActions(actor("company_employee"), member("u2", "company_employee")))).toBe(
      false,
    );
    expect(hasAnyAction(memberActions(actor(null), member("u2", "company_employee")))).toBe(false);
  });
});

describe("the emails box", () => {
  it("takes one per line or comma separated, dropping blanks", () => {
    expect(parseEmails(" a@x.test,\n\nb@x.test ; c@x.test\n,")).toEqual(["a@x.test", "b@x.test", "c@x.test"]);
    expect(parseEmails("  \n ")).toEqual([]);
  });

  it("sends the one-person fields only when one email is invited", () => {
    const details = { displayName: " Bo ", position: "Analyst", caption: "", team: "Data" };
    expect(invitesBody(["bo@x.test"], details)).toEqual({
      invites: [{ email: "bo@x.test", displayName: "Bo", position: "Analyst", caption: null, team: "Data" }],
    });
    expect(invitesBody(["a@x.test", "b@x.test"], details)).toEqual({
      invites: [{ email: "a@x.test" }, { email: "b@x.test" }],
    });
  });

  it("refuses an empty box, a 51st email and an email twice before sending", () => {
    expect(checkInvites([], noDetails)?.emails).toEqual([messages.fieldRequired]);
    const many = Array.from({ length: 51 }, (_, index) => `p${index}@x.test`);
    expect(checkInvites(many, noDetails)?.emails).toEqual([format(messages.bulkInviteMax, { count: 50 })]);
    expect(checkInvites(["a@x.test", "A@x.test"], noDetails)?.emails).toEqual([
      format(messages.teamInviteRowError, { email: "A@x.test", message: messages.alreadyAdded }),
    ]);
    expect(checkInvites(["not-an-email"], noDetails)?.emails).toEqual([
      format(messages.teamInviteRowError, { email: "not-an-email", message: messages.invalidEmail }),
    ]);
    expect(checkInvites(["a@x.test", "b@x.test"], noDetails)).toBeNull();
  });

  it("checks the §5 limits of the one-person fields", () => {
    const problems = checkInvites(["bo@x.test"], { ...noDetails, position: "A" });
    expect(problems?.fields.position).toBe(format(messages.minChars, { count: 2 }));
    expect(problems?.emails).toEqual([]);
  });

  it("puts the API's 422 details next to the email they are about", () => {
    const emails = ["a@x.test", "b@x.test", "gone@x.test"];
    const problems = inviteProblems(
      [
        { path: "body.invites.1.email", message: messages.alreadyAdded },
        { path: "body.invites.2.email", message: messages.accountDeletedOrBlocked },
        { path: "body.invites", message: "list-wide" },
        { path: "body.other", message: "ignored" },
      ],
      emails,
    );
    expect(problems.emails).toEqual([
      format(messages.teamInviteRowError, { email: "b@x.test", message: messages.alreadyAdded }),
      format(messages.teamInviteRowError, {
        email: "gone@x.test",
        message: messages.accountDeletedOrBlocked,
      }),
      "list-wide",
    ]);
    expect(inviteProblems("nonsense", emails)).toEqual({ emails: [], fields: {} });
  });
});
