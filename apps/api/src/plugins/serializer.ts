import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";

/**
 * Response bodies are serialized, not validated (issue 17, decision 0029): a route whose response
 * schema is plain data (objects, arrays, strings, numbers, booleans, enums, literals, nullable and
 * optional fields, primitive defaults, records, unions of primitives) is written by
 * fast-json-stringify from that schema, which, like the Zod encode it replaces, writes only the
 * declared fields. A schema with anything Zod would compute on the way out (transforms, codecs,
 * trimming), or that JSON Schema cannot say for fast-json-stringify without validating (unions of
 * shapes, intersections, tuples, recursion), keeps fastify-type-provider-zod's serializer: Zod
 * encode, then JSON.stringify.
 *
 * What changes for the plain ones: a value of the wrong type is converted as JSON Schema says
 * (a number for a string field is written as a string) instead of failing with a 500 — handlers
 * are typed by the same schemas, so only an untyped value (a raw SQL row) could do that; a
 * missing required field still fails; a missing field with a default is written as its default;
 * and required fields come before optional ones in the JSON text (key order, never meaning).
 */
type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0];
type JsonSchema = Record<string, unknown>;

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const json = isZod(route.schema) ? plainJsonSchema(route.schema) : null;
  if (!json) return zodSerializerCompiler(route as ResponseSchema);
  const write = fastJson(json);
  return (data) => {
    try {
      return write(data);
    } catch (error) {
      // A required field missing: a 500 like any other, named for the log.
      throw new Error(`${route.method} ${route.url}: the response did not match its schema`, {
        cause: error,
      });
    }
  };
};

function isZod(schema: unknown): schema is z.core.$ZodType {
  return typeof schema === "object" && schema !== null && "_zod" in schema;
}

const primitive = new Set(["string", "number", "boolean"]);

/** The schema as fast-json-stringify's JSON Schema, or null when it is not plain data. */
export function plainJsonSchema(schema: z.core.$ZodType, depth = 0): JsonSchema | null {
  if (depth > 32) return null;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  // An overwrite check (trim, toLowerCase…) changes values on the way out.
  if (def.checks?.some((check) => check._zod.def.check === "overwrite")) return null;
  const inner = (key: string) => plainJsonSchema(def[key] as z.core.$ZodType, depth + 1);
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
    case "null":
      return { type: def.type };
    case "unknown":
    case "any":
      return {};
    case "enum":
    case "literal": {
      const values = def.type === "enum" ? Object.values(def.entries as object) : (def.values as unknown[]);
      const types = new Set(values.map((value) => (value === null ? "null" : typeof value)));
      const [type] = types;
      return types.size === 1 && type && (primitive.has(type) || type === "null") ? { type } : null;
    }
    case "array": {
      const items = inner("element");
      if (!items) return null;
      // An array of anything is written whole by JSON.stringify: fast-json-stringify would write
      // an undefined element as `undefined`, which is not JSON.
      return Object.keys(items).length === 0 ? {} : { type: "array", items };
    }
    case "record": {
      // String or enum keys, written as they are (a key check that changes keys falls back).
      const keys = def.keyType as z.core.$ZodType;
      const values = inner("valueType");
      return ["string", "enum"].includes(keys._zod.def.type) && plainJsonSchema(keys, depth + 1) && values
        ? { type: "object", additionalProperties: values }
        : null;
    }
    case "readonly":
    case "optional":
      return inner("innerType");
    case "default": {
      // A missing value is written as its default (Zod's encode refused it: a 500).
      const wrapped = inner("innerType");
      const value = def.defaultValue;
      return wrapped && primitive.has(typeof value) ? { ...wrapped, default: value } : null;
    }
    case "nullable": {
      const wrapped = inner("innerType");
      if (!wrapped) return null;
      const type = wrapped.type;
      // No type (unknown, any) already takes null.
      if (type === undefined) return wrapped;
      const types = Array.isArray(type) ? type : [type];
      return types.includes("null") ? wrapped : { ...wrapped, type: [...types, "null"] };
    }
    case "union": {
      // Only a choice between primitives, which JSON Schema says by a list of types; a choice
      // between shapes would make fast-json-stringify validate to pick one.
      const options = (def.options as z.core.$ZodType[]).map((option) => plainJsonSchema(option, depth + 1));
      const types = new Set<string>();
      for (const option of options) {
        const type = option?.type;
        if (!option || Object.keys(option).length !== 1 || typeof type !== "string") return null;
        if (!primitive.has(type) && type !== "null") return null;
        types.add(type);
      }
      return { type: [...types] };
    }
    case "object": {
      if (def.catchall) return null;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        const property = plainJsonSchema(value, depth + 1);
        if (!property) return null;
        properties[key] = property;
        // May be missing from the output: optional (at any depth of nullable / optional), a
        // default, or unknown (Zod takes undefined there and leaves the key out).
        const mayBeMissing =
          value._zod.optout === "optional" || "default" in property || Object.keys(property).length === 0;
        if (!mayBeMissing) required.push(key);
      }
      return { type: "object", properties, required };
    }
    default:
      return null;
  }
}
