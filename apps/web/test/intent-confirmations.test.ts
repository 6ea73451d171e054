import { accessChangeFormSchemas, format, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { inviteConfirmationOf, undoIntentOf } from "../src/components/shell/intent-confirmations";
import { decideQueryIntent } from "../src/lib/query-intents";

/** Issue 11: links that change something ask first (items 5 and 12). */
describe("an invitation link opened while signed in", () => {
  it("is not accepted on sight: the intent only names the code, and the dialog asks who will be followed", () => {
    const intent = decideQueryIntent("/anna.kowalski", "type=invite&code=abc", true);
    expect(intent).toEqual({ type: "acceptInvite", code: "abc", rest: "/anna.kowalski" });
    expect(inviteConfirmationOf({ status: "pending", inviter: { name: "Ina Viter" } })).toEqual({
      type: "confirm",
      name: "Ina Viter",
      title: messages.inviteConfirmTitle,
      description: `${format(messages.invitedBy, { name: "Ina Viter" })} ${format(messages.inviteConfirmBody, { name: "Ina Viter" })}`,
    });
  });

  it("says an invitation that is no longer pending is unavailable, without asking", () => {
    for (const status of ["accepted", "revoked", "expired"]) {
      expect(inviteConfirmationOf({ status, inviter: { name: "X" } })).toEqual({
        type: "unavailable",
        text: messages.invitationUnavailable,
      });
    }
  });
});

describe("the undo link of an email or phone change", () => {
  it("is read from any page and dropped from the address afterwards", () => {
    expect(undoIntentOf("/", "type=access-change-undo&token=t0k-en")).toEqual({ token: "t0k-en", rest: "/" });
    expect(undoIntentOf("/feed/", "ref=mail&type=access-change-undo&token=abc")).toEqual({
      token: "abc",
      rest: "/feed?ref=mail",
    });
    expect(undoIntentOf("/", "type=access-change-undo")).toBeNull();
    expect(undoIntentOf("/", "type=invite&token=abc")).toBeNull();
  });
});

describe("the settings form of an email or phone change", () => {
  it("asks for the current password with the required-field message", () => {
    const missing = accessChangeFormSchemas.email.safeParse({
      value: "new@example.com",
      currentPassword: "",
    });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues).toEqual([
      expect.objectContaining({ path: ["currentPassword"], message: messages.fieldRequired }),
    ]);
    expect(
      accessChangeFormSchemas.phone.safeParse({ value: "+48 600 100 200", currentPassword: " pass word " })
        .data,
    ).toEqual({ value: "+48 600 100 200", currentPassword: " pass word " });
  });
});
