/**
 * Timings of the mail outbox. The queue functions run inside other modules' transactions and take
 * only the transaction, so the running jobs runtime installs these once at start-up.
 */
export type NotificationSettings = {
  /** A "changed" mail goes out this long after the last change of a burst... */
  changeQuietMs: number;
  /** ...but no later than this long after the first change of the burst. */
  changeWindowMs: number;
  /** How long before the start the reminder goes out. */
  reminderLeadMs: number;
  /** The outbox's clock: when rows are due, bursts open and reminders fall. Tests move it by hand. */
  now: () => Date;
};

export const defaultNotificationSettings: NotificationSettings = {
  changeQuietMs: 2 * 60_000,
  changeWindowMs: 10 * 60_000,
  reminderLeadMs: 24 * 60 * 60_000,
  now: () => new Date(),
};

let current: NotificationSettings = defaultNotificationSettings;

export const notificationSettings = (): NotificationSettings => current;

export function configureNotifications(settings: Partial<NotificationSettings>): void {
  current = { ...defaultNotificationSettings, ...settings };
}
