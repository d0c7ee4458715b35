import type { Kysely } from "kysely";

// Listings: properties, guest houses, photos, reports, reviews, blog, messages,
// contact messages and each user's wishlist, histories and saved searches.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("properties")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agent_id", "text", (c) => c.notNull().references("agents.user_id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("property_type", "text", (c) => c.notNull())
    .addColumn("neighbourhood", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("latitude", "real", (c) => c.notNull())
    .addColumn("longitude", "real", (c) => c.notNull())
    // Metres to the University of Buea main gate, computed when saved so search can sort and filter on an index.
    .addColumn("distance_to_campus_m", "integer", (c) => c.notNull())
    .addColumn("monthly_rent", "integer", (c) => c.notNull())
    .addColumn("advance_months", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("bedrooms", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("furnished", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("toilet_inside", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("shower_inside", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("water_supply", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("prepaid_meter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("wifi", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("security", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("parking", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("available"))
    .addColumn("is_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_available", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("hidden_at", "text")
    .addColumn("visiting_hours", "text")
    .addColumn("availability_confirmed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("properties_agent_idx").on("properties").column("agent_id").execute();
  await db.schema.createIndex("properties_created_idx").on("properties").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("properties_rent_idx").on("properties").columns(["monthly_rent", "id"]).execute();
  await db.schema.createIndex("properties_distance_idx").on("properties").columns(["distance_to_campus_m", "id"]).execute();
  await db.schema.createIndex("properties_neighbourhood_idx").on("properties").columns(["neighbourhood", "monthly_rent"]).execute();

  await db.schema
    .createTable("guest_houses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("neighbourhood", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("latitude", "real", (c) => c.notNull())
    .addColumn("longitude", "real", (c) => c.notNull())
    .addColumn("nightly_rate", "integer", (c) => c.notNull())
    .addColumn("rooms", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("amenities", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("whatsapp_number", "text", (c) => c.notNull())
    .addColumn("is_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_type", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("photos_owner_idx").on("photos").columns(["owner_type", "owner_id", "position"]).execute();

  await db.schema
    .createTable("listing_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("property_id", "text", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("reporter_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("reviewed_at", "text")
    .execute();
  await db.schema.createIndex("listing_reports_property_idx").on("listing_reports").columns(["property_id", "status"]).execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("cover_storage_key", "text")
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_fr", "text", (c) => c.notNull())
    .addColumn("excerpt_en", "text", (c) => c.notNull())
    .addColumn("excerpt_fr", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("body_fr", "text", (c) => c.notNull())
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("message_threads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("property_id", "text", (c) => c.references("properties.id").onDelete("set null"))
    .addColumn("student_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("agent_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_message_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("message_threads_agent_idx").on("message_threads").columns(["agent_id", "last_message_at"]).execute();
  await db.schema.createIndex("message_threads_student_idx").on("message_threads").columns(["student_id", "last_message_at"]).execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("thread_id", "text", (c) => c.notNull().references("message_threads.id").onDelete("cascade"))
    .addColumn("sender_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("messages_thread_idx").on("messages").columns(["thread_id", "created_at"]).execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("wishlists")
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("property_id", "text", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("wishlists_pk", ["user_id", "property_id"])
    .execute();

  await db.schema
    .createTable("view_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("property_id", "text", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("view_history_user_idx").on("view_history").columns(["user_id", "viewed_at"]).execute();

  await db.schema
    .createTable("search_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("searched_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_history_user_idx").on("search_history").columns(["user_id", "searched_at"]).execute();

  await db.schema
    .createTable("saved_searches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("last_notified_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agent_id", "text", (c) => c.notNull().references("agents.user_id"))
    .addColumn("student_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("booking_id", "text", (c) => c.notNull().unique())
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reply", "text")
    .addColumn("replied_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reviews_agent_idx").on("reviews").column("agent_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "reviews",
    "saved_searches",
    "search_history",
    "view_history",
    "wishlists",
    "contact_messages",
    "messages",
    "message_threads",
    "blog_posts",
    "listing_reports",
    "photos",
    "guest_houses",
    "properties",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
