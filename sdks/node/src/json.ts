/**
 * A small strict JSON reader (RFC 8259), the same as the Java SDK's: it refuses duplicate field names
 * and nesting deeper than 64, where `JSON.parse` would keep the last duplicate or go as deep as the
 * stack allows. Objects and arrays come back frozen; numbers become JS numbers (a number too large
 * for one is refused). Field names such as `__proto__` are plain own properties.
 */

const MAX_DEPTH = 64;

/** A JSON value as this reader returns it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [field: string]: JsonValue };

export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

export function parseJson(text: string): JsonValue {
  const reader = new Reader(text);
  reader.skipSpace();
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.pos !== text.length) {
    throw reader.error("unexpected text after the value");
  }
  return value;
}

class Reader {
  pos = 0;

  constructor(private readonly text: string) {}

  value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) {
      throw this.error("nested too deeply");
    }
    if (this.pos >= this.text.length) {
      throw this.error("unexpected end");
    }
    const c = this.text[this.pos];
    if (c === "{") {
      return this.object(depth);
    }
    if (c === "[") {
      return this.array(depth);
    }
    if (c === '"') {
      return this.string();
    }
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      return this.number();
    }
    if (this.text.startsWith("true", this.pos)) {
      this.pos += 4;
      return true;
    }
    if (this.text.startsWith("false", this.pos)) {
      this.pos += 5;
      return false;
    }
    if (this.text.startsWith("null", this.pos)) {
      this.pos += 4;
      return null;
    }
    throw this.error("unexpected character");
  }

  private object(depth: number): JsonValue {
    const object: Record<string, JsonValue> = {};
    this.pos++;
    this.skipSpace();
    if (this.peek() === "}") {
      this.pos++;
      return Object.freeze(object);
    }
    for (;;) {
      this.skipSpace();
      if (this.peek() !== '"') {
        throw this.error("expected a field name");
      }
      const key = this.string();
      this.skipSpace();
      this.expect(":");
      this.skipSpace();
      const value = this.value(depth + 1);
      if (Object.prototype.hasOwnProperty.call(object, key)) {
        throw this.error("duplicate field " + key);
      }
      // defineProperty, not assignment: "__proto__" must stay a field, never replace the prototype.
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      if (this.peek() === ",") {
        this.pos++;
        continue;
      }
      this.expect("}");
      return Object.freeze(object);
    }
  }

  private array(depth: number): JsonValue {
    const list: JsonValue[] = [];
    this.pos++;
    this.skipSpace();
    if (this.peek() === "]") {
      this.pos++;
      return Object.freeze(list);
    }
    for (;;) {
      this.skipSpace();
      list.push(this.value(depth + 1));
      this.skipSpace();
      if (this.peek() === ",") {
        this.pos++;
        continue;
      }
      this.expect("]");
      return Object.freeze(list);
    }
  }

  private string(): string {
    this.pos++;
    let out = "";
    const text = this.text;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos++);
      if (c === 0x22) {
        return out;
      }
      if (c === 0x5c) {
        if (this.pos >= text.length) {
          break;
        }
        const e = text[this.pos++];
        switch (e) {
          case '"':
          case "\\":
          case "/":
            out += e;
            break;
          case "b":
            out += "\b";
            break;
          case "f":
            out += "\f";
            break;
          case "n":
            out += "\n";
            break;
          case "r":
            out += "\r";
            break;
          case "t":
            out += "\t";
            break;
          case "u": {
            const hex = text.slice(this.pos, this.pos + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
              throw this.error("bad unicode escape");
            }
            out += String.fromCharCode(parseInt(hex, 16));
            this.pos += 4;
            break;
          }
          default:
            throw this.error("bad escape");
        }
      } else if (c < 0x20) {
        throw this.error("control character in a string");
      } else {
        out += String.fromCharCode(c);
      }
    }
    throw this.error("unterminated string");
  }

  private number(): number {
    const start = this.pos;
    if (this.peek() === "-") {
      this.pos++;
    }
    if (this.peek() === "0") {
      this.pos++;
    } else if (isDigit(this.peek())) {
      this.digits();
    } else {
      throw this.error("bad number");
    }
    if (this.peek() === ".") {
      this.pos++;
      if (!isDigit(this.peek())) {
        throw this.error("bad number");
      }
      this.digits();
    }
    if (this.peek() === "e" || this.peek() === "E") {
      this.pos++;
      if (this.peek() === "+" || this.peek() === "-") {
        this.pos++;
      }
      if (!isDigit(this.peek())) {
        throw this.error("bad number");
      }
      this.digits();
    }
    const value = Number(this.text.slice(start, this.pos));
    if (!Number.isFinite(value)) {
      throw this.error("number out of range");
    }
    return value;
  }

  private digits(): void {
    while (isDigit(this.peek())) {
      this.pos++;
    }
  }

  private peek(): string {
    return this.pos < this.text.length ? (this.text[this.pos] as string) : "\0";
  }

  private expect(c: string): void {
    if (this.peek() !== c) {
      throw this.error("expected '" + c + "'");
    }
    this.pos++;
  }

  skipSpace(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") {
        return;
      }
      this.pos++;
    }
  }

  error(what: string): JsonSyntaxError {
    return new JsonSyntaxError("Invalid JSON at offset " + this.pos + ": " + what);
  }
}

function isDigit(c: string): boolean {
  return c >= "0" && c <= "9" && c.length === 1;
}
