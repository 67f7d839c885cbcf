// A read kept by the process (decision 014) answers with the same row objects for a second, so
// the same Date is written out as text over and over: once per event, per date, per request.
// V8's `toISOString` costs about a microsecond; remembering its text per Date object costs a
// WeakMap lookup, and the entry goes when the Date does. Nothing on the server changes a Date in
// place, so a Date's text never changes.
const texts = new WeakMap<Date, string>();

/** `date.toISOString()`, remembered per Date object. */
export function isoTime(date: Date): string {
  let text = texts.get(date);
  if (text === undefined) {
    text = date.toISOString();
    texts.set(date, text);
  }
  return text;
}
