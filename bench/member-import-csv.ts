/**
 * A member import's CSV (`name,email,tags`) of `rows` people, the line of row `i` (from 1) made by
 * `lineOf`, which says whether the import must refuse it; answers the text and how many it refuses.
 */
export function importCsvOf(
  rows: number,
  lineOf: (i: number) => { line: string; refused: boolean },
): { text: string; refused: number } {
  const lines = ["name,email,tags"];
  let refused = 0;
  for (let i = 1; i <= rows; i++) {
    const row = lineOf(i);
    lines.push(row.line);
    if (row.refused) refused++;
  }
  return { text: `${lines.join("\n")}\n`, refused };
}
