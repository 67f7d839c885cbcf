/** Timings of the mail that domain events cause; the composition root passes them from `Config.jobs`. */
export type NotificationSettings = {
  /** A "changed" mail goes out this long after the last change of a burst... */
  changeQuietMs: number;
  /** ...but no later than this long after the first change of the burst. */
  changeWindowMs: number;
  /** How long before the start the reminder goes out. */
  reminderLeadMs: number;
};
