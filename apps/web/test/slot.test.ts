import { createElement, createRef, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Button } from "../src/components/ui/Button";
import { Slot } from "../src/components/ui/Slot";

type Props = Record<string, unknown>;
const slotted = (props: Props, child: ReactElement) =>
  Slot({ ...props, children: child }) as ReactElement<Props>;

describe("Slot (Button asChild)", () => {
  it("renders the child with the slot's props; the child's own props win, classes join", () => {
    const element = slotted(
      { className: "btn", title: "from slot", "data-x": "1" },
      createElement("a", { href: "/verification", className: "link", title: "from child" }),
    );
    expect(element.type).toBe("a");
    expect(element.props).toMatchObject({
      href: "/verification",
      className: "btn link",
      title: "from child",
      "data-x": "1",
    });
  });

  it("runs both handlers, the child's first, and returns the child's result", () => {
    const calls: string[] = [];
    const element = slotted(
      { onClick: () => calls.push("slot") },
      createElement("a", {
        onClick: () => {
          calls.push("child");
          return "child result";
        },
      }),
    );
    expect((element.props.onClick as (event: unknown) => unknown)({})).toBe("child result");
    expect(calls).toEqual(["child", "slot"]);
  });

  it("merges styles and gives the element to both refs", () => {
    const slotRef = createRef<unknown>();
    const childRef = vi.fn();
    const element = slotted(
      { style: { color: "red", margin: 1 }, ref: slotRef },
      createElement("a", { style: { color: "blue" }, ref: childRef }),
    );
    expect(element.props.style).toEqual({ color: "blue", margin: 1 });
    const node = { tag: "a" };
    (element.props.ref as (value: unknown) => void)(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenCalledWith(node);
  });

  it("renders nothing without one element child", () => {
    expect(Slot({ children: "text" })).toBeNull();
  });

  it("a Button asChild is the link itself, with the button's look and no button type", () => {
    const html = renderToStaticMarkup(
      createElement(
        Button,
        { asChild: true, variant: "secondary" },
        createElement("a", { href: "/plans" }, "Upgrade"),
      ),
    );
    expect(html).toMatch(/^<a href="\/plans" class="[^"]*rounded-full[^"]*ring-brand[^"]*">Upgrade<\/a>$/);
    expect(renderToStaticMarkup(createElement(Button, null, "Go"))).toMatch(/^<button type="button" class="/);
  });
});
