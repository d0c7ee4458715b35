import { describe, expect, it } from "vitest";
import { unfilledPlaceholders } from "../../scripts/lib/unfilled-placeholders";

describe("unfilledPlaceholders", () => {
  it("finds a message whose value was never given, in text and in attributes", () => {
    expect(unfilledPlaceholders("<p>Enter the address (3 to {{max}} characters).</p>")).toEqual(["{{max}}"]);
    expect(unfilledPlaceholders('<input aria-label="Page {{page}} of {{ pages }}"><p>{{page}}</p>')).toEqual(["{{page}}", "{{ pages }}"]);
  });

  it("passes a filled page, and leaves scripts and styles out", () => {
    expect(unfilledPlaceholders("<p>Enter the address (3 to 200 characters).</p>")).toEqual([]);
    expect(unfilledPlaceholders('<script>window.x = "{{max}}"</script><style>/* {{a}} */</style><p>ok</p>')).toEqual([]);
  });
});
