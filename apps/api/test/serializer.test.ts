import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plainJsonSchema, serializerCompiler } from "../src/plugins/serializer";

/** A route's serializer for a response schema, as Fastify compiles it. */
const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: "GET", url: "/t", httpStatus: "200" }) as (data: unknown) => string;
/** The serializer it replaces: Zod encode, then JSON.stringify. */
const zodCompile = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: "GET", url: "/t", httpStatus: "200" }) as (data: unknown) => string;

const card = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number(),
  verified: z.boolean(),
  kind: z.enum(["person", "company"]),
  picture: z.string().nullable(),
  caption: z.string().optional(),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
  owner: z.object({ slug: z.string() }).nullable(),
  file: z.unknown().nullable(),
  reactions: z.record(z.enum(["like", "love"]), z.number()),
  value: z.union([z.boolean(), z.number(), z.null()]),
  note: z.string().nullable().optional(),
  pictures: z.array(z.unknown()),
  extra: z.unknown(),
  mode: z.enum(["open", "off"]).default("open"),
});

describe("response serialization (issue 17)", () => {
  it("writes plain data from the schema: the same JSON as the Zod encode, only declared fields", () => {
    expect(plainJsonSchema(card)).not.toBeNull();
    const data = {
      id: "a1",
      name: 'Anna "the" Kowalska\u2028',
      count: 3,
      verified: true,
      kind: "person",
      picture: null,
      tags: ["x", "y"],
      counts: { posts: 2, videos: 0 },
      owner: { slug: "anna", secret: "never" },
      file: { url: "/f", pages: [1, 2] },
      reactions: { like: 2, love: 1 },
      value: 12,
      pictures: [{ url: "/p" }, undefined],
      extra: undefined,
      passwordHash: "never",
    };
    // Every field present (Zod's encode refuses a missing default): the same JSON as before, key
    // order aside.
    const full = { ...data, mode: "open" };
    const written = compile(card)(full);
    expect(JSON.parse(written)).toEqual(JSON.parse(zodCompile(card)(full)));
    expect(written).not.toContain("never");
    const other = { ...full, owner: null, file: null, value: false, note: null, mode: "off" };
    expect(JSON.parse(compile(card)(other))).toEqual(JSON.parse(zodCompile(card)(other)));
    // A missing default is written as the default.
    expect(JSON.parse(compile(card)(data)).mode).toBe("open");
  });

  it("refuses a body that lacks a required field (a 500, as before)", () => {
    expect(() => compile(card)({ id: "a1" })).toThrow();
  });

  it("keeps the Zod serializer where Zod computes or must choose on the way out", () => {
    const computed = [
      z.object({ at: z.string().transform((s) => s.toUpperCase()) }),
      z.object({ n: z.array(z.number()).default([]) }),
      z.object({ s: z.string().trim() }),
      z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      z.object({ rest: z.string() }).catchall(z.number()),
    ];
    for (const schema of computed) expect(plainJsonSchema(schema)).toBeNull();
    // The fallback still validates: a wrong type is refused, not written.
    const union = compile(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]));
    expect(JSON.parse(union({ b: 2 }))).toEqual({ b: 2 });
    expect(() => union({ b: "two" })).toThrow();
  });
});
