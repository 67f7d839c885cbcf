/**
 * SQL the server's background work sends (the outbox, the log's dispatcher, the daily digest,
 * session revocations, member imports), which can run its own transaction at any moment. Tests
 * that count a request's statements leave these out; a request that reads from memory sends none.
 */
export const BACKGROUND_STATEMENT =
  /outbox|pgboss|revoked_session|log_subscriber|domain_event|registration_digest|member_import|^(begin|commit|rollback)$/;
