/**
 * `JSON.parse`, held to what every Xaalis library accepts in a webhook body: a field that appears twice
 * (which `JSON.parse` would settle by keeping the last) and more than 65 nested objects or arrays are
 * refused. Objects and arrays come back frozen; numbers become JS numbers (a number too large for one is
 * refused). Field names such as `__proto__` are plain own properties, as `JSON.parse` makes them.
 */

const MAX_DEPTH = 65;

/** A JSON value as this reader returns it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [field: string]: JsonValue };

export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

// Every string of a text JSON.parse accepted, and whether a ':' follows it (a field name).
const STRING = /"(?:[^"\\]|\\.)*"(\s*:)?/g;

export function parseJson(text: string): JsonValue {
  const depths = new WeakMap<object, number>();
  let fields = 0;
  let value: JsonValue;
  try {
    value = JSON.parse(text, function (this: unknown, key: string, item: unknown) {
      if (!Array.isArray(this)) {
        fields++;
      }
      if (typeof item === "number" && !Number.isFinite(item)) {
        throw new JsonSyntaxError("Invalid JSON: number out of range");
      }
      if (typeof item !== "object" || item === null) {
        return item;
      }
      // Children are revived before their parent: a container is one deeper than its deepest child.
      let depth = 1;
      for (const child of Object.values(item)) {
        depth = Math.max(depth, 1 + (typeof child === "object" && child !== null ? (depths.get(child) ?? 0) : 0));
      }
      if (depth > MAX_DEPTH) {
        throw new JsonSyntaxError("Invalid JSON: nested too deeply");
      }
      depths.set(item, depth);
      return Object.freeze(item);
    }) as JsonValue;
  } catch (e) {
    throw e instanceof JsonSyntaxError ? e : new JsonSyntaxError("Invalid JSON: " + (e instanceof Error ? e.message : String(e)));
  }
  // The root is revived as the field "" of a holder object, which the text does not name.
  const named = [...text.matchAll(STRING)].filter((match) => match[1] !== undefined).length;
  if (named !== fields - 1) {
    throw new JsonSyntaxError("Invalid JSON: duplicate field");
  }
  return value;
}
