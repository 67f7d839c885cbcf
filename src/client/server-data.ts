/**
 * The id of the `<script type="application/json">` in which a page rendered on the server brings
 * the data it was rendered from (TanStack Query's dehydrated cache). JSON is not run, so the
 * Content-Security-Policy keeps refusing inline scripts.
 */
export const SERVER_DATA_ID = "commons-server-data";
