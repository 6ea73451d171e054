import { messages } from "@vn/contract";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hasSpy, viewCountText, viewedWhat } from "../src/features/insights/viewer-text";
import { PremiumBadge } from "../src/features/profiles/PremiumBadge";

describe("the profile badge (issue 13)", () => {
  it("shows a star named 'Premium member' for a premium badge", () => {
    const html = renderToStaticMarkup(createElement(PremiumBadge, { badge: "premium" }));
    expect(html).toContain('role="img"');
    expect(html).toContain(`<title>${messages.badgePremium}</title>`);
    expect(messages.badgePremium).toBe("Premium member");
  });

  it("shows nothing without one", () => {
    expect(renderToStaticMarkup(createElement(PremiumBadge, { badge: null }))).toBe("");
    expect(renderToStaticMarkup(createElement(PremiumBadge, { badge: undefined }))).toBe("");
  });
});

describe("who viewed you: the words of a row", () => {
  it("counts views in words", () => {
    expect(viewCountText(1)).toBe("1 view");
    expect(viewCountText(4)).toBe("4 views");
  });

  it("names the profile and the publications, an untitled one by its handle", () => {
    const what = viewedWhat({
      viewedProfile: true,
      publications: [
        { id: "a", slug: "how-we-price", title: "How we price", path: "/olga/insights/how-we-price" },
        { id: "b", slug: "hello-1", title: null, path: "/olga/posts/hello-1" },
      ],
    });
    expect(what).toEqual({
      profile: true,
      publications: [
        { path: "/olga/insights/how-we-price", label: "How we price" },
        { path: "/olga/posts/hello-1", label: "hello-1" },
      ],
    });
  });

  it("opens the list only with the spy entitlement", () => {
    expect(hasSpy({ "addons.spy": true })).toBe(true);
    expect(hasSpy({ "addons.spy": false })).toBe(false);
    expect(hasSpy(undefined)).toBe(false);
  });
});
