import { messages, URL_MAX_LENGTH_HTTP, URL_MAX_LENGTH_OTHER } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { ApiError, toApiError } from "../src/lib/api-error";
import { cleanSubmit, submitErrorMessage } from "../src/lib/forms";
import { urlField } from "../src/lib/url-field";

describe("form helpers", () => {
  it("cleans text fields but not passwords before submit", () => {
    let sent: Record<string, unknown> = {};
    const submit = cleanSubmit((values: Record<string, unknown>) => {
      sent = values;
    });
    submit({ email: "  jane@example.com ", about: "a   b\n\n\n\nc", password: "  pass  word ", count: 3 });
    expect(sent).toEqual({
      email: "jane@example.com",
      about: "a b\n\nc",
      password: "  pass  word ",
      count: 3,
    });
  });

  it("applies the URL length rule", () => {
    const schema = urlField();
    const http = `https://${"a".repeat(URL_MAX_LENGTH_HTTP - 8)}`;
    expect(schema.safeParse(http).success).toBe(true);
    expect(schema.safeParse(`${http}a`).success).toBe(false);
    const other = "a".repeat(URL_MAX_LENGTH_OTHER);
    expect(schema.safeParse(other).success).toBe(true);
    const tooLong = schema.safeParse(`${other}a`);
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(messages.urlTooLong);
  });

  it("shows the server's message, or the generic one", () => {
    expect(
      submitErrorMessage(toApiError(401, { error: { code: "request_invalidCredentials", message: "Nope" } })),
    ).toBe("Nope");
    expect(
      submitErrorMessage(
        toApiError(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }),
      ),
    ).toBe("Invalid email or password");
    expect(submitErrorMessage(toApiError(503, null))).toBe(messages.serviceUnavailable);
    expect(submitErrorMessage(new Error("boom"))).toBe(messages.somethingWentWrong);
    expect(new ApiError(0, null, "x").isNetworkError).toBe(true);
  });
});
