// A writer on its own thread and its own SQLite connection, for the backup test: it commits a
// payment and its booking in one transaction, again and again, and reports each commit to the
// test, until told to stop. A thread, not the test's event loop, so the writes really go on while
// the backup copies the file.
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const { file, propertyId, studentId, prefix } = workerData;
const db = new SQLite(file, { timeout: 5000 });
db.pragma("journal_mode = WAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");

const insertPayment = db.prepare(
  `INSERT INTO payments (id, user_id, payment_gateway, payment_status, payment_type, amount, reference, booking_id, created_at, updated_at)
   VALUES (?, ?, 'simulated', 'confirmed', 'student_rental', 8000, ?, ?, ?, ?)`,
);
const insertBooking = db.prepare(
  `INSERT INTO bookings (id, property_id, student_id, visitor_name, visitor_email, visitor_phone, visit_date, visit_time,
     payment_amount, fee_type, payment_status, booking_status, booking_reference, payment_id, created_at, updated_at)
   VALUES (?, ?, ?, 'Writer', 'writer@example.test', '677000000', ?, '10:00 AM', 8000, 'student_rental', 'confirmed', 'confirmed', ?, ?, ?, ?)`,
);
const commit = db.transaction((n) => {
  const now = new Date().toISOString();
  const id = `${prefix}-${n}`;
  const day = new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  insertBooking.run(`b-${id}`, propertyId, studentId, day, `KN-${id}`, null, now, now);
  insertPayment.run(`p-${id}`, studentId, `PAY-${id}`, `b-${id}`, now, now);
  db.prepare("UPDATE bookings SET payment_id = ? WHERE id = ?").run(`p-${id}`, `b-${id}`);
});

let stop = false;
parentPort.on("message", (message) => {
  if (message === "stop") stop = true;
});

let n = 0;
function step() {
  if (stop) {
    db.close();
    parentPort.postMessage({ done: n });
    return;
  }
  // A few commits per turn, then let the "stop" message in.
  for (let i = 0; i < 5; i += 1) {
    n += 1;
    commit(n);
    // When it committed, on the clock the test reads too (epoch milliseconds, sub-millisecond).
    parentPort.postMessage({ committed: `${prefix}-${n}`, at: performance.timeOrigin + performance.now() });
  }
  setImmediate(step);
}
step();
