// A field's constraints come from its schema, whatever control shows it; an input carries only
// those its type takes (HTML's input element), or the page is invalid HTML (issue 31: a date's
// `pattern` from its regex failed the Nu HTML Checker on the guest-house booking page).
import { describe, expect, it } from "vitest";
import { getInputProps, type FieldMetadata } from "~/utils/form";

const field = (constraint: Partial<FieldMetadata>): FieldMetadata => ({
  id: "f-checkIn",
  name: "checkIn",
  errorId: "f-checkIn-error",
  descriptionId: "f-checkIn-description",
  ...constraint,
});

const all = {
  required: true,
  pattern: "^\\d{4}-\\d{2}-\\d{2}$",
  minLength: 10,
  maxLength: 10,
  min: "2026-01-01",
  max: "2026-12-31",
  step: 1,
  multiple: true,
};

describe("an input's constraints", () => {
  it("on a date: min, max and step, no pattern or lengths", () => {
    const props = getInputProps(field(all), { type: "date" });
    expect(props).toMatchObject({ type: "date", required: true, min: "2026-01-01", max: "2026-12-31", step: 1 });
    for (const name of ["pattern", "minLength", "maxLength", "multiple"]) expect(props, name).not.toHaveProperty(name);
  });

  it("on text: pattern and lengths, no min, max or step", () => {
    const props = getInputProps(field(all), { type: "text" });
    expect(props).toMatchObject({ type: "text", pattern: all.pattern, minLength: 10, maxLength: 10 });
    for (const name of ["min", "max", "step", "multiple"]) expect(props, name).not.toHaveProperty(name);
  });

  it("on an e-mail: lengths and multiple; on a checkbox: only required", () => {
    expect(getInputProps(field(all), { type: "email" })).toMatchObject({ maxLength: 10, multiple: true });
    const checkbox = getInputProps(field(all), { type: "checkbox" });
    expect(checkbox).toMatchObject({ type: "checkbox", required: true, value: "on" });
    for (const name of ["pattern", "minLength", "maxLength", "min", "max", "step", "multiple"])
      expect(checkbox, name).not.toHaveProperty(name);
  });
});
