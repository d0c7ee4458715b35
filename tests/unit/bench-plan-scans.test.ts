// The flagging of `npm run bench:plans` (decision 0147), on plans as the two engines print them.
import { describe, expect, it } from "vitest";
import { findScans } from "../../bench/plan-scans";
import { sectionOf, withSection } from "../../bench/results-sections";

const large = new Set(["properties", "bookings", "profiles", "payments"]);

describe("findScans", () => {
  it("flags a SQLite scan sorted in full, and maps the alias back to its table", () => {
    const statement = 'select "b"."id" from "bookings" as "b" order by "b"."created_at" desc limit ? offset ?';
    const plan = "SCAN b\nSEARCH p USING INDEX sqlite_autoindex_properties_1 (id=?)\nUSE TEMP B-TREE FOR ORDER BY";
    expect(findScans("sqlite", plan, statement, large)).toEqual([{ table: "bookings", kind: "full scan", line: "SCAN b" }]);
  });

  it("calls a SQLite read in index order under a LIMIT capped, and a range search nothing", () => {
    const capped = findScans(
      "sqlite",
      "SCAN properties USING INDEX properties_rent_idx\nCORRELATED SCALAR SUBQUERY 1\n  SEARCH agents USING INDEX sqlite_autoindex_agents_1 (user_id=?)",
      "select 1 from properties order by monthly_rent limit ?",
      large,
    );
    expect(capped.map((f) => f.kind)).toEqual(["capped scan"]);
    expect(
      findScans(
        "sqlite",
        "SEARCH b USING INDEX bookings_created_idx (created_at<?)",
        'select * from "bookings" as "b" where created_at < ? limit 20',
        large,
      ),
    ).toEqual([]);
  });

  it("flags a SQLite count of a whole table, and leaves small tables alone", () => {
    expect(
      findScans("sqlite", "SCAN profiles USING COVERING INDEX profiles_created_idx", 'select count(*) as "n" from "profiles"', large).map(
        (f) => f.kind,
      ),
    ).toEqual(["full scan"]);
    expect(findScans("sqlite", "SCAN reviews", 'select * from "reviews"', large)).toEqual([]);
  });

  it("flags a PostgreSQL seq scan feeding a sort or hash, not one stopped by a Limit", () => {
    const sorted = "Limit\n  ->  Sort\n        Sort Key: created_at DESC\n        ->  Seq Scan on payments p";
    expect(findScans("postgres", sorted, "select * from payments p order by created_at desc limit $1", large).map((f) => f.kind)).toEqual([
      "full scan",
    ]);
    const stopped = "Aggregate\n  ->  Limit\n        ->  Seq Scan on properties\n              Filter: (hidden_at IS NULL)";
    expect(findScans("postgres", stopped, "select count(*) from (select 1 from properties limit $1) m", large).map((f) => f.kind)).toEqual([
      "capped scan",
    ]);
  });

  it("judges each read by what stands above it: a page's ids read under a Limit, then their 20 rows sorted, stay capped (decision 0166)", () => {
    const statement =
      'select "properties"."id" from (select "properties"."id" from "properties" order by "monthly_rent" limit $1) as "page_ids" inner join "properties" on "properties"."id" = "page_ids"."id" order by "monthly_rent"';
    const postgres = [
      "Sort",
      "  Sort Key: properties.monthly_rent, properties.id",
      "  ->  Nested Loop",
      "        ->  Limit",
      "              ->  Nested Loop",
      "                    ->  Index Only Scan using properties_rent_cover_idx on properties properties_1",
      "                    ->  Memoize",
      "                          ->  Index Scan using agents_pkey on agents",
      "                                Index Cond: (user_id = properties_1.agent_id)",
      "        ->  Index Scan using properties_pkey on properties",
      "              Index Cond: (id = properties_1.id)",
    ].join("\n");
    expect(findScans("postgres", postgres, statement, large).map((f) => f.kind)).toEqual(["capped scan"]);
    // The same read under a Sort below the Limit is read whole.
    const sortedFirst = "Limit\n  ->  Sort\n        ->  Index Only Scan using properties_rent_cover_idx on properties";
    expect(findScans("postgres", sortedFirst, statement, large).map((f) => f.kind)).toEqual(["full scan"]);
    // A Hash Join's outer side streams; its inner side, under Hash, is read whole.
    const hashed =
      "Limit\n  ->  Hash Join\n        ->  Seq Scan on bookings b\n        ->  Hash\n              ->  Seq Scan on properties p";
    expect(
      findScans("postgres", hashed, "select 1 from bookings b join properties p on p.id = b.property_id limit 20", large).map(
        (f) => `${f.table} ${f.kind}`,
      ),
    ).toEqual(["bookings capped scan", "properties full scan"]);
    const sqlite = [
      "CO-ROUTINE page_ids",
      "  SCAN properties USING COVERING INDEX properties_rent_cover_idx",
      "  CORRELATED SCALAR SUBQUERY 1",
      "    SEARCH agents USING INDEX sqlite_autoindex_agents_1 (user_id=?)",
      "SCAN page_ids",
      "SEARCH properties USING INDEX sqlite_autoindex_properties_1 (id=?)",
      "USE TEMP B-TREE FOR ORDER BY",
    ].join("\n");
    expect(findScans("sqlite", sqlite, statement, large).map((f) => f.kind)).toEqual(["capped scan"]);
    // A temp B-tree in the read's own block still sorts it whole.
    const sortedInside = "CO-ROUTINE page_ids\n  SCAN properties\n  USE TEMP B-TREE FOR ORDER BY\nSCAN page_ids";
    expect(findScans("sqlite", sortedInside, statement, large).map((f) => f.kind)).toEqual(["full scan"]);
  });

  it("flags a SQLite range sorted whole when its statistics say it is large (decision 0170)", () => {
    const statement =
      'select "properties"."id" from (select "properties"."id" from "properties" where "is_verified" = ? order by "distance_to_campus_m" limit ?) as "page_ids" inner join "properties" on "properties"."id" = "page_ids"."id"';
    const plan = [
      "CO-ROUTINE page_ids",
      "  SEARCH properties USING INDEX properties_moderation_idx (is_verified=?)",
      "  USE TEMP B-TREE FOR ORDER BY",
      "SCAN page_ids",
      "SEARCH properties USING INDEX sqlite_autoindex_properties_1 (id=?)",
      "USE TEMP B-TREE FOR ORDER BY",
    ].join("\n");
    const statistics = new Map([
      ["properties_moderation_idx", [100_000, 50_000, 1, 1]],
      ["sqlite_autoindex_properties_1", [100_000, 1]],
    ]);
    expect(findScans("sqlite", plan, statement, large, statistics)).toEqual([
      { table: "properties", kind: "large range", line: "SEARCH properties USING INDEX properties_moderation_idx (is_verified=?)" },
    ]);
    // The page's 20 rows by id, sorted, are no finding; nor is anything without statistics.
    expect(findScans("sqlite", plan, statement, large)).toEqual([]);
    // One student's bookings, sorted: a small range.
    const own = "SEARCH b USING INDEX bookings_student_idx (student_id=?)\nUSE TEMP B-TREE FOR ORDER BY";
    expect(
      findScans(
        "sqlite",
        own,
        'select * from "bookings" as "b" where "student_id" = ? order by "created_at"',
        large,
        new Map([["bookings_student_idx", [50_000, 4]]]),
      ),
    ).toEqual([]);
  });

  it("flags a large PostgreSQL range read whole when the plan carries its estimates", () => {
    const statement = "select id from properties where is_verified = $1 order by distance_to_campus_m limit $2";
    const sorted = [
      "Limit  (cost=9000.00..9000.05 rows=20 width=45)",
      "  ->  Sort  (cost=9000.00..9120.00 rows=48000 width=45)",
      "        ->  Bitmap Heap Scan on properties  (cost=500.00..7000.00 rows=48000 width=45)",
      "              Recheck Cond: (is_verified = 1)",
      "              ->  Bitmap Index Scan on properties_moderation_idx  (cost=0.00..490.00 rows=48000 width=0)",
    ].join("\n");
    expect(findScans("postgres", sorted, statement, large).map((f) => `${f.table} ${f.kind}`)).toEqual(["properties large range"]);
    // The same range read in the sort's order under the Limit stops early: no finding.
    const ordered =
      "Limit  (cost=0.42..10.00 rows=20 width=45)\n  ->  Index Scan using properties_distance_idx on properties  (cost=0.42..24000.00 rows=48000 width=45)\n        Index Cond: (is_verified = 1)";
    expect(findScans("postgres", ordered, statement, large)).toEqual([]);
    // A small range sorted whole, and a plan without estimates, are no finding.
    const small =
      "Sort  (cost=20.00..20.10 rows=40 width=45)\n  ->  Index Scan using bookings_student_idx on bookings  (cost=0.29..19.00 rows=40 width=45)\n        Index Cond: (student_id = $1)";
    expect(findScans("postgres", small, "select * from bookings where student_id = $1 order by created_at", large)).toEqual([]);
    expect(findScans("postgres", sorted.replace(/ {2}\(cost=[^)]*\)/g, ""), statement, large)).toEqual([]);
  });

  it("tells a PostgreSQL index range from a whole-index read", () => {
    const ranged = "Index Scan using bookings_student_idx on bookings\n  Index Cond: (student_id = $1)";
    expect(findScans("postgres", ranged, "select * from bookings where student_id = $1", large)).toEqual([]);
    const whole = "Index Only Scan using profiles_created_idx on profiles";
    expect(findScans("postgres", whole, "select count(*) from profiles", large).map((f) => f.kind)).toEqual(["full scan"]);
  });
});

describe("RESULTS.md sections", () => {
  it("replaces a section in place and appends one that is missing", () => {
    const text = withSection("# Benchmark results\n\nfigures", "plans", "first");
    expect(sectionOf(text, "plans")).toBe("<!-- bench:plans start -->\nfirst\n<!-- bench:plans end -->");
    const again = withSection(`${text}\n\nafter`, "plans", "second $& kept");
    expect(again).toBe("# Benchmark results\n\nfigures\n\n<!-- bench:plans start -->\nsecond $& kept\n<!-- bench:plans end -->\n\n\nafter");
    expect(sectionOf(again, "search")).toBeNull();
  });
});
