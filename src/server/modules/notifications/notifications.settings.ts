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
  /**
   * Rows this process writes and the rows its sender takes. Empty in production (every replica
   * sends every row); tests sharing one PostgreSQL database give each server its own.
   */
  scope: string;
};

export const defaultNotificationSettings: NotificationSettings = {
  changeQuietMs: 2 * 60_000,
  changeWindowMs: 10 * 60_000,
  reminderLeadMs: 24 * 60 * 60_000,
  scope: "",
};

let current: NotificationSettings = defaultNotificationSettings;

export const notificationSettings = (): NotificationSettings => current;

export function configureNotifications(settings: Partial<NotificationSettings>): void {
  current = { ...defaultNotificationSettings, ...settings };
}
