import { messages } from "@vn/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCall, DEMO_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations, screenshot } from "../support/browser";
import { useBrowser } from "../support/suite";

/**
 * The content sections of §2 that profiles lacked (issue 18): folders (documents grouped),
 * questions and links (with their card), each its own section of the media tab, reachable by URL
 * (/{slug}/folders, /questions, /links) and by its chip.
 */
const suite = useBrowser();
const stamp = Date.now().toString(36);
const question = `Which dashboards do regulated teams trust? ${stamp}`;
const linkTitle = `Audit trails, explained ${stamp}`;
const documentTitle = `Security handbook ${stamp}`;
const filedTitle = `Access review checklist ${stamp}`;
const folderName = `Policies ${stamp}`;

beforeAll(async () => {
  const signIn = await apiCall<{ token: string }>("/auth/sign-in/email", {
    body: { email: "anna@demo.verified.local", password: DEMO_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const token = signIn.body.token;
  for (const body of [
    { kind: "question", title: question, content: "We are choosing between three vendors." },
    // This closed network cannot reach the page: the card shows the address's site instead.
    {
      kind: "link",
      onlineUrl: "https://example.org/audit-trails",
      title: linkTitle,
      content: "Worth a read.",
    },
    { kind: "document", title: documentTitle, description: "How we handle access reviews." },
    // Filed (content_items.folder): shown inside its folder, above the unfiled ones.
    { kind: "document", title: filedTitle, description: "Who reviews what, and when.", folder: folderName },
  ]) {
    const created = await apiCall("/v1/content", { token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
}, 60_000);

describe.each([360, 1280])("a profile's folders, questions and links at %i px", (width) => {
  it("lists each in its own section", { timeout: 120_000 }, async () => {
    const { context, page } = await suite.open(width);

    await page.goto("/anna.kowalski/questions");
    await expect
      .poll(() => page.getByRole("heading", { name: question }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(
      await page.getByRole("button", { name: messages.sectionQuestions }).getAttribute("aria-pressed"),
    ).toBe("true");
    await expectNoAxeViolations(page);
    await screenshot(page, `profile-questions-${width}`);

    await page.goto("/anna.kowalski/links");
    await expect.poll(() => page.getByText(linkTitle).first().isVisible(), { timeout: 15_000 }).toBe(true);
    const card = page.getByTestId("link-preview").first();
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getAttribute("href")).toBe("https://example.org/audit-trails");
    expect(await card.getAttribute("rel")).toContain("noopener");
    await expect.poll(() => card.getByText("example.org").first().isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, `profile-links-${width}`);

    await page.goto("/anna.kowalski/folders");
    const folder = page.getByTestId("folder").filter({ hasText: messages.folderUnfiled });
    await expect.poll(() => folder.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => folder.getByRole("link", { name: new RegExp(documentTitle) }).isVisible())
      .toBe(true);
    expect(await folder.getByRole("link", { name: new RegExp(filedTitle) }).count()).toBe(0);
    const filed = page.getByTestId("folder").filter({ has: page.getByRole("heading", { name: folderName }) });
    await expect.poll(() => filed.isVisible()).toBe(true);
    await expect.poll(() => filed.getByRole("link", { name: new RegExp(filedTitle) }).isVisible()).toBe(true);
    expect(await filed.getByRole("link", { name: new RegExp(documentTitle) }).count()).toBe(0);
    // Named folders come before the unfiled documents.
    const headings = await page.getByTestId("folder").getByRole("heading").allTextContents();
    expect(headings.findIndex((text) => text.includes(folderName))).toBeLessThan(
      headings.findIndex((text) => text.includes(messages.folderUnfiled)),
    );
    await expectNoAxeViolations(page);
    await screenshot(page, `profile-folders-${width}`);

    // The chips lead there too.
    await page.getByRole("button", { name: messages.sectionQuestions }).click();
    await expect.poll(() => page.getByRole("heading", { name: question }).isVisible()).toBe(true);
    await context.close();
  });
});
