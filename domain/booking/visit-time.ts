// A visit's time is stored as its slot label ("2:00 PM", see slotLabel). People read it the way
// their language writes times: "2:00 PM" in English, "14:00" in French. This is the one formatter
// for pages and e-mails alike; the stored label never changes.

/** "2:00 PM" → 840 (minutes after midnight); null when it is not a slot label. */
export function minutesOfLabel(label: string): number | null {
  const m = /^(\d{1,2}):([0-5]\d)\s*(AM|PM)$/i.exec(label.trim());
  if (!m) return null;
  const h = Number(m[1]);
  if (h < 1 || h > 12) return null;
  const h24 = (h % 12) + (m[3].toUpperCase() === "PM" ? 12 : 0);
  return h24 * 60 + Number(m[2]);
}

/** Minutes after midnight written for `language`: 840 → "2:00 PM" (en) / "14:00" (fr). */
export function formatMinutes(minutes: number, language: string): string {
  const h24 = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, "0");
  if (language.startsWith("fr")) return `${String(h24).padStart(2, "0")}:${mm}`;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  // A no-break space: "2:00 PM" never wraps between the time and PM.
  return `${h12}:${mm}\u00a0${h24 < 12 ? "AM" : "PM"}`;
}

/** A stored slot label ("02:00 PM" or "2:00 PM") for `language`; anything else is shown as stored. */
export function formatVisitTime(label: string, language: string): string {
  const minutes = minutesOfLabel(label);
  return minutes === null ? label : formatMinutes(minutes, language);
}
