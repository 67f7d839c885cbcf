import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const spawnsServer = (spec: TestSpecification) =>
  readFileSync(spec.moduleId, "utf8").includes("#server/test/child-server.ts");

/**
 * Files that start the server as a child process (kill it, start it again) hold one long test
 * each. Started last, as vitest's own order had them on a fresh clone, they were the last to
 * finish and the whole run waited on them; started first, they run beside everything else.
 */
export class ChildServerFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(spawnsServer), ...sorted.filter((spec) => !spawnsServer(spec))];
  }
}
