import { type CompanyMemberRole, format, messages, type TeamMember, type TeamMemberSelf } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { checkInvites, checkMyDetails, checkPlacement } from "../src/features/teams/team-checks";
import {
  fieldProblems,
  hasAnyAction,
  inviteProblems,
  invitesBody,
  mayEditOwnDetails,
  mayEditTeamSettings,
  mayInvite,
  mayLeave,
  memberActions,
  myDetailsBody,
  myDetailsValues,
  parseEmails,
  placementBody,
  placementValues,
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

  it("lets the owner promote, demote, remove, place and hand the company to a manager", () => {
    const owner = actor("owner");
    expect(memberActions(owner, member("u2", "company_employee"))).toEqual({
      makeManager: true,
      makeEmployee: false,
      remove: true,
      transfer: false,
      place: true,
      editOwn: false,
    });
    expect(memberActions(owner, member("u3", "manager"))).toEqual({
      makeManager: false,
      makeEmployee: true,
      remove: true,
      transfer: true,
      place: true,
      editOwn: false,
    });
  });

  it("lets a manager remove and place employees only, and change no role", () => {
    const manager = actor("manager");
    expect(memberActions(manager, member("u2", "company_employee"))).toEqual({
      makeManager: false,
      makeEmployee: false,
      remove: true,
      transfer: false,
      place: true,
      editOwn: false,
    });
    expect(hasAnyAction(memberActions(manager, member("u3", "manager")))).toBe(false);
    expect(hasAnyAction(memberActions(manager, member("u4", "owner")))).toBe(false);
  });

  it("on one's own row offers Edit my details, and the owner also their own position and team", () => {
    expect(memberActions(actor("owner"), member("user-1", "owner"))).toEqual({
      makeManager: false,
      makeEmployee: false,
      remove: false,
      transfer: false,
      place: true,
      editOwn: true,
    });
    expect(memberActions(actor("manager"), member("user-1", "manager"))).toEqual({
      makeManager: false,
      makeEmployee: false,
      remove: false,
      transfer: false,
      place: false,
      editOwn: true,
    });
    // On the owner's row, the owner's own actions are their position and team, nothing else.
    expect(memberActions(actor("owner"), member("u9", "owner"))).toMatchObject({
      remove: false,
      place: true,
    });
  });

  it("offers nothing to employees on others' rows, nor to a person acting as themselves", () => {
    expect(hasAnyAction(memberActions(actor("company_employee"), member("u2", "company_employee")))).toBe(
      false,
    );
    expect(hasAnyAction(memberActions(actor(null), member("u2", "company_employee")))).toBe(false);
    expect(hasAnyAction(memberActions(actor(null), member("user-1", "company_employee")))).toBe(false);
  });

  it("offers the team's settings to owners only, and one's own card to every member", () => {
    expect(mayEditTeamSettings(actor("owner"))).toBe(true);
    expect(mayEditTeamSettings(actor("manager"))).toBe(false);
    expect(mayEditTeamSettings(actor("company_employee"))).toBe(false);
    expect(mayEditTeamSettings(actor(null))).toBe(false);
    for (const role of ["owner", "manager", "company_employee"] as const) {
      expect(mayEditOwnDetails(actor(role))).toBe(true);
    }
    expect(mayEditOwnDetails(actor(null))).toBe(false);
    expect(mayEditOwnDetails(null)).toBe(false);
  });
});

describe("a member's own card and their position and team", () => {
  const self: TeamMemberSelf = {
    ...member("user-1", "company_employee"),
    name: "Jane Doe",
    caption: "Hello",
    displayPersonalProfile: true,
    hideByline: false,
    membersMayHideByline: true,
  };

  it("sends only what changed, cleaned up, with cleared text as null", () => {
    const initial = myDetailsValues(self);
    expect(myDetailsBody(initial, initial)).toEqual({});
    expect(
      myDetailsBody(
        {
          ...initial,
          displayName: "  Jane   D. ",
          caption: "",
          imageUrl: "https://api.example/api/media/public/m1/small.webp",
          hideByline: true,
        },
        initial,
      ),
    ).toEqual({
      displayName: "Jane D.",
      caption: null,
      imageUrl: "https://api.example/api/media/public/m1/small.webp",
      hideByline: true,
    });
    // Spaces alone are no change: the name is not frozen as a display name.
    expect(myDetailsBody({ ...initial, displayName: " Jane  Doe " }, initial)).toEqual({});
  });

  it("checks the §5 limits of the card before sending", () => {
    expect(checkMyDetails({ displayName: "d".repeat(129) })).toEqual({
      displayName: format(messages.maxChars, { count: 128 }),
    });
    expect(checkMyDetails({ caption: "c".repeat(2001) })).toEqual({
      caption: format(messages.maxChars, { count: 2000 }),
    });
    expect(checkMyDetails({ caption: "fine", hideByline: true })).toBeNull();
  });

  it("sends position and team as changed, null when cleared, nothing when untouched", () => {
    const placed = { ...member("u2", "company_employee"), position: { id: "analyst", title: "Analyst" } };
    const initial = placementValues(placed);
    expect(initial).toEqual({ position: "Analyst", team: "" });
    expect(placementBody(initial, initial)).toBeNull();
    expect(placementBody({ position: "", team: "  Data  Team " }, initial)).toEqual({
      position: null,
      team: "Data Team",
    });
    expect(checkPlacement({ position: "A" })).toEqual({ position: format(messages.minChars, { count: 2 }) });
    expect(checkPlacement({ team: "t".repeat(65) })).toEqual({
      team: format(messages.maxChars, { count: 64 }),
    });
    expect(checkPlacement({ position: "Analyst" })).toBeNull();
  });

  it("puts the API's 422 details on their fields", () => {
    expect(
      fieldProblems([
        { path: "body.imageUrl", message: messages.pageImageNotUploaded },
        { path: "body.imageUrl", message: "second" },
        { path: "body.caption", message: "too long" },
        "nonsense",
      ]),
    ).toEqual({ imageUrl: messages.pageImageNotUploaded, caption: "too long" });
    expect(fieldProblems(null)).toEqual({});
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
    // The photo uploaded in the dialog goes with the one person.
    const photo = "https://api.example/api/media/public/m1/small.webp";
    expect(invitesBody(["bo@x.test"], { ...details, imageUrl: photo }).invites[0]?.imageUrl).toBe(photo);
    expect(invitesBody(["a@x.test", "b@x.test"], { ...details, imageUrl: photo }).invites).toEqual([
      { email: "a@x.test" },
      { email: "b@x.test" },
    ]);
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
